// The kit's timings in one place: how fast a stream shows a step, and the defaults of `tuning`.
// Each says what it trades; the ones a backend may change are knobs of `createKycKit`'s `tuning`.

/**
 * At most one provider read per uuid in this window, across every process sharing the store: the
 * read budget. Shorter shows a step sooner to a stream without webhooks, and reads the service
 * more (docs/service.md §8 advises polling every 1 to 2 s).
 */
export const READ_INTERVAL_MS = 1000;

/**
 * How much more than the interval separates two reads of a uuid as they leave, so that one slowed
 * on its way (a busy network, a busy process) still reaches the service an interval after the one
 * before. Longer is safer on a jittery network; it slows a stream without webhooks as much.
 */
export const READ_SPACING_MARGIN_MS = 50;

/**
 * How long after asking for the read lease its holder may still send the read. The lease is
 * granted for the interval plus this window, and a read leaves only within it, so it leaves a
 * full interval before the lease can run out, however slow the store's answer; as it leaves, the
 * lease is reset to end one interval (and the spacing margin) later. Longer lets a read through a slower store (past the
 * window it is not sent, and the status is waited for as when another process reads); shorter
 * frees the lease sooner when its holder dies before reading.
 */
export const READ_DEPARTURE_WINDOW_MS = 1000;

/**
 * How often a process without the read lease looks in the store for the answer of the one that
 * holds it. Shorter hands on a read sooner, at one more store call each time.
 */
export const WAIT_STEP_MS = 50;

/**
 * How long a process's mark that it streams a transaction lasts unless its follower renews it.
 * It makes the process that takes a step's webhook read at once; longer outlives a stream that
 * closed, costing reads nobody watches; it must outlast the follow interval.
 */
export const WATCHING_MARK_MS = 5000;

/**
 * With webhooks telling its steps, a streamed transaction is still read this often, in case one
 * is lost. Shorter shows a step whose webhook was lost sooner, at more reads.
 */
export const SAFETY_NET_MS = 10_000;

/**
 * How long the mark that a transaction's webhooks reach the kit lasts, after a delivery the kit
 * can trust (a signed one): while it lasts, its streams read only at the safety net's pace.
 * Longer saves reads; a backend whose webhooks stop is read slowly for as long.
 */
export const WEBHOOKED_MARK_MS = 3600_000;

/** An unsigned delivery may be anyone's: its mark slows the stream's reads no longer than the safety net would. */
export const UNTRUSTED_WEBHOOKED_MARK_MS = SAFETY_NET_MS;

/**
 * How often a streamed transaction is read, for backends whose webhooks do not tell its steps
 * (`tuning.streamFollowIntervalMs`). Shorter than the read budget adds no read: the budget holds.
 */
export const STREAM_FOLLOW_INTERVAL_MS = READ_INTERVAL_MS;

/**
 * Between a stream's heartbeats (`tuning.streamHeartbeatMs`). Shorter keeps a stream open through
 * proxies that close quiet connections sooner, at more bytes per open stream.
 */
export const STREAM_HEARTBEAT_MS = 15_000;

/**
 * How long a browser waits before it reopens a dropped stream (the SSE `retry:` field). Shorter
 * shows the step it missed sooner, at more reconnections when the backend is down.
 */
export const STREAM_RETRY_MS = 3000;

/**
 * A stream ended because its process stops (`kit.close()`) tells its browser to reconnect within
 * this, each stream at a random point of it: soon, to another instance, and spread so that the
 * instances that stay are not met by every stream of the one that stops at once.
 */
export const STREAM_RECONNECT_ON_CLOSE_MS = 1000;

/**
 * How long `kit.close()` waits for the results this process is delivering before it hands them to
 * the fleet (`tuning.closeTimeoutMs`). Longer lets a slow `onResult` finish here; shorter bounds a
 * deploy's wait for each instance (and an `onResult` still running then may run again elsewhere).
 */
export const CLOSE_TIMEOUT_MS = 5000;

/**
 * Waits between attempts to deliver a result; the last repeats (`tuning.retryDelaysMs`). Shorter
 * delivers sooner after `onResult` recovers, at more calls while it fails.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16_000];

/**
 * How long a process holds a result before another may take it over; renewed while `onResult`
 * runs (`tuning.resultLeaseMs`). Shorter recovers sooner from a dead process, at more renewals.
 */
export const RESULT_LEASE_MS = 15_000;

/**
 * How long the last known status is served while the service fails, before 502/504
 * (`tuning.staleForMs`). Longer hides a longer outage, showing an older status.
 */
export const STALE_FOR_MS = 60_000;

/**
 * How long a transaction's records outlive its expiry, and a result job the last time its end was
 * found (`tuning.retentionMs`). Longer retries a failing `onResult` longer, at more store memory.
 */
export const RETENTION_MS = 24 * 3600_000;

/**
 * How long one store call may take before the request answers 503 (`tuning.storeTimeoutMs`).
 * Shorter fails faster when the store hangs; too short fails a store that is only slow.
 */
export const STORE_TIMEOUT_MS = 2000;

/**
 * How often a process looks for results left by a dead process or due for a retry
 * (`tuning.sweepIntervalMs`). Shorter delivers them sooner, at more store calls.
 */
export const SWEEP_INTERVAL_MS = 1000;

/**
 * How often the kit itself checks a transaction it created and nobody else read meanwhile
 * (`tuning.reconcileIntervalMs`): one read per period at most, so that an end whose webhook was
 * lost reaches `onResult` though nobody polls. Shorter delivers such an end sooner, at one more
 * read per transaction per period while it is pending (60 s: 60 an hour, 10 in a default
 * 10-minute transaction); never more than the read budget allows.
 */
export const RECONCILE_INTERVAL_MS = 60_000;
