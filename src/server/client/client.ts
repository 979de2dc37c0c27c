import { credentialEnvelopeShape, tokenShape, transactionEnvelopeShape } from './answer-shapes.js';
import { callService, expectShape, type FetchFunction, type ServiceCall } from './call-service.js';
import { assertValidCreateRequest } from './create-request-rules.js';
import { KycApiError } from './errors.js';
import { ServiceClock } from './service-clock.js';
import { TokenCache, type TokenStore } from './token-cache.js';
import { verificationLink } from '../../shared/wire/links.js';
import type { CreateTransactionRequest, CredentialInformation, Transaction } from './types.js';

export interface KycClientOptions {
  /** Root of the OAuth 2.0 token service (spec's `{auth_url}`). */
  authUrl: string;
  /** Root of the transaction API (`{base_url}`); `/v1/...` paths go below it. */
  baseUrl: string;
  /** Root of the credential-information API (`{credential_url}`). */
  credentialUrl: string;
  /** Root of the end-user flow (`{verification_url}`); defaults to the origin of `baseUrl`. */
  verificationUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Defaults to the global `fetch`; pass one to count, log or proxy calls. */
  fetch?: FetchFunction;
  /** Bound on every call to the service, token requests included. Default 10 000 ms. */
  timeoutMs?: number;
  /**
   * The kit's clock in epoch ms, for token lifetimes and the status cache. Default `Date.now`. Given,
   * it also dates the answers (`server_time`); by default they follow the service's own clock.
   */
  now?: () => number;
  /**
   * A store shared by a fleet (the kit's `RedisStore`): one access token for all its processes
   * instead of one per process. The token stays in the store, server-side; it is never logged.
   */
  tokenStore?: TokenStore;
}

export interface KycClient {
  readonly verificationUrl: string;
  readonly now: () => number;
  /**
   * The service's clock in epoch ms, as the kit reads it from the `Date` header of its answers (with
   * `now` given, that clock): the time of the kit's answers (`server_time`), since the deadlines they
   * carry are on the service's clock.
   */
  readonly serviceNow?: () => number;
  /** Validates `request` (docs/service.md §2.3, §2.3.1) and creates the transaction (§4.2). */
  createTransaction(request: CreateTransactionRequest): Promise<Transaction>;
  /**
   * The authoritative read (docs/service.md §4.3), by uuid or nanoid. `leaving` is called as each
   * request of the read leaves (after any token request it waited for); a throw there keeps that
   * request from leaving, and the read rejects with it.
   */
  getTransaction(uuidOrNanoid: string, leaving?: () => void): Promise<Transaction>;
  /** Document data of a finished transaction (docs/service.md §4.4): personal data, keep it on the server. */
  getCredentialInformation(uuid: string): Promise<CredentialInformation>;
  /** The end-user link of docs/service.md §4.5 for `uuid`. */
  verificationLink(uuid: string): string;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** A typed client of the KYC API that manages its own access token. */
export function createKycClient(options: KycClientOptions): KycClient {
  const fetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  // A clock of the integrator's own is theirs: only by default does the kit read the service's.
  const serviceClock = new ServiceClock();
  const onAnswer = options.now ? undefined : (headers: Headers) => serviceClock.observe(headers.get('date'));
  const baseUrl = withoutTrailingSlash(options.baseUrl);
  const credentialUrl = withoutTrailingSlash(options.credentialUrl);
  const verificationUrl = withoutTrailingSlash(options.verificationUrl ?? new URL(options.baseUrl).origin);
  const call = (serviceCall: ServiceCall, leaving?: () => void) => callService(fetchFunction, timeoutMs, serviceCall, onAnswer, leaving);

  const tokens = new TokenCache(
    async () => {
      const body = await call({
        method: 'POST',
        url: `${withoutTrailingSlash(options.authUrl)}/oauth/token/`,
        body: { client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'client_credentials' },
      });
      const answer = expectShape(tokenShape, body, 'the token response');
      return { token: answer.access_token, expiresInSeconds: answer.expires_in };
    },
    now,
    options.tokenStore,
  );

  /** A Bearer call; on a 401 the token is refreshed once and the call retried once. */
  async function authorized(serviceCall: Omit<ServiceCall, 'bearer'>, leaving?: () => void): Promise<unknown> {
    const token = await tokens.get();
    try {
      return await call({ ...serviceCall, bearer: token }, leaving);
    } catch (error) {
      if (!(error instanceof KycApiError && error.status === 401)) throw error;
      tokens.discard(token);
      return call({ ...serviceCall, bearer: await tokens.get() }, leaving);
    }
  }

  const readTransaction = (body: unknown): Transaction => expectShape(transactionEnvelopeShape, body, 'the transaction envelope').data;

  return {
    verificationUrl,
    now,
    serviceNow: options.now ?? serviceClock.now,
    async createTransaction(request) {
      assertValidCreateRequest(request);
      return readTransaction(await authorized({ method: 'POST', url: `${baseUrl}/v1/transactions/`, body: request }));
    },
    async getTransaction(uuidOrNanoid, leaving) {
      const url = `${baseUrl}/v1/transactions/${encodeURIComponent(uuidOrNanoid)}`;
      return readTransaction(await authorized({ method: 'GET', url }, leaving));
    },
    async getCredentialInformation(uuid) {
      const url = `${credentialUrl}/api/v1/user/credential_information?transaction_id=${encodeURIComponent(uuid)}`;
      const body = await authorized({ method: 'GET', url });
      return expectShape(credentialEnvelopeShape, body, 'the credential-information envelope').data;
    },
    verificationLink(uuid) {
      return verificationLink(verificationUrl, uuid);
    },
  };
}
