/**
 * A Checkout session's money: its line items less the discount it carries (a coupon or a promotion
 * code, from `discounts` or typed on the page) plus tax for the billing address when
 * `automatic_tax` is on — worked out by invoice-amounts.ts, as the subscription's first invoice
 * will be, so the total the buyer sees is the total charged.
 */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';
import { computeAmounts, type ComputedAmounts } from './invoice-amounts';
import type { SessionRecord } from '../core/store';

/** The coupon the session's discount applies (null: none, or its coupon is gone). */
export function sessionCoupon(standIn: StandIn, session: Stripe.Checkout.Session): Stripe.Coupon | null {
  const entry = session.discounts?.[0];
  if (!entry) return null;
  const couponId = typeof entry.coupon === 'string' ? entry.coupon : (entry.coupon?.id ?? null);
  return couponId ? (standIn.store.coupons.get(couponId)?.coupon ?? null) : null;
}

/** The address tax is worked out for: the one typed on the page when it will be the customer's
 *  (a new customer, or `customer_update[address]=auto`), else the named customer's own. */
export function taxAddress(standIn: StandIn, record: SessionRecord, typed: Stripe.Address | null): Stripe.Address | null {
  const { session } = record;
  if (typeof session.customer !== 'string') return typed;
  const saved = standIn.store.customers.get(session.customer)?.customer.address ?? null;
  if (record.customerUpdate?.address === 'auto') return typed ?? saved;
  return saved ?? typed;
}

/** Works the totals out again (after a code was applied or an address typed) and writes them on
 *  the session (`amount_subtotal`, `amount_total`, `total_details`, `automatic_tax.status`) and
 *  its line items. */
export function refreshTotals(standIn: StandIn, record: SessionRecord, address: Stripe.Address | null): ComputedAmounts {
  const { session, lineItems } = record;
  const coupon = sessionCoupon(standIn, session);
  const amounts = computeAmounts(
    lineItems.map((item) => ({ amount: item.unitAmount * item.quantity, discountable: true })),
    coupon ? [{ discount: 'checkout', coupon }] : [],
    { enabled: session.automatic_tax.enabled, address },
    session.currency ?? 'usd',
  );
  lineItems.forEach((item, i) => {
    item.amounts = {
      discount: amounts.lines[i].discountAmounts.reduce((sum, entry) => sum + entry.amount, 0),
      tax: amounts.lines[i].tax,
    };
  });
  if (session.currency !== null) {
    session.amount_subtotal = amounts.subtotal;
    session.amount_total = amounts.total;
  }
  session.total_details = { amount_discount: amounts.discount, amount_shipping: 0, amount_tax: amounts.tax };
  if (session.automatic_tax.enabled) session.automatic_tax.status = address?.country ? 'complete' : 'requires_location_inputs';
  return amounts;
}
