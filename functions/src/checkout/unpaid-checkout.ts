/** unpaidCheckout: what a buyer can do with a checkout that has no payment yet
 *  (src/catalog/unpaid-checkouts.ts; docs/decisions/0091-checkouts-expire-by-stand-in-clocks.md#addendum-2026-11-29-not-paid-yet-confirming-or-expired).
 *  Whether Stripe took the payment is Stripe's to say: every action reads the session back from
 *  Stripe, never from the browser, and the order moves only by what Stripe answers. */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import {
  UNPAID_CHECKOUT_MESSAGES as MESSAGES,
  type CheckoutSessionState,
  type UnpaidCheckoutAnswer,
  type UnpaidCheckoutRequest,
} from '../../../src/catalog/unpaid-checkouts';
import { CHECKOUT_COMPLETED_FIELD, isClosedOrder, isOrderId, ORDER_REMOVED_FIELD, orderPath } from '../../../src/data/orders';
import { isPaymentStatus, nextPaymentStatus } from '../billing/payment-status';
import { signedInCaller, type SiteDependencies } from '../http/caller';
import { clientAddress } from '../http/client-address';
import { applyCors, requireMethod, sendError } from '../http/http';
import { takeAllowance } from '../http/rate-limit';
import { CLOSED_ORDER_MESSAGE, orderOfSession, SUMMARY_MISS_LIMIT } from '../orders/checkout-summary';
import { isStripeId } from '../stripe/stripe-ids';

export interface UnpaidCheckoutDependencies extends SiteDependencies {
  now?: () => number;
  /** The tests pass their own; production uses SUMMARY_MISS_LIMIT. */
  missLimit?: { max: number; windowMs: number };
}

type Order = Record<string, unknown>;

export function parseUnpaidCheckoutRequest(body: unknown): UnpaidCheckoutRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const { action, sessionId, orderId } = body as Record<string, unknown>;
  if (action === 'returned' && isStripeId('checkoutSession', sessionId)) return { action, sessionId };
  if ((action === 'resume' || action === 'remove') && isOrderId(orderId)) return { action, orderId };
  return null;
}

/** Never paid, and Stripe's webhook has not started a subscription on it: the only orders this
 *  function touches. */
function hasNoPayment(order: Order): boolean {
  return order.payment_status !== 'paid' && order.subscriptionStatus === undefined && typeof order.stripeId === 'string';
}

function stateOf(session: Stripe.Checkout.Session): CheckoutSessionState {
  if (session.status === 'complete') return 'complete';
  return session.status === 'expired' ? 'expired' : 'open';
}

function answer(response: Response, data: UnpaidCheckoutAnswer['data']): void {
  const body: UnpaidCheckoutAnswer = { statusCode: 200, data };
  response.status(200).json(body);
}

/** The order moves as a webhook event reporting `reported` would move it (payment-status.ts), so
 *  this and a late or replayed event agree whichever comes first. */
async function settleAs(database: Database, orderId: string, reported: 'expired'): Promise<void> {
  await database.ref(`${orderPath(orderId)}/payment_status`).transaction((current: unknown) => {
    if (current === null) return null;
    return isPaymentStatus(current) ? nextPaymentStatus(current, reported) : undefined;
  });
}

/** The buyer is back from Stripe's success URL: recorded once Stripe says so, so that a forged or
 *  early return of a session still open changes nothing. */
async function markCompleted(database: Database, orderId: string, now: number): Promise<void> {
  await database.ref(`${orderPath(orderId)}/${CHECKOUT_COMPLETED_FIELD}`).transaction((current: unknown) => current ?? now);
}

async function retrieve(response: Response, deps: UnpaidCheckoutDependencies, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('unpaidCheckout: Stripe refused the session read', { sessionId, message: error.message });
    sendError(response, 502, MESSAGES.provider);
    return null;
  }
}

async function returned(request: Request, response: Response, deps: UnpaidCheckoutDependencies, sessionId: string, now: number) {
  const located = await orderOfSession(deps.database, sessionId);
  if (located === null) {
    // A guessed id reaches neither an order nor Stripe, and guesses are limited as the thank-you page's are.
    const allowance = await takeAllowance(deps.database, { ...SUMMARY_MISS_LIMIT, ...deps.missLimit, key: clientAddress(request), now });
    if (!allowance.allowed) return sendError(response, 429, MESSAGES.tooMany);
    return sendError(response, 404, MESSAGES.notFound);
  }
  const { orderId, order } = located;
  if (isClosedOrder(order)) return sendError(response, 410, CLOSED_ORDER_MESSAGE);
  if (!hasNoPayment(order) || order[CHECKOUT_COMPLETED_FIELD] !== undefined) return answer(response, { state: 'complete' });
  const session = await retrieve(response, deps, sessionId);
  if (!session) return;
  if (session.status === 'complete') await markCompleted(deps.database, orderId, now);
  return answer(response, { state: stateOf(session) });
}

/** The caller's own order with no payment, or null once it has answered why not. */
async function ownUnpaidOrder(response: Response, deps: UnpaidCheckoutDependencies, uid: string, orderId: string): Promise<Order | null> {
  const order = (await deps.database.ref(orderPath(orderId)).get()).val() as Order | null;
  // One answer for "not there", "removed" and "not yours": an order id tells nothing of other people's orders.
  if (order === null || order.buyer !== uid || order[ORDER_REMOVED_FIELD] !== undefined) {
    sendError(response, 403, MESSAGES.notYours);
    return null;
  }
  if (!hasNoPayment(order) || order[CHECKOUT_COMPLETED_FIELD] !== undefined) {
    sendError(response, 409, MESSAGES.alreadyPaid);
    return null;
  }
  return order;
}

async function resume(response: Response, deps: UnpaidCheckoutDependencies, orderId: string, order: Order, now: number) {
  const session = await retrieve(response, deps, order.stripeId as string);
  if (!session) return;
  if (session.status === 'open' && session.url) return answer(response, { state: 'open', url: session.url });
  if (session.status === 'complete') {
    await markCompleted(deps.database, orderId, now);
    return sendError(response, 409, MESSAGES.paidMeanwhile);
  }
  await settleAs(deps.database, orderId, 'expired');
  return sendError(response, 410, MESSAGES.expired);
}

/** Expires the session at Stripe first, so nothing can be paid for an order the buyer no longer
 *  sees; a session paid in the meantime is not removed. */
async function remove(response: Response, deps: UnpaidCheckoutDependencies, orderId: string, order: Order, now: number) {
  const sessionId = order.stripeId as string;
  if (order.payment_status === 'unpaid') {
    const session = await retrieve(response, deps, sessionId);
    if (!session) return;
    if (session.status === 'complete') {
      await markCompleted(deps.database, orderId, now);
      return sendError(response, 409, MESSAGES.paidMeanwhile);
    }
    if (session.status === 'open') {
      try {
        await deps.stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        // Stripe refuses to expire a session that is no longer open: paid at this very moment.
        logger.warn('unpaidCheckout: Stripe would not expire the session', { orderId, sessionId, message: error.message });
        return sendError(response, 409, MESSAGES.paidMeanwhile);
      }
    }
    await settleAs(deps.database, orderId, 'expired');
  }
  // The record stays (its session id still leads the webhook to it, so a late event finds an order
  // and is not retried for days); the buyer's lists leave it out.
  await deps.database.ref(`${orderPath(orderId)}/${ORDER_REMOVED_FIELD}`).set(now);
  return answer(response, { state: 'expired', removed: true });
}

export async function handleUnpaidCheckout(request: Request, response: Response, deps: UnpaidCheckoutDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  response.set('Cache-Control', 'no-store');
  const asked = parseUnpaidCheckoutRequest(request.body);
  if (!asked) return sendError(response, 400, MESSAGES.invalid);
  const now = (deps.now ?? Date.now)();
  if (asked.action === 'returned') return returned(request, response, deps, asked.sessionId, now);

  const caller = await signedInCaller(deps.auth, request, response, 'unpaidCheckout', MESSAGES);
  if (!caller) return;
  const order = await ownUnpaidOrder(response, deps, caller.uid, asked.orderId);
  if (!order) return;
  if (asked.action === 'resume') return resume(response, deps, asked.orderId, order, now);
  return remove(response, deps, asked.orderId, order, now);
}
