/** How an order's payment_status moves as Stripe's events arrive — in any order, any number of
 *  times. Stripe retries deliveries and does not promise their order, so the rule is a pure
 *  function of (status now, status an event reports), applied in a database transaction. */

import { PAYMENT_STATUSES, type PaymentStatus } from '../../../src/config/data-limits';

export { PAYMENT_STATUSES, type PaymentStatus };

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The status an order takes when an event reports `reported`:
 * - `paid` is final: nothing moves an order away from it (a late `expired` or `failed`).
 * - `paid` is taken from any other status: the money has arrived, whatever was heard before.
 * - `expired` and `failed` only end an `unpaid` order; they never replace each other.
 * - `unpaid` (a completed session whose async payment is still pending) changes nothing.
 * Repeating an event therefore changes nothing the second time.
 */
export function nextPaymentStatus(current: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  if (current === 'paid') return 'paid';
  if (reported === 'paid') return 'paid';
  if (current === 'unpaid' && (reported === 'expired' || reported === 'failed')) return reported;
  return current;
}
