import {
  CLOSE_TIMEOUT_MS,
  RECONCILE_INTERVAL_MS,
  RESULT_LEASE_MS,
  RETENTION_MS,
  RETRY_DELAYS_MS,
  STALE_FOR_MS,
  STORE_TIMEOUT_MS,
  STREAM_FOLLOW_INTERVAL_MS,
  STREAM_HEARTBEAT_MS,
  SWEEP_INTERVAL_MS,
} from './state/timings.js';

/** The kit's knobs: each has a default that suits most backends (what each trades: src/server/state/timings.ts). */
export interface KycKitTuning {
  /** Waits between attempts to deliver a result; the last repeats until it succeeds. Default 1, 2, 4, 8 and 16 s. */
  retryDelaysMs?: readonly number[];
  /** How long a process holds a result before another may take it over; renewed while `onResult` runs. Default 15 s. */
  resultLeaseMs?: number;
  /** How long the last known status is served while the service fails, before 502/504. Default 60 s. */
  staleForMs?: number;
  /** How long a transaction's records outlive its expiry, and a result job the last time its end was found (or its success). Default 24 h. */
  retentionMs?: number;
  /** How long one store call may take before the request answers 503. Default 2 000 ms. */
  storeTimeoutMs?: number;
  /** How often this process looks for results left by a dead process or due for a retry. Default 1 s; 0 turns sweeping off, on the timer and on requests. */
  sweepIntervalMs?: number;
  /**
   * How often each transaction the kit created is read while pending, when nothing else (a poll,
   * a stream, a webhook's confirmation) read it within that time: so an end whose webhook was lost
   * reaches `onResult` though nobody polls. Checked on the sweeps. Default 60 000 ms.
   */
  reconcileIntervalMs?: number;
  /** Between heartbeats (`event: ping`), which keep proxies from closing a quiet stream. Default 15 000 ms. */
  streamHeartbeatMs?: number;
  /** How often a streamed transaction is read, for backends whose webhooks do not tell its steps. Default 1 000 ms (the read budget). */
  streamFollowIntervalMs?: number;
  /** Streams open at once for one transaction, in this process; more answer 429. Default 5. */
  maxStreamsPerTransaction?: number;
  /** Streams open at once for one caller (as `owner` names them), in this process; more answer 429. Default 20. */
  maxStreamsPerCaller?: number;
  /** Larger webhook bodies get 413. Default 65 536 bytes (a webhook payload (docs/service.md §2.7) is well under 1 KiB). */
  maxBodyBytes?: number;
  /**
   * How long `close()` waits for the results this process is delivering before handing them to the
   * fleet (another process takes each at its next sweep). Default 5 000 ms.
   */
  closeTimeoutMs?: number;
}

/** The tuning with every default filled in. */
export type ResolvedTuning = Required<KycKitTuning>;

export function resolveTuning(tuning: KycKitTuning = {}): ResolvedTuning {
  return {
    retryDelaysMs: tuning.retryDelaysMs ?? RETRY_DELAYS_MS,
    resultLeaseMs: tuning.resultLeaseMs ?? RESULT_LEASE_MS,
    staleForMs: tuning.staleForMs ?? STALE_FOR_MS,
    retentionMs: tuning.retentionMs ?? RETENTION_MS,
    storeTimeoutMs: tuning.storeTimeoutMs ?? STORE_TIMEOUT_MS,
    sweepIntervalMs: tuning.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    reconcileIntervalMs: tuning.reconcileIntervalMs ?? RECONCILE_INTERVAL_MS,
    streamHeartbeatMs: tuning.streamHeartbeatMs ?? STREAM_HEARTBEAT_MS,
    streamFollowIntervalMs: tuning.streamFollowIntervalMs ?? STREAM_FOLLOW_INTERVAL_MS,
    maxStreamsPerTransaction: tuning.maxStreamsPerTransaction ?? 5,
    maxStreamsPerCaller: tuning.maxStreamsPerCaller ?? 20,
    maxBodyBytes: tuning.maxBodyBytes ?? 65_536,
    closeTimeoutMs: tuning.closeTimeoutMs ?? CLOSE_TIMEOUT_MS,
  };
}
