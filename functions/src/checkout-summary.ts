/** checkoutSummary: what the thank-you page shows a visitor after Checkout. Stripe sends the
 *  visitor back to /thank-you?session_id={CHECKOUT_SESSION_ID}; the page asks here with that id.
 *  Anyone holding a session id may ask (it is unguessable and only its buyer was sent to it), so
 *  the answer holds only what the page shows: no email, no customer or subscription ids. */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import type { CheckoutSummary, CheckoutSummaryFound } from '../../src/catalog/checkout';
import { isPlanId, isPricedPlan } from '../../src/catalog/plans';
import { isBillingPeriod } from '../../src/catalog/pricing';
import { isServiceId } from '../../src/catalog/services';
import { isSubscriptionStatus, TERM_MONTHS } from '../../src/catalog/subscription';
import { applyCors, requireMethod, sendError } from './http';
import { isOrderId, ORDERS_PATH } from '../../src/data/orders';
import { isStripeId } from './stripe-ids';

export interface CheckoutSummaryDependencies {
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
}

const NOT_FOUND = 'No purchase of ours has this Checkout session.';

/** The summary of an order, or null when the order is not one the page can show. */
export function summariseOrder(order: Record<string, unknown>): CheckoutSummary | null {
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

  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      sendError(response, 404, NOT_FOUND);
      return;
    }
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('checkoutSummary: Stripe refused the session', {
      type: error.type,
      code: error.code,
      status: error.statusCode,
      stripeMessage: error.message,
    });
    sendError(response, 502, `The payment provider could not be asked about this purchase: ${error.message}`);
    return;
  }

  // Ours only if the session names an order whose session it is (not, e.g., one of another shop
  // on the same Stripe account, or a session that copied an order id into its metadata).
  const orderId = session.metadata?.orderId;
  const order = isOrderId(orderId)
    ? ((await deps.database.ref(`${ORDERS_PATH}/${orderId}`).get()).val() as Record<string, unknown> | null)
    : null;
  const summary = order !== null && order.stripeId === session.id ? summariseOrder(order) : null;
  if (summary === null) {
    sendError(response, 404, NOT_FOUND);
    return;
  }
  const body: CheckoutSummaryFound = { statusCode: 200, data: summary };
  response.status(200).json(body);
}
