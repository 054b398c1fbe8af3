/**
 * The Checkout Sessions API: create (payment, setup or subscription mode), retrieve, line items,
 * expire; sessions past `expires_at` expire when next looked at (`checkout-expiry.ts`).
 * `/__control` failure rules apply to creation.
 */
import type Stripe from 'stripe';
import { expireIfDue } from './checkout-expiry';
import { currentCoupon, getCoupon, getPromotionCode, promotionCodeRefusal } from './coupons';
import { lineItemList, type CreateParams } from './checkout-sessions';
import { type StandIn } from '../core/context';
import { invalidRequest, noSuchSession, found } from '../core/errors';
import { expandObject, type Expanders } from '../core/expand';
import type { FailureRule, SessionRecord } from '../core/store';

/** The parameters a failure rule can be matched on, by the names the API gives them. */
export function matchesRule(rule: FailureRule, params: CreateParams): boolean {
  const value = (name: string): string | null => {
    const metadataKey = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (metadataKey !== undefined) return params.metadata[metadataKey] ?? null;
    if (
      name === 'success_url' ||
      name === 'cancel_url' ||
      name === 'client_reference_id' ||
      name === 'customer_email' ||
      name === 'customer'
    )
      return params[name];
    return null;
  };
  return Object.entries(rule.match ?? {}).every(([name, expected]) => value(name) === expected);
}

export const expanders = (standIn: StandIn): Expanders => ({
  line_items: (_, owner) => {
    const record = standIn.store.sessions.get(owner.id as string);
    return record ? lineItemList(record.session, record.lineItems) : undefined;
  },
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  subscription: (id) => standIn.store.subscriptions.get(id as string)?.subscription ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

/** `discounts[0]`: the coupon or promotion code must exist and be redeemable now; the session's
 *  `discounts` entry. */
export function checkDiscount(standIn: StandIn, params: CreateParams): Stripe.Checkout.Session.Discount | null {
  const { discount } = params;
  if (discount === null) return null;
  const amount = params.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const currency = params.lineItems[0]?.currency ?? 'usd';
  if ('coupon' in discount) {
    const coupon = currentCoupon(standIn, getCoupon(standIn, discount.coupon, 'discounts[0][coupon]'));
    if (!coupon.valid) throw invalidRequest(`Coupon ${coupon.id} is no longer valid.`, 'discounts[0][coupon]');
    if (coupon.amount_off !== null && coupon.currency !== currency)
      throw invalidRequest(`Coupon ${coupon.id} is in ${coupon.currency}; this session is in ${currency}.`, 'discounts[0][coupon]');
    return { coupon: coupon.id, promotion_code: null };
  }
  const record = getPromotionCode(standIn, discount.promotion_code, 'discounts[0][promotion_code]');
  const refusal = promotionCodeRefusal(standIn, record, { customerId: params.customer, amount, currency });
  if (refusal) throw invalidRequest(refusal, 'discounts[0][promotion_code]');
  return { coupon: record.promotionCode.promotion.coupon as string, promotion_code: record.promotionCode.id };
}

/** Stripe Tax needs to know where a named customer is: its saved address, or the one typed on
 *  the page, saved to it (`customer_update[address]=auto`). */
export function checkTaxLocation(standIn: StandIn, params: CreateParams) {
  if (!params.automatic_tax || params.customer === null) return;
  const customer = standIn.store.customers.get(params.customer)?.customer;
  if (customer?.address?.country || params.customer_update?.address === 'auto') return;
  throw invalidRequest(
    "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
    'automatic_tax[enabled]',
  );
}

export function renderSession(standIn: StandIn, session: Stripe.Checkout.Session, expand: readonly string[]) {
  return expandObject(session, expand, expanders(standIn));
}

/** The session, expired first when its time has passed `expires_at`, as Stripe's would be. */
export function findSession(standIn: StandIn, id: string): SessionRecord | undefined {
  const record = standIn.store.sessions.get(id);
  if (record) expireIfDue(standIn, record);
  return record;
}

export function getSession(standIn: StandIn, id: string): SessionRecord {
  return found(findSession(standIn, id), () => noSuchSession(id));
}
