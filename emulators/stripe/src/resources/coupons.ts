/**
 * Coupons (`/v1/coupons`: percent or fixed amount off, for one invoice, some months or forever),
 * the promotion codes customers type (`/v1/promotion_codes`, a code for one coupon, with its own
 * expiry and redemption limit), and the discount a redeemed code puts on a subscription (every
 * invoice of it takes the coupon off: invoice-amounts.ts). Events: coupon.created/updated/deleted,
 * promotion_code.created/updated, customer.discount.created.
 */
import type Stripe from 'stripe';
import { addInterval } from './billing-periods';
import { standInNow, type StandIn } from '../core/context';
import { invalidRequest, noSuch, found } from '../core/errors';
import type { EventBatch } from '../core/events';
import { expandObject, type Expanders } from '../core/expand';
import type { FormObject } from '../core/form-encoding';
import { randomId } from '../core/ids';
import { asBoolean, asCustomId, asInteger, asObject, asString, oneOf, parseMetadata, rejectUnknown, required } from '../core/params';
import type { CouponRecord, DiscountRecord, PromotionCodeRecord } from '../core/store';

export const noSuchCoupon = (id: string, param = 'id') => noSuch('coupon', id, param);
export const noSuchPromotionCode = (id: string, param = 'id') => noSuch('promotion code', id, param);

export function getCoupon(standIn: StandIn, id: string, param = 'id'): CouponRecord {
  return found(standIn.store.coupons.get(id), () => noSuchCoupon(id, param));
}

export function getPromotionCode(standIn: StandIn, id: string, param = 'id'): PromotionCodeRecord {
  return found(standIn.store.promotionCodes.get(id), () => noSuchPromotionCode(id, param));
}

/** Whether the coupon can still be redeemed: not past `redeem_by`, not redeemed `max_redemptions` times. */
function couponValid(coupon: Stripe.Coupon, now: number): boolean {
  return (
    (coupon.redeem_by === null || now < coupon.redeem_by) &&
    (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions)
  );
}

/** The coupon as the API shows it now (`valid` follows the time and its redemptions). */
export function currentCoupon(standIn: StandIn, record: CouponRecord): Stripe.Coupon {
  record.coupon.valid = couponValid(record.coupon, standInNow(standIn));
  return record.coupon;
}

function parsePercent(form: FormObject): number | undefined {
  const text = asString(form.percent_off, ['percent_off']);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !(value > 0) || value > 100)
    throw invalidRequest('percent_off must be a number greater than 0 and at most 100, with at most two decimals.', 'percent_off');
  return value;
}

export function createCoupon(standIn: StandIn, form: FormObject, batch: EventBatch): Stripe.Coupon {
  const id = asCustomId(form.id, ['id']) ?? randomId('', 8);
  const percentOff = parsePercent(form);
  const amountOff = asInteger(form.amount_off, ['amount_off'], 1, 99_999_999);
  if (percentOff !== undefined && amountOff !== undefined)
    throw invalidRequest('You may only specify one of these parameters: amount_off, percent_off.', 'amount_off');
  if (percentOff === undefined && amountOff === undefined)
    throw invalidRequest('Missing required param: percent_off or amount_off.', 'percent_off', 'parameter_missing');
  const currency = asString(form.currency, ['currency'])?.toLowerCase();
  if (amountOff !== undefined && currency === undefined)
    throw invalidRequest('You must pass currency when passing amount_off.', 'currency', 'parameter_missing');
  if (currency !== undefined && !/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
  const duration = oneOf(form.duration, ['duration'], ['once', 'repeating', 'forever'] as const) ?? 'once';
  const months = asInteger(form.duration_in_months, ['duration_in_months'], 1, 12 * 100);
  if (duration === 'repeating' && months === undefined)
    throw invalidRequest('Missing required param: duration_in_months.', 'duration_in_months', 'parameter_missing');
  if (duration !== 'repeating' && months !== undefined)
    throw invalidRequest('duration_in_months can only be set when duration is repeating.', 'duration_in_months');
  const now = standInNow(standIn);
  const redeemBy = asInteger(form.redeem_by, ['redeem_by'], 0);
  if (redeemBy !== undefined && redeemBy <= now) throw invalidRequest('redeem_by must be in the future.', 'redeem_by');
  const name = asString(form.name, ['name']) ?? null;
  if (name !== null && name.length > 40) throw invalidRequest('name can have at most 40 characters.', 'name');
  if (standIn.store.coupons.has(id)) throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
  const coupon: Stripe.Coupon = {
    id,
    object: 'coupon',
    amount_off: amountOff ?? null,
    created: now,
    currency: amountOff !== undefined ? currency! : null,
    duration,
    duration_in_months: months ?? null,
    livemode: false,
    max_redemptions: asInteger(form.max_redemptions, ['max_redemptions'], 1) ?? null,
    metadata: parseMetadata(form.metadata),
    name,
    percent_off: percentOff ?? null,
    redeem_by: redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
  standIn.store.coupons.set(id, { coupon, seq: standIn.store.nextSeq() });
  standIn.settings.log(
    `coupon ${id} created (${percentOff !== undefined ? `${percentOff} %` : `${amountOff} ${currency}`} off, ${duration})`,
  );
  batch.emit('coupon.created', coupon, now);
  return coupon;
}

export const promotionExpanders = (standIn: StandIn): Expanders => ({
  'promotion.coupon': (id) => {
    const record = standIn.store.coupons.get(id as string);
    return record ? currentCoupon(standIn, record) : id;
  },
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
});

export function renderPromotionCode(standIn: StandIn, code: Stripe.PromotionCode, expand: readonly string[]) {
  return expandObject(code, expand, promotionExpanders(standIn));
}

/** Codes compare without regard to case, as on Stripe. */
export const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

export function parseRestrictions(form: FormObject): Stripe.PromotionCode.Restrictions {
  const restrictions = asObject(form.restrictions, ['restrictions']) ?? {};
  rejectUnknown(restrictions, ['first_time_transaction', 'minimum_amount', 'minimum_amount_currency'], ['restrictions']);
  const minimum = asInteger(restrictions.minimum_amount, ['restrictions', 'minimum_amount'], 0);
  const currency = asString(restrictions.minimum_amount_currency, ['restrictions', 'minimum_amount_currency'])?.toLowerCase();
  if (minimum !== undefined && currency === undefined)
    throw invalidRequest(
      'Missing required param: restrictions[minimum_amount_currency].',
      'restrictions[minimum_amount_currency]',
      'parameter_missing',
    );
  return {
    first_time_transaction: asBoolean(restrictions.first_time_transaction, ['restrictions', 'first_time_transaction']) ?? false,
    minimum_amount: minimum ?? null,
    minimum_amount_currency: minimum !== undefined ? currency! : null,
  };
}

export function createPromotionCode(standIn: StandIn, form: FormObject, batch: EventBatch): Stripe.PromotionCode {
  const promotion = required(asObject(form.promotion, ['promotion']), ['promotion']);
  rejectUnknown(promotion, ['type', 'coupon'], ['promotion']);
  required(oneOf(promotion.type, ['promotion', 'type'], ['coupon'] as const), ['promotion', 'type']);
  const couponId = required(asString(promotion.coupon, ['promotion', 'coupon']), ['promotion', 'coupon']);
  const code = asString(form.code, ['code']) ?? randomId('', 8).toUpperCase();
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(code))
    throw invalidRequest('The code can contain only letters, digits, dashes and underscores.', 'code');
  const active = asBoolean(form.active, ['active']) ?? true;
  const customer = asString(form.customer, ['customer']) ?? null;
  const now = standInNow(standIn);
  const expiresAt = asInteger(form.expires_at, ['expires_at'], 0) ?? null;
  if (expiresAt !== null && expiresAt <= now) throw invalidRequest('expires_at must be in the future.', 'expires_at');
  const maxRedemptions = asInteger(form.max_redemptions, ['max_redemptions'], 1) ?? null;
  const metadata = parseMetadata(form.metadata);
  const restrictions = parseRestrictions(form);
  const coupon = getCoupon(standIn, couponId, 'promotion[coupon]');
  if (!currentCoupon(standIn, coupon).valid)
    throw invalidRequest(`Coupon ${couponId} is no longer valid and cannot be used for a promotion code.`, 'promotion[coupon]');
  if (customer !== null && !standIn.store.customers.has(customer)) throw noSuch('customer', customer, 'customer');
  if (
    active &&
    [...standIn.store.promotionCodes.values()].some((other) => other.promotionCode.active && sameCode(other.promotionCode.code, code))
  )
    throw invalidRequest(`An active promotion code with \`code: ${code}\` already exists.`, 'code', 'resource_already_exists');
  const promotionCode: Stripe.PromotionCode = {
    id: randomId('promo_', 24),
    object: 'promotion_code',
    active,
    code,
    created: now,
    customer,
    customer_account: null,
    expires_at: expiresAt,
    livemode: false,
    max_redemptions: maxRedemptions,
    metadata,
    promotion: { coupon: couponId, type: 'coupon' },
    restrictions,
    times_redeemed: 0,
  };
  standIn.store.promotionCodes.set(promotionCode.id, { promotionCode, seq: standIn.store.nextSeq() });
  standIn.settings.log(`promotion code ${code} (${promotionCode.id}) created for coupon ${couponId}`);
  batch.emit('promotion_code.created', promotionCode, now);
  return promotionCode;
}

/** Why a promotion code cannot be redeemed now (by this customer, on this amount), or null. The
 *  words are what the hosted checkout shows under the code field. */
export function promotionCodeRefusal(
  standIn: StandIn,
  record: PromotionCodeRecord,
  context: { customerId: string | null; amount: number; currency: string },
): string | null {
  const code = record.promotionCode;
  const now = standInNow(standIn);
  const coupon = standIn.store.coupons.get(code.promotion.coupon as string);
  if (!code.active || !coupon) return 'This code is not active.';
  if (code.expires_at !== null && now >= code.expires_at) return 'This code has expired.';
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) return 'This code has been used up.';
  if (!currentCoupon(standIn, coupon).valid) return 'This code is no longer valid.';
  if (code.customer !== null && code.customer !== context.customerId) return 'This code is not valid for this customer.';
  if (code.restrictions.first_time_transaction && context.customerId !== null) {
    const paidBefore = standIn.store.invoicesOf(context.customerId).some((invoice) => invoice.invoice.status === 'paid');
    if (paidBefore) return 'This code is valid for a first purchase only.';
  }
  const { minimum_amount: minimum, minimum_amount_currency: minimumCurrency } = code.restrictions;
  if (minimum !== null && (minimumCurrency !== context.currency || context.amount < minimum))
    return 'The order is below the minimum for this code.';
  if (coupon.coupon.amount_off !== null && coupon.coupon.currency !== context.currency) return 'This code is not valid for this currency.';
  return null;
}

/** The active promotion code a customer typed (any case), or undefined. */
export function findActiveCode(standIn: StandIn, typed: string): PromotionCodeRecord | undefined {
  const wanted = typed.trim();
  if (wanted === '') return undefined;
  return [...standIn.store.promotionCodes.values()].find(
    (record) => record.promotionCode.active && sameCode(record.promotionCode.code, wanted),
  );
}

/** One redemption of the code (and its coupon): `promotion_code.updated` and `coupon.updated` are
 *  not sent for this on Stripe, only the counts move. */
export function redeem(standIn: StandIn, promotionCodeId: string | null, couponId: string) {
  if (promotionCodeId) {
    const code = standIn.store.promotionCodes.get(promotionCodeId);
    if (code) code.promotionCode.times_redeemed++;
  }
  const coupon = standIn.store.coupons.get(couponId);
  if (coupon) {
    coupon.coupon.times_redeemed++;
    currentCoupon(standIn, coupon);
  }
}

/** The discount a redeemed coupon puts on a new subscription (its `customer.discount.created`
 *  is the caller's to send once the subscription exists). A `repeating` coupon's discount ends
 *  `duration_in_months` after it starts. */
export function createDiscount(
  standIn: StandIn,
  input: {
    couponId: string;
    promotionCodeId: string | null;
    customerId: string;
    subscriptionId: string | null;
    checkoutSessionId: string | null;
    at: number;
  },
): DiscountRecord {
  const coupon = getCoupon(standIn, input.couponId).coupon;
  const end =
    coupon.duration === 'repeating' && coupon.duration_in_months !== null
      ? addInterval(input.at, 'month', coupon.duration_in_months)
      : null;
  const discount: Stripe.Discount = {
    id: randomId('di_', 24),
    object: 'discount',
    checkout_session: input.checkoutSessionId,
    customer: input.customerId,
    customer_account: null,
    end,
    invoice: null,
    invoice_item: null,
    promotion_code: input.promotionCodeId,
    source: { coupon: input.couponId, type: 'coupon' },
    start: input.at,
    subscription: input.subscriptionId,
    subscription_item: null,
  };
  const record: DiscountRecord = { discount, invoiceIds: [], seq: standIn.store.nextSeq() };
  standIn.store.discounts.set(discount.id, record);
  return record;
}
