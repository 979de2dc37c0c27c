/**
 * The checker's phone: a browser as far as the host can tell (its navigation headers, a cookie
 * jar that keeps each cookie's attributes), on node:http(s) since Node's `fetch` writes
 * `Sec-Fetch-Mode: cors` over any other. It follows the host's redirects on the host's origin,
 * and stops at the first that leaves it, as the check never takes the host's cookies elsewhere.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** One answer of the chain a phone followed. */
export interface Hop {
  url: string;
  method: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Where a chain led: its hops, and the URL on another origin it was sent to last (the service's page, when right). */
export interface Chain {
  hops: Hop[];
  left?: string;
}

const NAVIGATION = {
  accept: 'text/html',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 kyc-verify-conformance',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

/** The most redirects a chain may take on the host's origin. */
const MAX_HOPS = 5;

export class Phone {
  /** Every cookie the host set, whole (`name=value; Path=…; HttpOnly`), by name. */
  readonly setCookies = new Map<string, string>();

  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  /** Opens `url` as a link from the camera or a mail (`Sec-Fetch-Site: none`). */
  open(url: string): Promise<Chain> {
    return this.follow(url, 'GET', { 'sec-fetch-site': 'none' });
  }

  /** One request for `url` as a link opened from a mail, its redirect not followed. */
  visit(url: string): Promise<Hop> {
    return this.#request(url, 'GET', { 'sec-fetch-site': 'none' });
  }

  /** Posts `form` to `url` as that page's own form does, or with `headers` that say otherwise. */
  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Chain> {
    const body = new URLSearchParams(form).toString();
    const own = { origin: new URL(url).origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };
    return this.follow(url, 'POST', { ...own, ...headers }, body);
  }

  async follow(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Chain> {
    const hops: Hop[] = [];
    const origin = new URL(url).origin;
    for (;;) {
      const hop = await this.#request(url, method, headers, body);
      hops.push(hop);
      const location = hop.headers.get('location');
      if (hop.status < 300 || hop.status >= 400 || !location) return { hops };
      const next = new URL(location, url);
      if (next.origin !== origin) return { hops, left: next.href };
      if (hops.length > MAX_HOPS) return { hops };
      // A redirect is followed as a GET from the same navigation: the host's own site.
      [url, method, body, headers] = [next.href, 'GET', undefined, { 'sec-fetch-site': 'same-origin' }];
    }
  }

  #request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Hop> {
    const target = new URL(url);
    const cookie = [...this.setCookies.values()]
      .filter((line) => this.#sendsTo(line, target))
      .map((line) => line.split(';')[0])
      .join('; ');
    const sent = { ...NAVIGATION, ...this.extraHeaders, ...headers, ...(cookie && { cookie }) };
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = request(
        target,
        { method, headers: Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== '')) },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('error', reject);
          res.on('end', () => {
            const answered = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) answered.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            for (const line of answered.getSetCookie()) this.setCookies.set(line.split('=')[0]!.trim(), line);
            resolve({ url, method, status: res.statusCode!, headers: answered, text });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** Whether a browser sends the cookie `line` set to `target`: by its Path (its Secure, over https only). */
  #sendsTo(line: string, target: URL): boolean {
    const path = /;\s*path=([^;]*)/i.exec(line)?.[1]?.trim() || '/';
    if (/;\s*secure/i.test(line) && target.protocol !== 'https:') return false;
    return target.pathname === path || target.pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
  }
}
