/** The term of a subscription (docs/decisions/0115-the-term-ends-unless-renewed.md): twelve months
 *  from its start, ending then (its cancel_at) unless the customer renews, which adds twelve more.
 *  How many terms a subscription has been given is kept on it, in its metadata, so any reading of
 *  the subscription tells its term's end without asking the database. */
import type Stripe from 'stripe';
import { TERM_MONTHS } from '../../../src/catalog/subscription';

/** subscription.metadata[TERMS_METADATA_KEY]: "1" at checkout (absent means 1), "2" after one renewal, … */
export const TERMS_METADATA_KEY = 'terms';

/** The terms a subscription has been given (at least one). */
export function termsOf(subscription: { metadata?: Stripe.Metadata | null }): number {
  const value = Number(subscription.metadata?.[TERMS_METADATA_KEY]);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

/** `terms` × twelve calendar months after `startMs`, at the same time of day (the end of the month
 *  when that day does not exist then, as Stripe counts billing periods). Counted from the start,
 *  not from the previous end, so a renewal of a term that began on the 29th of February ends where
 *  Stripe's periods do. */
export function termEndAfter(startMs: number, terms: number): number {
  const start = new Date(startMs);
  const end = new Date(startMs);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + TERM_MONTHS * terms);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end.getTime();
}
