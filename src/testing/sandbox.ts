/**
 * A running sandbox, driven from an integrator's tests over its HTTP API and controls
 * (docs/sandbox.md): transactions created and brought to each end, the clock, webhook faults, and
 * waits on the webhook log. Plain `fetch`: it needs neither the sandbox's code nor its peers.
 */
import type {
  FailureCode,
  FaultScope,
  SandboxClockReading,
  SandboxEvent,
  SandboxTransaction,
  TransactionRequest,
  WebhookDelivery,
  WebhookFault,
  WebhookFaultRequest,
} from './types.js';

export interface ConnectOptions {
  /** The OAuth client that creates transactions (default the built-in `sandbox-client` / `sandbox-secret`). */
  clientId?: string;
  clientSecret?: string;
  /** The `company_id` of created transactions (default `sandbox-company`, the built-in client's). */
  companyId?: string;
}

export interface DeliveryFilter {
  /** Only deliveries to this URL (as given in the transaction's `webhook`). */
  url?: string;
  /** Only deliveries of this transaction. */
  uuid?: string;
}

export interface WaitOptions extends DeliveryFilter {
  /** How many finished deliveries to wait for (default 1). */
  count?: number;
  /** How long to wait before failing (default 10 s). */
  timeoutMs?: number;
}

/** More failures than any transaction's `tries`: past them, `fail` gives up rather than loop. */
const MAX_TRIES = 100;
/** A delivery is finished once it will not change again (a held one may still be sent). */
const FINISHED: readonly WebhookDelivery['state'][] = ['delivered', 'failed', 'dropped'];

let created = 0;

export class TestSandbox {
  readonly url: string;
  readonly #options: Required<ConnectOptions>;

  constructor(url: string, options: ConnectOptions = {}) {
    this.url = url.replace(/\/+$/, '');
    this.#options = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret', companyId: 'sandbox-company', ...options };
  }

  /**
   * Creates a transaction as a backend would (a token, then `POST /v1/transactions/`). Defaults: a fresh
   * `transaction_id`, the client's company, `kyc_register` with the test identity `11.111.111-1`.
   */
  async createTransaction(request: TransactionRequest = {}): Promise<SandboxTransaction> {
    const { access_token } = await this.#call<{ access_token: string }>('POST', '/oauth/token/', {
      client_id: this.#options.clientId,
      client_secret: this.#options.clientSecret,
      grant_type: 'client_credentials',
    });
    const body = {
      transaction_id: `kyc-verify-testing-${Date.now()}-${++created}`,
      company_id: this.#options.companyId,
      authorization_method: 'kyc_register',
      ...request,
      metadata: { nin: '11.111.111-1', ...request.metadata },
    };
    return (await this.#call<{ data: SandboxTransaction }>('POST', '/v1/transactions/', body, access_token)).data;
  }

  /** Applies one event as the phone would (`POST /sandbox/transactions/{uuid}/outcome`); answers the transaction after it. */
  async outcome(uuid: string, event: SandboxEvent): Promise<SandboxTransaction> {
    return (
      await this.#call<{ data: SandboxTransaction }>('POST', `/sandbox/transactions/${encodeURIComponent(uuid)}/outcome`, { code: event })
    ).data;
  }

  /** Ends the transaction successful: the document (unless an enrolment skipped it), then the selfie and challenges. */
  async succeed(uuid: string): Promise<SandboxTransaction> {
    await this.outcome(uuid, '002').catch(ignoreConflict);
    return this.outcome(uuid, '013');
  }

  /**
   * Ends the transaction failed with `code` (default 016, the fraud list): a document problem or a
   * selfie mismatch is repeated until no try is left, as a person failing again and again.
   */
  async fail(uuid: string, code: FailureCode = '016'): Promise<SandboxTransaction> {
    if (code === '014' || code === '015') await this.outcome(uuid, '002').catch(ignoreConflict);
    // Each failure uses a try (docs/sandbox.md, "The flow"); a transaction has at most a few.
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const transaction = await this.outcome(uuid, code);
      if (!transaction.active) return transaction;
    }
    throw new Error(`kyc-verify/testing: ${code} did not end transaction ${uuid} in ${MAX_TRIES} tries`);
  }

  /** Ends the transaction expired, as when its link or a capture timer runs out. */
  expire(uuid: string): Promise<SandboxTransaction> {
    return this.outcome(uuid, 'time_out');
  }

  /** Creates a transaction and ends it successful. */
  async createSuccessful(request?: TransactionRequest): Promise<SandboxTransaction> {
    return this.succeed((await this.createTransaction(request)).uuid);
  }

  /** Creates a transaction and ends it failed with `code`. */
  async createFailed(code: FailureCode = '016', request?: TransactionRequest): Promise<SandboxTransaction> {
    return this.fail((await this.createTransaction(request)).uuid, code);
  }

  /** Creates a transaction and ends it expired. */
  async createExpired(request?: TransactionRequest): Promise<SandboxTransaction> {
    return this.expire((await this.createTransaction(request)).uuid);
  }

  /** The sandbox clock. */
  clock(): Promise<SandboxClockReading> {
    return this.#call('GET', '/sandbox/clock');
  }

  /** Moves the sandbox clock forward (expiries, capture timers, token lifetimes, delayed webhooks). */
  advanceClock(seconds: number): Promise<SandboxClockReading> {
    return this.#call('POST', '/sandbox/clock', { advance_seconds: seconds });
  }

  /** Webhook faults (docs/sandbox.md, "Webhook faults"): each applies to the next matching delivery, or every one with `every`. */
  readonly faults = {
    add: (fault: WebhookFaultRequest): Promise<WebhookFault> => this.#call('POST', '/sandbox/webhooks/faults', fault),
    /** The next delivery arrives `times` times in all. */
    duplicate: (times: number, scope: FaultScope = {}) => this.faults.add({ fault: 'duplicate', times, ...scope }),
    /** The next two deliveries arrive in the other order. */
    reorder: (scope: FaultScope = {}) => this.faults.add({ fault: 'reorder', ...scope }),
    /** The next delivery is held `seconds` of the sandbox clock (`advanceClock` sends it sooner). */
    delay: (seconds: number, scope: FaultScope = {}) => this.faults.add({ fault: 'delay', delay_seconds: seconds, ...scope }),
    /** The next delivery never arrives. */
    drop: (scope: FaultScope = {}) => this.faults.add({ fault: 'drop', ...scope }),
    list: async (): Promise<WebhookFault[]> => (await this.#call<{ faults: WebhookFault[] }>('GET', '/sandbox/webhooks/faults')).faults,
    /** Removes every fault; a delivery a reorder fault was holding is sent. */
    clear: async (): Promise<void> => void (await this.#call('DELETE', '/sandbox/webhooks/faults')),
  };

  /** The webhook log, oldest first (served to callers on the sandbox's machine only). */
  async deliveries(filter: DeliveryFilter = {}): Promise<WebhookDelivery[]> {
    const query = filter.uuid ? `?uuid=${encodeURIComponent(filter.uuid)}` : '';
    const { deliveries } = await this.#call<{ deliveries: WebhookDelivery[] }>('GET', `/sandbox/webhooks${query}`);
    return deliveries.filter((delivery) => filter.url === undefined || delivery.url === filter.url);
  }

  /**
   * Waits until `count` deliveries matching the filter have finished (delivered, failed after its
   * attempts, or dropped) and answers them, oldest first; fails after `timeoutMs` saying what it saw.
   */
  async waitForDelivery({ count = 1, timeoutMs = 10_000, ...filter }: WaitOptions = {}): Promise<WebhookDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = await this.deliveries(filter);
      const finished = matching.filter((delivery) => FINISHED.includes(delivery.state));
      if (finished.length >= count) return finished.slice(0, count);
      if (Date.now() > deadline) {
        const seen = matching.map((delivery) => `${delivery.id} ${delivery.state}`).join(', ') || 'none';
        throw new Error(
          `kyc-verify/testing: ${count} finished webhook deliveries to ${JSON.stringify(filter)} not seen in ${timeoutMs} ms (seen: ${seen})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async #call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(this.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new SandboxAnswerError(method, path, response.status, text);
    return JSON.parse(text) as T;
  }
}

/** The sandbox refused a request: its status and body say why. */
export class SandboxAnswerError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`kyc-verify/testing: the sandbox answered ${status} to ${method} ${path}: ${body}`);
  }
}

/** A 409 means the event did not fit the step (the document was already done): go on. */
function ignoreConflict(error: unknown): void {
  if (!(error instanceof SandboxAnswerError) || error.status !== 409) throw error;
}
