/** What processing one webhook event came to. stripeWebhook records `applied` and `ignored` under
 *  stripe_events/{eventId} (no later delivery could change them) and answers `retry` with 409,
 *  unrecorded, so that Stripe delivers the event again. */

/** Database-friendly facts about what was done (ids, statuses, counts). */
export type OutcomeDetails = Record<string, string | number | boolean | null>;

export type EventOutcome =
  | { outcome: 'applied'; details: OutcomeDetails }
  | { outcome: 'ignored'; reason: string; details?: OutcomeDetails }
  /** Something this event needs is not there yet (the order, the completed Checkout session). */
  | { outcome: 'retry'; reason: string; details?: OutcomeDetails };

export function applied(details: OutcomeDetails): EventOutcome {
  return { outcome: 'applied', details };
}

export function ignored(reason: string, details?: OutcomeDetails): EventOutcome {
  return { outcome: 'ignored', reason, ...(details ? { details } : {}) };
}

export function retry(reason: string, details?: OutcomeDetails): EventOutcome {
  return { outcome: 'retry', reason, ...(details ? { details } : {}) };
}
