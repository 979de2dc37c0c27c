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
  /** The page's `status-url`, with `{uuid}` where the transaction's uuid goes, when the page sets one. */
  statusUrl?: string;
}

/** What logs the checker in, as the person's browser is: headers (`Authorization: …`) and cookies (`name=value`), sent to the session URL's origin only. */
export interface Login {
  headers: Record<string, string>;
  cookies: string[];
}

/** The most redirects followed on the host's own origin, as a browser would; one to another origin is never followed. */
const MAX_REDIRECTS = 5;

/**
 * Where the element follows each transaction, first found first (docs/host-protocol.md): the
 * page's `status-url`; the session answer's `status_url`, resolved against the session URL;
 * `<session-url>/{uuid}`.
 */
export class StatusUrls {
  readonly #told = new Map<string, string>();

  constructor(readonly urls: HostUrls) {}

  /** Notes the `status_url` a session answer gave for `uuid`. */
  tell(uuid: string, statusUrl: unknown): void {
    if (typeof statusUrl === 'string' && URL.canParse(statusUrl, this.urls.sessionUrl)) {
      this.#told.set(uuid, new URL(statusUrl, this.urls.sessionUrl).href);
    }
  }

  /** The URL the element follows for `uuid`; for a uuid no answer named (an unknown one), the same shape as a told one. */
  of(uuid: string): string {
    const id = encodeURIComponent(uuid);
    if (this.urls.statusUrl) return new URL(this.urls.statusUrl.replaceAll('{uuid}', id), this.urls.sessionUrl).href;
    const told = this.#told.get(uuid) ?? this.#sameShape(id);
    return told ?? new URL(`${this.urls.sessionUrl.replace(/\/+$/, '')}/${id}`, this.urls.sessionUrl).href;
  }

  /** How the element found the URL it follows for `uuid`, in words. */
  how(uuid: string): string {
    if (this.urls.statusUrl) return "the page's status-url";
    return this.#told.has(uuid) ? "the session answer's status_url" : 'no status_url sent: the element\u2019s default <session-url>/{uuid}';
  }

  #sameShape(id: string): string | undefined {
    const [uuid, url] = this.#told.entries().next().value ?? [];
    return uuid && url?.replace(encodeURIComponent(uuid), id);
  }
}

/** What the visitors of one run share: the host's URLs, where each transaction is followed, the log of answers, and the login if any. */
export interface Run {
  urls: HostUrls;
  statusUrls: StatusUrls;
  log: AnswerLog;
  login?: Login;
}

/**
 * A visitor of the host's page: it keeps the cookies the host sets (by host name, as browsers
 * share them across ports) and sends the headers a browser sends from the host's own page. A
 * visitor with no cookies and no login is a stranger to every transaction.
 */
export class Visitor {
  readonly #cookies = new Map<string, Map<string, string>>();
  readonly #login: Login | undefined;

  /** `loggedIn`: the visitor carries the run's login (when it has one). */
  constructor(
    private readonly run: Run,
    loggedIn = true,
  ) {
    this.#login = loggedIn ? run.login : undefined;
  }

  get urls(): HostUrls {
    return this.run.urls;
  }

  /** The session POST as the element sends it from the host's page; `headers` override or remove (with null) what a browser sends. */
  async postSession(kind: SessionKind, headers: Record<string, string | null> = {}): Promise<Answer> {
    const browser = {
      accept: 'application/json',
      origin: new URL(this.urls.sessionUrl).origin,
      'sec-fetch-site': 'same-origin',
      ...(kind && { 'kyc-verify-session': kind }),
    };
    const answer = await this.#request(`session POST (${kind ?? 'no header'})`, this.urls.sessionUrl, {
      method: 'POST',
      headers: { ...browser, ...headers },
    });
    const body = answer.status < 300 ? (jsonOf(answer) as Record<string, unknown> | undefined) : undefined;
    if (typeof body?.uuid === 'string') this.run.statusUrls.tell(body.uuid, body.status_url);
    return answer;
  }

  /** The send POST as the element sends it from the host's page (`<status-url>/send`); `headers` override or remove (with null) what a browser sends. */
  postSend(uuid: string, channel: unknown, headers: Record<string, string | null> = {}): Promise<Answer> {
    const url = new URL(this.statusUrlOf(uuid));
    url.pathname += '/send';
    const browser = { origin: new URL(this.urls.sessionUrl).origin, 'sec-fetch-site': 'same-origin', 'kyc-verify-session': 'send' };
    return this.#request(`send POST ${uuid}`, url.href, {
      method: 'POST',
      headers: { ...browser, ...headers },
      body: JSON.stringify({ channel }),
    });
  }

  getStatus(uuid: string, headers: Record<string, string> = {}): Promise<Answer> {
    const url = this.statusUrlOf(uuid);
    return this.#request(`status GET ${url}`, url, { headers: { accept: 'application/json', ...headers } });
  }

  /** The status URL's response itself, unread: for a stream. Not logged: the caller logs what it reads. */
  openStatus(uuid: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    return this.#fetch(this.statusUrlOf(uuid), { headers, signal }).then(({ response }) => response);
  }

  /** The URL the element follows for `uuid`. */
  statusUrlOf(uuid: string): string {
    return this.run.statusUrls.of(uuid);
  }

  /** How the element found that URL, in words. */
  how(uuid: string): string {
    return this.run.statusUrls.how(uuid);
  }

  async #request(
    what: string,
    url: string,
    init: { method?: string; headers: Record<string, string | null>; body?: string },
  ): Promise<Answer> {
    const { response, refused } = await this.#fetch(url, init);
    if (!refused) return this.run.log.record(what, response);
    await response.body?.cancel();
    return this.run.log.keep(what, response, `a redirect to ${new URL(refused).origin}, another origin: not followed`);
  }

  /**
   * Fetches as a browser on the host's page would, cookies and login included, following
   * redirects on the host's own origin only: one to another origin is answered as it is, with
   * `refused` its target, so that no cookie or login header leaves for a place the check was not given.
   */
  async #fetch(
    url: string,
    init: { method?: string; headers: Record<string, string | null>; body?: string; signal?: AbortSignal },
  ): Promise<{ response: Response; refused?: string }> {
    let { method = 'GET', body } = init;
    for (let hop = 0; ; hop++) {
      const headers = this.#withCookies(url, init.headers);
      const response = this.#keepCookies(url, await fetch(url, { method, headers, body, redirect: 'manual', signal: init.signal }));
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location || hop === MAX_REDIRECTS) return { response };
      const next = new URL(location, url);
      if (next.origin !== new URL(url).origin) return { response, refused: next.href };
      await response.body?.cancel();
      // As fetch does: 303, and 301 or 302 after a POST, become a GET without a body.
      if (response.status === 303 || (method === 'POST' && response.status < 303)) [method, body] = ['GET', undefined];
      url = next.href;
    }
  }

  #withCookies(url: string, headers: Record<string, string | null>): Record<string, string> {
    const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
    const target = new URL(url);
    const login = this.#login && target.origin === new URL(this.urls.sessionUrl).origin ? this.#login : undefined;
    const jar = this.#cookies.get(target.hostname);
    const cookies = [...(login?.cookies ?? []), ...[...(jar ?? [])].map(([name, value]) => `${name}=${value}`)];
    if (cookies.length) sent.cookie = cookies.join('; ');
    return { ...login?.headers, ...sent };
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
