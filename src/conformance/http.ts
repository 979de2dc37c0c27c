/** HTTP as a browser does it for the checker: a cookie jar per visitor, and a log of every answer the host gave. */

/** One answer of the host, kept for the rules that judge all answers (personal data, caching). */
export interface Answer {
  what: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Every answer the host gave during a run, in order. */
export class AnswerLog {
  readonly answers: Answer[] = [];

  async record(what: string, response: Response): Promise<Answer> {
    return this.keep(what, response, await response.text());
  }

  /** Keeps `text` read from `response` (a stream's event) as an answer. */
  keep(what: string, response: Response, text: string): Answer {
    const answer = { what, status: response.status, headers: response.headers, text };
    this.answers.push(answer);
    return answer;
  }
}

/** The JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/** An answer in a few words: its status, and the start of its body when it is not a success. */
export const seen = (answer: Answer) => `${answer.status}${answer.status >= 300 ? ` ${answer.text.slice(0, 100)}` : ''}`;

/** What the host's session POST is asked for (the `kyc-verify-session` header), or nothing. */
export type SessionKind = 'resume' | 'new' | null;

export interface HostUrls {
  sessionUrl: string;
  /** With `{uuid}` where the transaction's uuid goes. */
  statusUrl: string;
}

/**
 * A visitor of the host's page: it keeps the cookies the host sets (by host name, as browsers
 * share them across ports) and sends the headers a browser sends from the host's own page. A
 * visitor with no cookies is a stranger to every transaction.
 */
export class Visitor {
  readonly #cookies = new Map<string, Map<string, string>>();

  constructor(
    readonly urls: HostUrls,
    private readonly log: AnswerLog,
  ) {}

  /** The session POST as the element sends it from the host's page; `headers` override or remove (with null) what a browser sends. */
  postSession(kind: SessionKind, headers: Record<string, string | null> = {}): Promise<Answer> {
    const browser = {
      accept: 'application/json',
      origin: new URL(this.urls.sessionUrl).origin,
      'sec-fetch-site': 'same-origin',
      ...(kind && { 'kyc-verify-session': kind }),
    };
    return this.#request(`session POST (${kind ?? 'no header'})`, this.urls.sessionUrl, {
      method: 'POST',
      headers: { ...browser, ...headers },
    });
  }

  /** A GET of `url` (the session answer's `status_url`, say) as the element makes it. */
  get(what: string, url: string): Promise<Answer> {
    return this.#request(what, url, { headers: { accept: 'application/json' } });
  }

  /** The send POST as the element sends it from the host's page (`<status-url>/send`); `headers` override or remove (with null) what a browser sends. */
  postSend(uuid: string, channel: unknown, headers: Record<string, string | null> = {}): Promise<Answer> {
    const url = new URL(this.statusUrlOf(uuid));
    url.pathname += '/send';
    const browser = { origin: url.origin, 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'send' };
    return this.#request(`send POST ${uuid}`, url.href, {
      method: 'POST',
      headers: { ...browser, ...headers },
      body: JSON.stringify({ channel }),
    });
  }

  getStatus(uuid: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.#request(`status GET ${uuid}`, this.statusUrlOf(uuid), { headers: { accept: 'application/json', ...headers } });
  }

  /** The status URL's response itself, unread: for a stream. Not logged: the caller logs what it reads. */
  openStatus(uuid: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    const url = this.statusUrlOf(uuid);
    return fetch(url, { headers: this.#withCookies(url, headers), signal }).then((response) => this.#keepCookies(url, response));
  }

  statusUrlOf(uuid: string): string {
    return this.urls.statusUrl.replaceAll('{uuid}', encodeURIComponent(uuid));
  }

  async #request(
    what: string,
    url: string,
    init: { method?: string; headers: Record<string, string | null>; body?: string },
  ): Promise<Answer> {
    const headers = this.#withCookies(url, init.headers);
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body, redirect: 'manual' });
    return this.log.record(what, this.#keepCookies(url, response));
  }

  #withCookies(url: string, headers: Record<string, string | null>): Record<string, string> {
    const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
    const jar = this.#cookies.get(new URL(url).hostname);
    if (jar?.size) sent.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return sent;
  }

  #keepCookies(url: string, response: Response): Response {
    const host = new URL(url).hostname;
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const jar = this.#cookies.get(host) ?? new Map<string, string>();
      this.#cookies.set(host, jar);
      const removed = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-)/i.test(attribute));
      if (removed) jar.delete(pair.slice(0, at).trim());
      else jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }
}
