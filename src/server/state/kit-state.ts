import type { Budgets } from '../budgets/budgets.js';
import type { KycClient } from '../client/client.js';
import type { OwnerOf } from '../handlers/owner.js';
import type { StatusAnswers } from '../handlers/status-answers.js';
import type { OpenStreams } from '../handlers/open-streams.js';
import type { ResolvedTuning } from '../tuning.js';
import type { BackgroundWork } from './background.js';
import type { Report } from './error-reporter.js';
import type { Reconciliation } from './reconciliation.js';
import type { ResultDelivery } from './result-delivery.js';
import type { StatusFeed } from './status-feed.js';
import type { StatusReader } from './status-reader.js';
import type { Store } from './store.js';
import type { TransactionStatus } from '../../shared/transaction-state.js';
import type { Telemetry } from '../telemetry/telemetry.js';

/** What the handlers of one kit share: one object, built by `createKycKit`, and nothing global. */
export interface KitState {
  client: KycClient;
  store: Store;
  reader: StatusReader;
  results: ResultDelivery;
  /** Follows every transaction the session handler created until its end. */
  reconciliation: Reconciliation;
  background: BackgroundWork;
  owner: OwnerOf | undefined;
  /** The live statuses behind the status streams, and the streams open. */
  feed: StatusFeed;
  streams: OpenStreams;
  /** The budgets no choice of owner escapes (docs/budgets.md). */
  budgets: Budgets;
  tuning: ResolvedTuning;
  /** What every status answer adds about the backend's offers (the channels it sends the link on). */
  offers: Pick<TransactionStatus, 'send'>;
  /** Each status version's ETag and answer, serialised once for the polls and the streams of every handler. */
  answers: StatusAnswers;
  /** What the kit tells OpenTelemetry: its metrics and spans when the application registered an SDK (docs/operations.md). */
  telemetry: Telemetry;
  /** Where this handler's failures go, rate-limited and named after it; never throws. */
  report: Report;
}
