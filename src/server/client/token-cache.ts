/** A token and how long the service says it lives. */
export interface IssuedToken {
  token: string;
  expiresInSeconds: number;
}

/** Refresh this long before expiry, at most: a minute, or a tenth of a short lifetime. */
const REFRESH_MARGIN_SECONDS = 60;

/**
 * Holds one access token for many callers: one token request however many calls wait for it,
 * and a new one shortly before the old expires (spec §5.2).
 */
export class TokenCache {
  #current: { token: string; refreshAt: number } | null = null;
  #pending: Promise<string> | null = null;

  constructor(
    private readonly requestToken: () => Promise<IssuedToken>,
    private readonly now: () => number,
  ) {}

  get(): Promise<string> {
    if (this.#current && this.now() < this.#current.refreshAt) return Promise.resolve(this.#current.token);
    return (this.#pending ??= this.#refresh());
  }

  /** Forgets `token` after the service refused it; a token that already replaced it is kept. */
  discard(token: string): void {
    if (this.#current?.token === token) this.#current = null;
  }

  async #refresh(): Promise<string> {
    // Timed from the request, not the answer, so network delay only makes the refresh earlier.
    const requestedAt = this.now();
    try {
      const { token, expiresInSeconds } = await this.requestToken();
      const margin = Math.min(REFRESH_MARGIN_SECONDS, expiresInSeconds / 10);
      this.#current = { token, refreshAt: requestedAt + (expiresInSeconds - margin) * 1000 };
      return token;
    } finally {
      this.#pending = null;
    }
  }
}
