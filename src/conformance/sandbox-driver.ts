/** Moves the sandbox behind the host with its controls (`/sandbox/...`), as a test of the host needs. */

/** The fields of the service's transaction (docs/service.md §2.4) the checker compares the host's answers with. */
export interface ServiceTransaction {
  uuid: string;
  active: boolean;
  complete: boolean;
  failed: boolean;
  step: string;
  code: string | null;
  issue_description: string | null;
  created_at: string;
  updated_at: string;
  expiration: number;
  metadata: { nin?: string };
  webhook: string | null;
}

export interface WebhookDelivery {
  state: 'in_flight' | 'delivered' | 'failed';
  reason: string;
  attempts: { status: number | null; error: string | null }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SandboxDriver {
  readonly #url: string;

  constructor(sandboxUrl: string) {
    this.#url = sandboxUrl.replace(/\/+$/, '');
  }

  /** Applies an issue code (or `selfie_ok`, `time_out`…) as the flow's next event; answers the transaction after it. */
  async outcome(uuid: string, code: string): Promise<ServiceTransaction> {
    const body = await this.#call(`/sandbox/transactions/${encodeURIComponent(uuid)}/outcome`, { code });
    return (body as { data: ServiceTransaction }).data;
  }

  /** The sandbox's clock, in epoch ms. */
  async now(): Promise<number> {
    return Date.parse(((await this.#call('/sandbox/clock')) as { now: string }).now);
  }

  async advanceClock(seconds: number): Promise<void> {
    await this.#call('/sandbox/clock', { advance_seconds: seconds });
  }

  /** The deliveries of `uuid`, once none is in flight (or after `settleMs`). */
  async deliveries(uuid: string, settleMs = 10_000): Promise<WebhookDelivery[]> {
    const deadline = Date.now() + settleMs;
    for (;;) {
      const { deliveries } = (await this.#call(`/sandbox/webhooks?uuid=${encodeURIComponent(uuid)}`)) as { deliveries: WebhookDelivery[] };
      if (deliveries.every((delivery) => delivery.state !== 'in_flight') || Date.now() > deadline) return deliveries;
      await sleep(200);
    }
  }

  async #call(path: string, body?: unknown): Promise<unknown> {
    const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(this.#url + path, init);
    if (!response.ok) throw new Error(`the sandbox answered ${response.status} to ${path}: ${await response.text()}`);
    return response.json();
  }
}
