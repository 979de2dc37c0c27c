/**
 * Webhook delivery (docs/service.md §6): sent at once and asynchronously, retried with backoff only when
 * the connection could not be made, never after an answer (a 5xx is logged, not retried). Every delivery
 * is kept in a bounded log that `GET /sandbox/webhooks` serves, with notes on what was done and why, and
 * a failed one is told in one line. The faults a test installs (webhook-faults.ts) apply here.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SandboxClock } from './clock.js';
import { WebhookFaults } from './webhook-faults.js';
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
  /** Pending waits (backoff, delay faults, the latter due at a sandbox time): closing the sandbox ends them at once. */
  readonly #waits = new Map<NodeJS.Timeout, { resolve: () => void; dueAt: number | null }>();
  readonly #requests = new Set<ClientRequest>();
  readonly #attempts: number;
  readonly #baseDelayMs: number;
  readonly #timeoutMs: number;
  #nextId = 1;
  #closed = false;
  /** The faults tests install (the routes add and list them here). */
  readonly faults = new WebhookFaults();

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
    const delivery = this.#logged(url, reason, payload);
    const applied = this.faults.take(delivery);
    if (!applied) return this.#run(delivery);
    const { rule, partner } = applied;
    const label = `${rule.fault} fault ${rule.id} (${rule.uuid ? 'this transaction' : 'any transaction'}${rule.every ? ', every delivery' : ''})`;
    delivery.fault = { id: rule.id, fault: rule.fault };
    switch (rule.fault) {
      case 'drop':
        delivery.state = 'dropped';
        delivery.notes.push(`dropped by ${label}: never sent`);
        return;
      case 'duplicate': {
        const copies = [delivery, ...Array.from({ length: rule.times - 1 }, () => this.#logged(url, reason, payload))];
        copies.forEach((copy, index) => {
          copy.fault = delivery.fault;
          copy.notes.push(`copy ${index + 1} of ${rule.times} sent by ${label}`);
          this.#run(copy);
        });
        return;
      }
      case 'delay': {
        const dueAt = this.clock.now() + rule.delay_seconds * 1000;
        delivery.state = 'held';
        delivery.notes.push(`held by ${label} for ${rule.delay_seconds} s, until ${new Date(dueAt).toISOString()} on the sandbox clock`);
        return this.#run(delivery, this.#wait(rule.delay_seconds * 1000, dueAt));
      }
      case 'reorder':
        if (!partner) {
          delivery.state = 'held';
          delivery.notes.push(`held by ${label} until the next delivery it applies to has been delivered`);
          return;
        }
        delivery.notes.push(`sent before delivery ${partner.id}, which ${label} held`);
        partner.notes.push(`sent after delivery ${delivery.id} had been, by ${label}`);
        return this.#run(delivery, undefined, partner);
    }
  }

  /** Removes every fault; the deliveries a reorder fault held are sent as they are. */
  clearFaults(): void {
    for (const held of this.faults.clear()) {
      held.notes.push('released when the faults were cleared');
      this.#run(held);
    }
  }

  /** The sandbox clock moved: delayed deliveries now due go at once. */
  clockMoved(): void {
    for (const [timer, wait] of this.#waits) {
      if (wait.dueAt === null || wait.dueAt > this.clock.now()) continue;
      clearTimeout(timer);
      this.#waits.delete(timer);
      wait.resolve();
    }
  }

  #logged(url: string, reason: WebhookDelivery['reason'], payload: WebhookPayload): WebhookDelivery {
    const delivery: WebhookDelivery = {
      id: this.#nextId++,
      uuid: payload.uuid,
      url,
      reason,
      state: 'in_flight',
      payload,
      attempts: [],
      fault: null,
      notes: [],
    };
    this.#log.push(delivery);
    if (this.#log.length > LOG_LIMIT) this.#log.shift();
    return delivery;
  }

  /** Delivers each in turn (after `before`, when given): the next starts once the one before has its outcome. */
  #run(first: WebhookDelivery, before: Promise<void> = Promise.resolve(), ...then: WebhookDelivery[]): void {
    const running = [first, ...then]
      .reduce(
        (previous, delivery) =>
          previous.then(() =>
            this.#deliver(delivery)
              // A delivery that cannot even be attempted is a failed delivery, never a crashed sandbox.
              .catch(() => void (delivery.state = 'failed'))
              .then(() => this.#reportFailure(delivery)),
          ),
        before,
      )
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
    for (const [timer, { resolve }] of this.#waits) {
      clearTimeout(timer);
      resolve();
    }
    this.#waits.clear();
    for (const request of this.#requests) request.destroy(new Error('Sandbox closed'));
  }

  async #deliver(delivery: WebhookDelivery): Promise<void> {
    delivery.state = 'in_flight';
    const body = JSON.stringify(delivery.payload);
    for (let attempt = 1; !this.#closed; attempt++) {
      const at = this.clock.iso();
      const started = performance.now();
      const result = await this.#post(delivery.url, body);
      delivery.attempts.push({ at, duration_ms: Math.round(performance.now() - started), status: result.status, error: result.error });
      if (result.status !== null) {
        delivery.state = result.status >= 200 && result.status < 300 ? 'delivered' : 'failed';
        if (delivery.state === 'failed')
          delivery.notes.push(`attempt ${attempt} answered ${result.status}: not retried, as an answer never is`);
        return;
      }
      if (!result.connectionFailed) {
        delivery.notes.push(`attempt ${attempt}: ${result.error} once connected: not retried, only a connection that fails is`);
        break;
      }
      if (attempt >= this.#attempts) {
        delivery.notes.push(`attempt ${attempt}: ${result.error}, the connection failed: no attempt left of ${this.#attempts}`);
        break;
      }
      const backoff = this.#baseDelayMs * 2 ** (attempt - 1);
      delivery.notes.push(`attempt ${attempt}: ${result.error}, the connection failed: retried in ${backoff} ms`);
      await this.#wait(backoff);
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

  /** Waits `ms` of real time, or until the sandbox clock reaches `dueAt` when it is moved. */
  #wait(ms: number, dueAt: number | null = null): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waits.delete(timer);
        resolve();
      }, ms);
      this.#waits.set(timer, { resolve, dueAt });
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
