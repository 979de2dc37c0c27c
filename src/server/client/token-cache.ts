import type { Store } from '../state/store.js';

/** A token and how long the service says it lives. */
export interface IssuedToken {
  token: string;
  expiresInSeconds: number;
}

/** What a fleet shares of its store to share one token: a value with a lifetime, and a short lease. */
export type TokenStore = Pick<Store, 'getShared' | 'setShared' | 'acquire'>;

/** Refresh this long before expiry, at most: a minute, or a tenth of a short lifetime. */
const REFRESH_MARGIN_SECONDS = 60;
const SHARED_KEY = 'access-token';
/** How long one process may take to fetch the fleet's token before another tries. */
const REFRESH_LEASE_MS = 5000;
const WAIT_STEP_MS = 50;

interface HeldToken {
  token: string;
  refreshAt: number;
}

/**
 * Holds one access token for many callers: one token request however many calls wait for it,
 * and a new one shortly before the old expires (docs/service.md §5.2). With a shared store, one token for
 * the whole fleet: the process holding the refresh lease asks, the others take its answer.
 */
export class TokenCache {
  #current: HeldToken | null = null;
  #pending: Promise<string> | null = null;
  /** The last token the service refused: not taken back from the shared store. */
  #refused: string | null = null;
  readonly #holder = crypto.randomUUID();
  /** Until then this process asks for its own tokens: its request for the fleet failed, and the lease it still holds would make it wait for itself. */
  #aloneUntil = -Infinity;

  constructor(
    private readonly requestToken: () => Promise<IssuedToken>,
    private readonly now: () => number,
    private readonly shared?: TokenStore,
  ) {}

  get(): Promise<string> {
    if (this.#current && this.now() < this.#current.refreshAt) return Promise.resolve(this.#current.token);
    return (this.#pending ??= this.#obtain().finally(() => (this.#pending = null)));
  }

  /** Forgets `token` after the service refused it; a token that already replaced it is kept. */
  discard(token: string): void {
    if (this.#current?.token === token) this.#current = null;
    this.#refused = token;
  }

  async #obtain(): Promise<string> {
    // A failing shared store costs the fleet one token request more, never the call.
    const fleet = this.shared && this.now() >= this.#aloneUntil ? await this.#fromFleet().catch(() => 'own' as const) : 'own';
    if (typeof fleet === 'object') return this.#keep(fleet);
    const issued = await this.#request().catch((error: unknown) => {
      if (fleet === 'publish') this.#aloneUntil = this.now() + REFRESH_LEASE_MS;
      throw error;
    });
    if (fleet === 'publish') {
      const ttlMs = Math.max(1, issued.refreshAt - this.now());
      await Promise.resolve(this.shared!.setShared(SHARED_KEY, JSON.stringify(issued), ttlMs)).catch(() => {});
    }
    return this.#keep(issued);
  }

  /** The fleet's token; else 'publish' when this process holds the refresh lease, or 'own' when the holder never answered. */
  async #fromFleet(): Promise<HeldToken | 'publish' | 'own'> {
    for (let step = 0; step * WAIT_STEP_MS < REFRESH_LEASE_MS; step++) {
      const held = await this.#sharedToken();
      if (held) return held;
      if (await this.shared!.acquire(`lease:${SHARED_KEY}`, this.#holder, REFRESH_LEASE_MS)) return 'publish';
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
    return 'own';
  }

  async #sharedToken(): Promise<HeldToken | null> {
    const value = await this.shared!.getShared(SHARED_KEY);
    const held = value ? (JSON.parse(value) as HeldToken) : null;
    return held && held.token !== this.#refused && this.now() < held.refreshAt ? held : null;
  }

  async #request(): Promise<HeldToken> {
    // Timed from the request, not the answer, so network delay only makes the refresh earlier.
    const requestedAt = this.now();
    const { token, expiresInSeconds } = await this.requestToken();
    const margin = Math.min(REFRESH_MARGIN_SECONDS, expiresInSeconds / 10);
    return { token, refreshAt: requestedAt + (expiresInSeconds - margin) * 1000 };
  }

  #keep(held: HeldToken): string {
    this.#current = held;
    return held.token;
  }
}
