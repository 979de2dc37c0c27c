/** Moves the sandbox behind the host with its controls (`/sandbox/...`), as a test of the host needs. */
import { connectSandbox, type SandboxEvent, type SandboxTransaction, type TestSandbox, type WebhookDelivery } from '../testing/index.js';

/** The service's transaction (docs/service.md §2.4) the checker compares the host's answers with. */
export type ServiceTransaction = SandboxTransaction;

export type { WebhookDelivery };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sandbox's controls through `kyc-verify/testing` (docs/testing.md), in the shapes the checker compares. */
export class SandboxDriver {
  readonly #sandbox: TestSandbox;

  constructor(sandboxUrl: string) {
    this.#sandbox = connectSandbox(sandboxUrl);
  }

  /** Applies an issue code (or `selfie_ok`, `time_out`…) as the flow's next event; answers the transaction after it. */
  outcome(uuid: string, code: string): Promise<ServiceTransaction> {
    return this.#sandbox.outcome(uuid, code as SandboxEvent);
  }

  /** The sandbox's clock, in epoch ms. */
  async now(): Promise<number> {
    return Date.parse((await this.#sandbox.clock()).now);
  }

  async advanceClock(seconds: number): Promise<void> {
    await this.#sandbox.advanceClock(seconds);
  }

  /** The deliveries of `uuid`, once none is in flight (or after `settleMs`). */
  async deliveries(uuid: string, settleMs = 10_000): Promise<WebhookDelivery[]> {
    const deadline = Date.now() + settleMs;
    for (;;) {
      const deliveries = await this.#sandbox.deliveries({ uuid });
      if (deliveries.every((delivery) => delivery.state !== 'in_flight') || Date.now() > deadline) return deliveries;
      await sleep(200);
    }
  }
}
