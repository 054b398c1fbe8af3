/** checkoutSummary: what the thank-you page shows a visitor after Checkout. Stripe sends the
 *  visitor back to /thank-you?session_id={CHECKOUT_SESSION_ID}; the page asks here with that id.
 *  Anyone holding a session id may ask (it is unguessable and only its buyer was sent to it), so
 *  the answer holds only what the page shows: what was bought and what Stripe charged for it (kept
 *  by the webhook), the order's id as its reference; no email, no customer or subscription ids. It is
 *  answered from the order, found by its session id (the "stripeId" index): Stripe is never asked,
 *  so guessed ids cannot spend the rate limit checkout needs, and the ids that match no order are
 *  limited per client address (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type { CheckoutCharged, CheckoutSummary, CheckoutSummaryFound } from '../../../src/catalog/checkout';
import { isPlanId, isPricedPlan } from '../../../src/catalog/plans';
import { isBillingPeriod } from '../../../src/catalog/pricing';
import { isServiceId } from '../../../src/catalog/services';
import { isSubscriptionStatus, TERM_MONTHS } from '../../../src/catalog/subscription';
import { clientAddress } from '../http/client-address';
import { applyCors, requireMethod, sendError } from '../http/http';
import { ORDERS_PATH, isClosedOrder } from '../../../src/data/orders';
import { takeAllowance } from '../http/rate-limit';
import { isStripeId } from '../stripe/stripe-ids';

/** Lookups that match no order, per client address: 30 an hour. A buyer asks about one session,
 *  a few times (reloads, a second tab); a typo or a stale link is a handful more. 30 misses an
 *  hour leaves every real visitor room, also many behind one shared address, and stops a script
 *  guessing ids after 30. */
export const SUMMARY_MISS_LIMIT = { bucket: 'checkout-summary-miss', max: 30, windowMs: 60 * 60 * 1000 } as const;

export interface CheckoutSummaryDependencies {
  database: Database;
  siteOrigins: readonly string[];
  now?: () => number;
  /** The tests pass their own; production uses SUMMARY_MISS_LIMIT. */
  missLimit?: { max: number; windowMs: number };
}

/** The words for every request that reaches an order of a deleted account by a proof a stranger
 *  may hold (its session id, a mailed link): nothing of it is shown, claimed or opened. */
export const CLOSED_ORDER_MESSAGE =
  'This order belonged to an account that has been deleted: it cannot be added to an account, and its details, billing and invoices can no longer be opened here. If it was yours, please contact us.';

export const SUMMARY_MESSAGES = {
  notFound: 'No purchase of ours has this Checkout session.',
  closed: CLOSED_ORDER_MESSAGE,
  tooMany: 'Too many look-ups of unknown purchases from your network. Please try again in an hour, or use the link in your order email.',
} as const;

/** The order whose Checkout session this is, by the "stripeId" index; null when none is. */
export async function orderOfSession(
  database: Database,
  sessionId: string,
): Promise<{ orderId: string; order: Record<string, unknown> } | null> {
  const found = await database.ref(ORDERS_PATH).orderByChild('stripeId').equalTo(sessionId).limitToFirst(1).get();
  let located: { orderId: string; order: Record<string, unknown> } | null = null;
  found.forEach((child) => {
    const order = child.val() as Record<string, unknown> | null;
    // equalTo compares exactly; checked again so nothing but this session's order is answered.
    if (child.key && order !== null && order.stripeId === sessionId) located = { orderId: child.key, order };
    return true;
  });
  return located;
}

const isCents = (value: unknown): value is number => Number.isSafeInteger(value);

/** What Stripe charged, as the webhook kept it (functions/src/webhook/checkout-totals.ts). */
function chargedOf(value: unknown): CheckoutCharged | null {
  if (typeof value !== 'object' || value === null) return null;
  const { subtotal, discount, tax, total, promotionCode } = value as Record<string, unknown>;
  if (!isCents(subtotal) || !isCents(discount) || !isCents(tax) || !isCents(total)) return null;
  return { subtotal, discount, tax, total, promotionCode: typeof promotionCode === 'string' ? promotionCode : null };
}

/** The summary of an order, or null when the order is not one the page can show. */
export function summariseOrder(orderId: string, order: Record<string, unknown>): CheckoutSummary | null {
  const { product, tier, billingPeriod, amountPerPeriod, productAmount, termPayments, paymentsMade, subscriptionStatus } = order;
  if (!isServiceId(product) || !isPlanId(tier) || !isPricedPlan(tier) || !isBillingPeriod(billingPeriod)) return null;
  const amount = typeof amountPerPeriod === 'number' ? amountPerPeriod : productAmount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
  return {
    service: product,
    plan: tier,
    period: billingPeriod,
    amountPerPeriod: amount,
    termPayments: typeof termPayments === 'number' ? termPayments : billingPeriod === 'monthly' ? TERM_MONTHS : 1,
    paymentsMade: typeof paymentsMade === 'number' ? paymentsMade : 0,
    subscriptionStatus: isSubscriptionStatus(subscriptionStatus) ? subscriptionStatus : null,
    orderReference: orderId,
    addOns: {
      storage: typeof order.additionalStorage === 'string' && order.additionalStorage ? order.additionalStorage : null,
      security: order.securitySelected === true,
      marketing: order.marketingSelected === true,
    },
    charged: chargedOf(order.checkoutTotals),
  };
}

export async function handleCheckoutSummary(request: Request, response: Response, deps: CheckoutSummaryDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'GET, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'GET')) return;
  // The answer is one buyer's purchase: no shared cache may keep it.
  response.set('Cache-Control', 'no-store');

  const sessionId = request.query.session_id;
  if (!isStripeId('checkoutSession', sessionId)) {
    sendError(response, 400, 'session_id must be a Checkout session id (cs_ and up to 255 letters, digits or underscores).', 'session_id');
    return;
  }

  const located = await orderOfSession(deps.database, sessionId);
  if (located !== null && isClosedOrder(located.order)) {
    // Found, so not a guess to count; but what was bought is the deleted person's, and stays unsaid.
    sendError(response, 410, SUMMARY_MESSAGES.closed);
    return;
  }
  const summary = located === null ? null : summariseOrder(located.orderId, located.order);
  if (summary !== null) {
    const body: CheckoutSummaryFound = { statusCode: 200, data: summary };
    response.status(200).json(body);
    return;
  }
  const allowance = await takeAllowance(deps.database, {
    ...SUMMARY_MISS_LIMIT,
    ...deps.missLimit,
    key: clientAddress(request),
    now: (deps.now ?? Date.now)(),
  });
  if (!allowance.allowed) {
    logger.warn('checkoutSummary: unknown sessions over the limit for one address');
    response.set('Retry-After', String(Math.ceil(allowance.retryAfterMs / 1000)));
    sendError(response, 429, SUMMARY_MESSAGES.tooMany);
    return;
  }
  sendError(response, 404, SUMMARY_MESSAGES.notFound);
}
