/**
 * Webhook delivery (docs/service.md §6): sent at once and asynchronously, retried with backoff only when
 * the connection fails, never after an answer (a 5xx is logged, not retried). Every delivery is
 * kept in a bounded log that `GET /sandbox/webhooks` serves, and a failed one is told in one line.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SandboxClock } from './clock.js';
import type { WebhookDelivery, WebhookPayload } from './schemas.js';

export interface WebhookRetryOptions {
  /** Attempts in all, the first included (default 5). */
  attempts?: number;
  /** Wait before the first retry, doubled for each next one (default 500 ms). */
  baseDelayMs?: number;
  /** How long to wait for an answer before giving up without retrying (default 10 s). */
  timeoutMs?: number;
}

/** Where the one-line report of a failed delivery goes. */
export type LogLine = (line: string) => void;

type AttemptResult = { status: number; error: null } | { status: null; error: string; connectionFailed: boolean };

const LOG_LIMIT = 1000;

export class WebhookDispatcher {
  readonly #log: WebhookDelivery[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  /** Pending backoff waits: closing the sandbox ends them at once. */
  readonly #waits = new Map<NodeJS.Timeout, () => void>();
  readonly #requests = new Set<ClientRequest>();
  readonly #attempts: number;
  readonly #baseDelayMs: number;
  readonly #timeoutMs: number;
  #nextId = 1;
  #closed = false;

  constructor(
    private readonly clock: SandboxClock,
    options: WebhookRetryOptions = {},
    private readonly log: LogLine = console.warn,
  ) {
    this.#attempts = options.attempts ?? 5;
    this.#baseDelayMs = options.baseDelayMs ?? 500;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  send(url: string, reason: WebhookDelivery['reason'], payload: WebhookPayload): void {
    const delivery: WebhookDelivery = { id: this.#nextId++, uuid: payload.uuid, url, reason, state: 'in_flight', payload, attempts: [] };
    this.#log.push(delivery);
    if (this.#log.length > LOG_LIMIT) this.#log.shift();
    const running = this.#deliver(delivery)
      // A delivery that cannot even be attempted is a failed delivery, never a crashed sandbox.
      .catch(() => void (delivery.state = 'failed'))
      .then(() => this.#reportFailure(delivery))
      .finally(() => this.#inFlight.delete(running));
    this.#inFlight.add(running);
  }

  /** Deliveries, oldest first, optionally only those of one transaction. */
  deliveries(uuid?: string): WebhookDelivery[] {
    return uuid ? this.#log.filter((delivery) => delivery.uuid === uuid) : [...this.#log];
  }

  /** Resolves once no delivery is in flight or waiting to be retried. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  close(): void {
    this.#closed = true;
    for (const [timer, resolve] of this.#waits) {
      clearTimeout(timer);
      resolve();
    }
    this.#waits.clear();
    for (const request of this.#requests) request.destroy(new Error('Sandbox closed'));
  }

  async #deliver(delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(delivery.payload);
    for (let attempt = 1; !this.#closed; attempt++) {
      const at = this.clock.iso();
      const started = performance.now();
      const result = await this.#post(delivery.url, body);
      delivery.attempts.push({ at, duration_ms: Math.round(performance.now() - started), status: result.status, error: result.error });
      if (result.status !== null) {
        delivery.state = result.status >= 200 && result.status < 300 ? 'delivered' : 'failed';
        return;
      }
      if (!result.connectionFailed || attempt >= this.#attempts) break;
      await this.#wait(this.#baseDelayMs * 2 ** (attempt - 1));
    }
    delivery.state = 'failed';
  }

  /** One line per failed delivery: the target without its credentials or query, and the last attempt's outcome. */
  #reportFailure({ state, url, attempts }: WebhookDelivery): void {
    if (state !== 'failed' || this.#closed) return;
    const last = attempts.at(-1);
    const outcome = last ? (last.error ?? `answered ${last.status}`) : 'not attempted';
    const target = URL.canParse(url) ? `${new URL(url).origin}${new URL(url).pathname}` : 'a malformed URL';
    this.log(
      `kyc-verify sandbox: webhook delivery to ${target} failed: ${outcome} (${attempts.length} attempt${attempts.length === 1 ? '' : 's'})`,
    );
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waits.delete(timer);
        resolve();
      }, ms);
      this.#waits.set(timer, resolve);
    });
  }

  #post(url: string, body: string): Promise<AttemptResult> {
    return new Promise((resolve) => {
      const request = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: false,
        timeout: this.#timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'kyc-verify-sandbox' },
      });
      this.#requests.add(request);
      request.on('close', () => this.#requests.delete(request));
      let connected = false;
      request.on('socket', (socket) => socket.once('connect', () => (connected = true)));
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, error: null });
      });
      request.on('timeout', () => request.destroy(new Error('Timed out waiting for an answer')));
      request.on('error', (error: NodeJS.ErrnoException) => {
        resolve({ status: null, error: error.code ?? error.message, connectionFailed: !connected });
      });
      request.end(body);
    });
  }
}
