/** What the handoff's tests share: a host with the short link on, and phones that open it as a browser does. */
import { ownerFromHeader, type HostOptions, type useHost } from './harness.js';
import type { HandoffEvent, TransactionStatus } from '../../src/server/index.js';
import { browserFetch } from '../support/browser-fetch.js';

/** The headers a phone's browser sends when it opens a link from the camera or a mail. */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' };

/**
 * A device with a browser: it keeps the kit's device cookie, and follows the kit's redirects on
 * the go URL (the one that sets the cookie) until one leads elsewhere.
 */
export class Phone {
  cookie: string | undefined;
  /** Every answer of the last `open`, in order. */
  answers: Response[] = [];

  constructor(private readonly goUrl: string) {}

  /** Opens `url`; the last answer (a 303 to the service's page, a page, a refusal). */
  async open(url: string, headers: Record<string, string> = {}): Promise<Response> {
    this.answers = [];
    for (let hop = 0; ; hop++) {
      const response = await browserFetch(url, { headers: { ...NAVIGATION, ...(this.cookie && { cookie: this.cookie }), ...headers } });
      this.answers.push(response);
      const set = response.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0];
      const location = response.headers.get('location');
      if (!location || !location.startsWith(`${this.goUrl}/`) || hop === 5) return response;
      url = location;
    }
  }

  /** Types `code` on the go page's form and posts it, as the page's own form does; a header given as '' is not sent. */
  type(code: string, headers: Record<string, string> = {}): Promise<Response> {
    const origin = new URL(this.goUrl).origin;
    const sent = {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'navigate',
      ...(this.cookie && { cookie: this.cookie }),
      ...headers,
    };
    return browserFetch(this.goUrl, {
      method: 'POST',
      body: new URLSearchParams({ code }).toString(),
      headers: Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== '')),
    }).then((response) => {
      const set = response.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0];
      return response;
    });
  }
}

export type HostStarter = ReturnType<typeof useHost>['start'];

/** A host whose go URL is its own loopback address, given in full: the handoff is on. A session of alice's is started. */
export async function hostWithShortLink(start: HostStarter, options: Partial<HostOptions> = {}, otherDevices: 'warn' | 'refuse' = 'warn') {
  const heard: HandoffEvent[] = [];
  const host = await start((url) => ({
    owner: ownerFromHeader,
    handoff: { url: `${url}/kyc/go`, otherDevices },
    onHandoff: (event) => void heard.push(event),
    ...options,
  }));
  const { body } = await host.startSession();
  const typed = body.typed_code as { url: string; code: string };
  const status = async () => (await (await host.poll(body.uuid)).json()) as TransactionStatus;
  const phone = () => new Phone(typed.url);
  return { ...host, body, typed, status, heard, phone };
}
