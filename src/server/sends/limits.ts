import { sha256Hex } from '../budgets/digest.js';
import type { Limit } from '../budgets/limits.js';
import type { BudgetName } from '../budgets/options.js';
import type { KitState } from '../state/kit-state.js';
import type { SendLimits } from './options.js';

const SEND_REFUSALS = ['too_many_sends', 'cooldown', 'too_many_owner_sends'] as const;

/** A refusal by one of the send limits (docs/send-link.md), as opposed to a budget of the kit. */
export type SendRefusal = (typeof SEND_REFUSALS)[number];

export const isSendRefusal = (reason: string): reason is SendRefusal => (SEND_REFUSALS as readonly string[]).includes(reason);

/**
 * What one send counts against, in the order a person can act on: the transaction's count (kept
 * for its life: `lifeMs`), its cooldown, the owner's window; then the budgets no owner escapes (the
 * destination's, the whole kit's).
 */
export async function sendLimits(
  kit: KitState,
  { uuid, owner, destination, lifeMs }: { uuid: string; owner: string; destination: string | undefined; lifeMs: number },
  limits: SendLimits,
): Promise<Limit<SendRefusal | BudgetName>[]> {
  const own: (Limit<SendRefusal> | null)[] = [
    count(`sends:${uuid}`, limits.perTransaction, lifeMs, 'too_many_sends'),
    limits.cooldownMs > 0 ? count(`send-cooldown:${uuid}`, 1, limits.cooldownMs, 'cooldown') : null,
    count(`owner-sends:${owner}`, limits.perOwner, limits.ownerWindowMs, 'too_many_owner_sends'),
  ];
  // Hashed: the store keeps no phone number or address.
  const hashed = destination === undefined ? undefined : await sha256Hex(destination);
  const budgets = [kit.budgets.limit('sendsPerDestinationPerHour', hashed), kit.budgets.kitWide('sendsPerMinute')];
  return [...own, ...budgets].filter((limit) => limit !== null);
}

const count = <Reason extends string>(key: string, limit: number, windowMs: number, reason: Reason): Limit<Reason> | null =>
  limit === Infinity ? null : { key, limit, windowMs, reason };
