/**
 * node:http's (and node:https's) `request`, as the sandbox's webhook dispatcher uses it
 * (src/sandbox/webhooks.ts), for the browser: each request is answered by a Fetch function, the
 * worker's own stack for the kit beside it (stack.ts). The worker's build puts this module in place
 * of node:http and node:https (build.ts).
 */
type Listener = (...args: never[]) => void;

/** The little of EventEmitter that the dispatcher listens with. */
class Emitter {
  readonly #listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener]);
    return this;
  }

  once(event: string, listener: Listener): this {
    const once = (...args: never[]) => {
      this.#listeners.set(
        event,
        (this.#listeners.get(event) ?? []).filter((candidate) => candidate !== once),
      );
      listener(...args);
    };
    return this.on(event, once);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }
}

interface RequestOptions {
  method?: string;
  timeout?: number;
  headers?: Record<string, string | number>;
}

let answer: (request: Request) => Promise<Response> = (request) => fetch(request);

/** Who answers the requests from now on. */
export function answerRequestsWith(fetchFunction: (request: Request) => Promise<Response>): void {
  answer = fetchFunction;
}

class ClientRequest extends Emitter {
  readonly #aborted = new AbortController();

  constructor(
    private readonly url: string,
    private readonly options: RequestOptions,
  ) {
    super();
  }

  end(body?: string): this {
    const socket = new Emitter();
    const { method = 'GET', timeout, headers = {} } = this.options;
    queueMicrotask(() => {
      this.emit('socket', socket);
      // Answered in this worker: the connection is always made.
      socket.emit('connect');
      const timer = timeout ? setTimeout(() => this.emit('timeout'), timeout) : undefined;
      const sent = new Request(this.url, {
        method,
        headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
        body,
        signal: this.#aborted.signal,
      });
      answer(sent)
        .then(
          (response) => this.emit('response', { statusCode: response.status, resume: () => void response.body?.cancel() }),
          (error: unknown) => this.emit('error', error instanceof Error ? error : new Error(String(error))),
        )
        .finally(() => {
          clearTimeout(timer);
          this.emit('close');
        });
    });
    return this;
  }

  destroy(error?: Error): void {
    this.#aborted.abort(error);
  }
}

export const request = (url: string, options: RequestOptions = {}): ClientRequest => new ClientRequest(url, options);
