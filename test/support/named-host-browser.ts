/**
 * HTTP as a browser on a named host does it (`http://shop.test`, as a proxy in front of the app
 * would pass it on), sent to a server on 127.0.0.1: the Host header the name gives, a cookie jar
 * that keeps each cookie's Path, and redirects followed by hand while they stay on that host.
 */
import { request as httpRequest } from 'node:http';

export interface Answer {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Cookie {
  value: string;
  path: string;
}

export class NamedHostBrowser {
  readonly #cookies = new Map<string, Cookie>();
  /** Every answer, in order. */
  readonly answers: Answer[] = [];

  constructor(
    /** `http://shop.test`: the origin the browser believes it talks to. */
    readonly origin: string,
    /** Where that origin is served from, on 127.0.0.1. */
    private readonly port: number,
  ) {}

  /** The cookies kept, with the Path each was set for. */
  get cookies(): ReadonlyMap<string, Cookie> {
    return this.#cookies;
  }

  async request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
    const target = new URL(url);
    if (target.origin !== this.origin) throw new Error(`${url} is not on ${this.origin}`);
    const cookie = [...this.#cookies]
      .filter(([, { path }]) => target.pathname === path || target.pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .map(([name, { value }]) => `${name}=${value}`)
      .join('; ');
    const answer = await new Promise<Answer>((resolve, reject) => {
      const sent = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { host: target.host, ...(cookie && { cookie }), ...init.headers },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ url, status: res.statusCode!, headers: res.headers, body }));
          res.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(init.body);
    });
    for (const line of (answer.headers['set-cookie'] as string[] | undefined) ?? []) this.#keep(line, target);
    this.answers.push(answer);
    return answer;
  }

  /**
   * Requests `url`, then follows each redirect while it stays on this origin (as a GET after a
   * 303): the answer that left it or ended the chain, and where it leads when it leaves.
   */
  async follow(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    let answer = await this.request(url, init);
    for (let hop = 0; hop < 10; hop++) {
      const location = answer.headers.location as string | undefined;
      if (answer.status < 300 || answer.status >= 400 || !location) return { answer };
      const next = new URL(location, answer.url);
      if (next.origin !== this.origin) return { answer, left: next.href };
      answer = await this.request(next.href);
    }
    throw new Error(`more than 10 redirects from ${url}`);
  }

  #keep(line: string, from: URL): void {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const path = attributes.map((attribute) => /^\s*path=(.*)$/i.exec(attribute)?.[1]?.trim()).find((value) => value !== undefined);
    this.#cookies.set(pair.slice(0, at).trim(), {
      value: pair.slice(at + 1).trim(),
      path: path?.startsWith('/') ? path : from.pathname.replace(/\/[^/]*$/, '') || '/',
    });
  }
}
