/**
 * Proration as Stripe computes it: a change inside a billing period credits the unused time of
 * what is replaced and charges the remaining time of what replaces it, each to the second, as a
 * share of the whole period — amount × (period end − proration date) / (period end − period
 * start), rounded to the cent for each line. Lines read like Stripe's: "Unused time on Gold after
 * 15 Mar 2027" and "Remaining time on Diamond Peak after 15 Mar 2027" (with "2 × " before the
 * product for a quantity above one).
 */
import type Stripe from 'stripe';

export interface Period {
  start: number;
  end: number;
}

/** One proration: a credit (negative) for an item's old price and quantity, or a charge for its new ones. */
export interface Proration {
  kind: 'credit' | 'charge';
  amount: number;
  price: Stripe.Price;
  quantity: number;
  /** The subscription item it is about (for a removed item: the item it was). */
  subscriptionItemId: string;
  period: Period;
  description: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "15 Mar 2027" (UTC), as Stripe writes dates in proration lines. */
export function prorationDate(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The cents of `amount` for the part of `period` after `from`, rounded half away from zero. */
export function prorate(amount: number, period: Period, from: number): number {
  const length = period.end - period.start;
  if (length <= 0 || from >= period.end) return 0;
  const share = (Math.min(amount, Number.MAX_SAFE_INTEGER) * (period.end - Math.max(from, period.start))) / length;
  return Math.sign(share) * Math.round(Math.abs(share));
}

function describe(kind: Proration['kind'], quantity: number, productName: string, from: number): string {
  const what = quantity > 1 ? `${quantity} × ${productName}` : productName;
  return `${kind === 'credit' ? 'Unused' : 'Remaining'} time on ${what} after ${prorationDate(from)}`;
}

/** The credit (negative) or the charge for `price` × `quantity` over what is left of `period`
 *  after `from`. */
export function prorationOf(
  kind: Proration['kind'],
  price: Stripe.Price,
  quantity: number,
  subscriptionItemId: string,
  period: Period,
  from: number,
  productName: string,
): Proration {
  const amount = prorate((price.unit_amount ?? 0) * quantity, period, from);
  return {
    kind,
    amount: kind === 'credit' ? -amount : amount,
    price,
    quantity,
    subscriptionItemId,
    period: { start: from, end: period.end },
    description: describe(kind, quantity, productName, from),
  };
}
