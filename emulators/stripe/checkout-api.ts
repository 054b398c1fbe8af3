/**
 * The Checkout Sessions API: create (payment, setup or subscription mode), retrieve, line items,
 * expire; sessions past `expires_at` expire when next looked at (`checkout-expiry.ts`).
 * `/__control` failure rules apply to creation.
 */
import type Stripe from 'stripe';
import { expireIfDue, expireSession } from './checkout-expiry';
import { currentCoupon, getCoupon, getPromotionCode, promotionCodeRefusal } from './coupons';
import { getPrice } from './catalogue';
import { checkExpiresAt, lineItemList, newSession, parseCreateParams, type CreateParams, type PriceResolver } from './checkout-sessions';
import { refreshTotals, taxAddress } from './checkout-totals';
import { sessionNow, type StandIn } from './context';
import { getCustomer } from './customers';
import { invalidRequest, noSuchSession } from './errors';
import { assertExpandable, expandObject, type Expanders } from './expand';
import { parseExpand, rejectUnknown } from './params';
import { ok, type Route } from './route';
import type { FailureRule, SessionRecord } from './store';

/** The parameters a failure rule can be matched on, by the names the API gives them. */
function matchesRule(rule: FailureRule, params: CreateParams): boolean {
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

const expanders = (standIn: StandIn): Expanders => ({
  line_items: (_, owner) => {
    const record = standIn.store.sessions.get(owner.id as string);
    return record ? lineItemList(record.session, record.lineItems) : undefined;
  },
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  subscription: (id) => standIn.store.subscriptions.get(id as string)?.subscription ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

/** `line_items[n][price]`: a stored Price that can be bought (Stripe's errors otherwise). */
const priceResolver =
  (standIn: StandIn): PriceResolver =>
  (id, param) => {
    const { price } = getPrice(standIn, id, param);
    if (!price.active) throw invalidRequest('The price specified is inactive. This field only accepts active prices.', param);
    const product = standIn.store.products.get(price.product as string);
    if (product?.product && !product.product.active)
      throw invalidRequest(`The price \`${id}\` is not available to be purchased because its product is not active.`, param);
    return {
      price,
      productName: product?.name ?? 'Product',
      productDescription: product?.description ?? null,
      productImages: product?.product?.images ?? [],
    };
  };

/** `discounts[0]`: the coupon or promotion code must exist and be redeemable now; the session's
 *  `discounts` entry. */
function checkDiscount(standIn: StandIn, params: CreateParams): Stripe.Checkout.Session.Discount | null {
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
function checkTaxLocation(standIn: StandIn, params: CreateParams) {
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

function getSession(standIn: StandIn, id: string): SessionRecord {
  const record = findSession(standIn, id);
  if (!record) throw noSuchSession(id);
  return record;
}

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle(standIn, { form, origin }) {
      const params = parseCreateParams(form, priceResolver(standIn));
      if (params.customer !== null) getCustomer(standIn, params.customer, 'customer');
      const discount = checkDiscount(standIn, params);
      checkTaxLocation(standIn, params);
      const now = sessionNow(standIn, params.customer);
      checkExpiresAt(params, now);
      assertExpandable(params.expand, expanders(standIn));
      // A controlled failure counts as "the endpoint ran": Stripe saves such results under the
      // idempotency key, so the SDK's automatic retries of a 5xx see the same error again.
      const rule = standIn.store.rules.find((candidate) => matchesRule(candidate, params));
      if (rule) {
        if (rule.times !== undefined && --rule.times <= 0) standIn.store.rules = standIn.store.rules.filter((kept) => kept !== rule);
        standIn.settings.log(`create session: failing with ${rule.status} ${rule.type} (control rule)`);
        return {
          status: rule.status,
          body: { error: { type: rule.type, ...(rule.code ? { code: rule.code } : {}), message: rule.message } },
        };
      }
      const session = newSession(params, now, standIn.settings.baseUrl);
      if (discount) session.discounts = [discount];
      for (const item of params.lineItems)
        if (!item.price) standIn.store.products.set(item.productId, { id: item.productId, name: item.name, description: item.description });
      const record: SessionRecord = {
        session,
        lineItems: params.lineItems,
        apiVersion: origin.apiVersion,
        subscriptionData: params.subscription_data,
        customerUpdate: params.customer_update,
      };
      if (session.mode !== 'setup') refreshTotals(standIn, record, taxAddress(standIn, record, null));
      standIn.store.addSession(record);
      standIn.settings.log(
        `session ${session.id} created (${session.mode}): ${session.amount_total} ${session.currency}, ${params.lineItems.map((item) => item.name).join(', ')}`,
      );
      return ok(renderSession(standIn, session, params.expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(renderSession(standIn, getSession(standIn, id).session, expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand', 'limit', 'starting_after', 'ending_before']);
      const record = getSession(standIn, id);
      return ok(lineItemList(record.session, record.lineItems));
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      const record = getSession(standIn, id);
      if (record.session.status !== 'open') {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`,
        );
      }
      expireSession(standIn, record, sessionNow(standIn, typeof record.session.customer === 'string' ? record.session.customer : null));
      return ok(renderSession(standIn, record.session, expand));
    },
  },
];
