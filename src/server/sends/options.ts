import type { RequestContext } from '../state/background.js';
import type { SendChannel } from '../../shared/transaction-state.js';

export type { SendChannel };

export const SEND_CHANNELS: readonly SendChannel[] = ['email', 'sms'];

/** What the kit gives `sendLink`: the transaction, its link, the channel asked for, and its owner. */
export interface SendLinkContext<Context extends RequestContext = RequestContext> {
  uuid: string;
  /** The verification link to send (the one the session handler answered). */
  link: string;
  channel: SendChannel;
  /** The transaction's owner, as `owner(request)` returned it at creation: look the destination up by it, in your records. */
  owner: string;
  /** The browser's request (its cookies, its language). Never take the destination from it. */
  request: Request;
  /** What the mount passed with the request (`{ req, res }` under `toNodeHandler`): the host's session, its user. */
  context: Context;
}

/**
 * Sends `link` to the owner's own address or number, as the backend's records have it, with the
 * backend's mailer or SMS provider; resolves with the destination masked for display (`m•••@gmail.com`).
 * A throw answers 502 to the browser and goes to `onError`.
 */
export type SendLink<Context extends RequestContext = RequestContext> = (send: SendLinkContext<Context>) => Promise<{ to: string }>;

/**
 * The destination `sendLink` will send to for this context (the number or address from the
 * backend's records, in full): the kit counts sends per destination (`budgets`) before sending.
 */
export type SendDestination<Context extends RequestContext = RequestContext> = (send: SendLinkContext<Context>) => string | Promise<string>;

/** The limits on sending a transaction's link (docs/send-link.md); `Infinity` turns a count off. */
export interface SendLimits {
  /** Sends of one transaction's link, for its whole life. */
  perTransaction: number;
  /** The least time between two sends of one transaction's link. */
  cooldownMs: number;
  /** Sends by one owner, of all its transactions, within `ownerWindowMs`. */
  perOwner: number;
  ownerWindowMs: number;
}

/** The limits on sending (docs/send-link.md): all of them held in the store, so a fleet enforces one. */
export interface SendLimitOptions {
  /** Sends of one transaction's link; `Infinity` turns the count off. Default 3. */
  perTransaction?: number;
  /** Between two sends of one transaction's link. Default 60 s. */
  cooldownMs?: number;
  /** Sends by one owner within `ownerWindowMs`, all its transactions together; `Infinity` turns the count off. Default 10. */
  perOwner?: number;
  /** Default 1 hour. */
  ownerWindowMs?: number;
}

export const SEND_DEFAULTS: SendLimits = { perTransaction: 3, cooldownMs: 60_000, perOwner: 10, ownerWindowMs: 3600_000 };

export interface ResolvedSendOptions {
  sendLink: SendLink;
  destination: SendDestination | undefined;
  channels: readonly SendChannel[];
  limits: SendLimits;
}

export function resolveSendOptions(
  sendLink: SendLink | undefined,
  channels: readonly SendChannel[] = ['email'],
  limits: SendLimitOptions = {},
  destination?: SendDestination,
): ResolvedSendOptions | null {
  if (!sendLink) return null;
  const resolved = { ...SEND_DEFAULTS, ...limits };
  for (const name of ['perTransaction', 'perOwner'] as const) {
    if (!(resolved[name] >= 1))
      throw new RangeError(`sendLimits.${name} must be at least 1 (Infinity turns it off), not ${resolved[name]}`);
  }
  if (!(resolved.cooldownMs >= 0 && Number.isFinite(resolved.cooldownMs)))
    throw new RangeError(`sendLimits.cooldownMs must be a duration in ms, not ${resolved.cooldownMs}`);
  // The owner's sends are counted over this window: an empty one would count none.
  if (!(resolved.ownerWindowMs >= 1 && Number.isFinite(resolved.ownerWindowMs)))
    throw new RangeError(`sendLimits.ownerWindowMs must be a duration of at least 1 ms, not ${resolved.ownerWindowMs}`);
  const unknown = channels.filter((channel) => !SEND_CHANNELS.includes(channel));
  if (unknown.length || !channels.length)
    throw new RangeError(`sendChannels: one or more of ${SEND_CHANNELS.join(', ')}, not ${channels.join(', ')}`);
  return { sendLink, destination, channels: [...new Set(channels)], limits: resolved };
}
