/**
 * Webhook faults (docs/sandbox.md, "Webhook faults"): rules a test installs so that the next
 * delivery, of one transaction or of any, is duplicated, reordered, delayed or dropped. The
 * dispatcher asks which rule applies to each delivery; this class only keeps and matches them.
 */
import type { WebhookDelivery, WebhookFault, WebhookFaultSpec } from './schemas.js';

/** A rule as kept: a reorder rule holds the first delivery of its pair until the second comes. */
type Rule = WebhookFault & { held: WebhookDelivery | null };

export interface AppliedFault {
  rule: WebhookFault;
  /** For a reorder rule's second delivery: the first one, held until now, to send after it. */
  partner: WebhookDelivery | null;
}

export class WebhookFaults {
  #rules: Rule[] = [];
  #nextId = 1;

  add(spec: WebhookFaultSpec): WebhookFault {
    const rule: Rule = { ...spec, id: this.#nextId++, uuid: spec.uuid ?? null, every: spec.every, held: null };
    this.#rules.push(rule);
    return publicOf(rule);
  }

  /** Pending rules, oldest first. */
  list(): WebhookFault[] {
    return this.#rules.map(publicOf);
  }

  /**
   * The rule that applies to a delivery of `uuid`, if any: the transaction's own rules first, then
   * those for any transaction, oldest first. A rule without `every` is used up (a reorder rule by
   * the second delivery of its pair).
   */
  take(delivery: WebhookDelivery): AppliedFault | null {
    const rule =
      this.#rules.find((candidate) => candidate.uuid === delivery.uuid) ?? this.#rules.find((candidate) => candidate.uuid === null);
    if (!rule) return null;
    if (rule.fault === 'reorder' && !rule.held) {
      rule.held = delivery;
      return { rule: publicOf(rule), partner: null };
    }
    const partner = rule.held;
    rule.held = null;
    if (!rule.every) this.#rules = this.#rules.filter((candidate) => candidate !== rule);
    return { rule: publicOf(rule), partner };
  }

  /** Removes every rule; answers the deliveries reorder rules were holding, to be sent as they are. */
  clear(): WebhookDelivery[] {
    const held = this.#rules.flatMap((rule) => (rule.held ? [rule.held] : []));
    this.#rules = [];
    return held;
  }
}

function publicOf({ held: _held, ...rule }: Rule): WebhookFault {
  return rule;
}
