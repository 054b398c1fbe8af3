/** claimGuestOrders: a guest's order joins the signed-in caller's account only by proof of
 *  purchase, something only the buyer has: the Checkout session Stripe sent the buyer back with
 *  (`/thank-you?session_id=…`), or the claim link mailed to the address given at checkout. An
 *  email that matches proves nothing (nobody verifies what is typed on Stripe's page), so no email
 *  is compared at all (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). Only the function
 *  links (the rules close orders to browsers), and an order that has a buyer is never moved. An
 *  order whose buyer deleted their account is never claimed again, by any proof, and an anonymous
 *  visitor's token claims nothing. */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import type { GuestOrderClaimed } from '../../../src/catalog/checkout';
import { isClosedOrder, orderPath } from '../../../src/data/orders';
import { signedInCaller, SIGN_IN_NOT_VERIFIED, type SiteDependencies } from '../http/caller';
import { refreshCardSummary } from '../billing/card-summary';
import { CLOSED_ORDER_MESSAGE, orderOfSession } from './checkout-summary';
import { checkClaimToken, markClaimLinkUsed } from './claim-links';
import { keepCustomer, storedCustomerId } from '../stripe/customers';
import { applyCors, requireMethod, sendError } from '../http/http';
import { idOf, isStripeId } from '../stripe/stripe-ids';

export interface GuestOrdersDependencies extends SiteDependencies {
  now?: () => number;
}

export const CLAIM_MESSAGES = {
  signIn: 'Sign in to add this order to your account.',
  badToken: SIGN_IN_NOT_VERIFIED,
  body: 'Send either "sessionId" (the Checkout session of your purchase) or "token" (the claim link from your email), not both.',
  unknownSession: 'No order of ours has this Checkout session.',
  notPaid: 'This checkout is not complete: only a paid order can be added to an account.',
  unknownLink: 'This claim link is not valid. Use the link from your order email exactly as it was sent.',
  usedLink: 'This claim link has already been used: the order is in the account that used it.',
  expiredLink: 'This claim link has expired. Please contact us to add the order to your account.',
  taken: 'This order belongs to another account.',
  anonymous: 'Sign in with your email and password (or create an account) to add this order: a visitor’s session cannot hold orders.',
  closed: CLOSED_ORDER_MESSAGE,
} as const;

type Proof = { kind: 'session'; sessionId: string } | { kind: 'token'; token: string };

function proofOf(body: unknown): Proof | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields = Object.keys(body);
  const { sessionId, token } = body as Record<string, unknown>;
  if (fields.length !== 1) return null;
  if (isStripeId('checkoutSession', sessionId)) return { kind: 'session', sessionId };
  if (typeof token === 'string' && token.length <= 200) return { kind: 'token', token };
  return null;
}

interface Found {
  orderId: string;
  order: Record<string, unknown>;
  /** The Stripe customer Checkout made for the guest, when known. */
  customerId: string | null;
}

type Located = { ok: true; found: Found } | { ok: false; status: number; message: string } | { ok: true; alreadyYours: string };

/** The order of the session, if it is a guest's completed purchase. The database answers first:
 *  Stripe is asked only about a session that is one of our orders', and only while the webhook
 *  has not yet said it was paid (the buyer can be back before the event). */
async function locateBySession(deps: GuestOrdersDependencies, uid: string, sessionId: string): Promise<Located> {
  const located = await orderOfSession(deps.database, sessionId);
  if (located === null) return { ok: false, status: 404, message: CLAIM_MESSAGES.unknownSession };
  const { orderId, order } = located;
  if (isClosedOrder(order)) return { ok: false, status: 410, message: CLAIM_MESSAGES.closed };
  if (order.buyer === uid) return { ok: true, alreadyYours: orderId };
  if (order.buyer !== undefined && order.buyer !== null) return { ok: false, status: 409, message: CLAIM_MESSAGES.taken };
  let customerId = isStripeId('customer', order.customerId) ? order.customerId : null;
  if (order.payment_status !== 'paid') {
    let session: Stripe.Checkout.Session;
    try {
      session = await deps.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logger.error('claimGuestOrders: Stripe refused the session', { type: error.type, status: error.statusCode });
      return { ok: false, status: 502, message: `The payment provider could not be asked about this purchase: ${error.message}` };
    }
    if (session.status !== 'complete' || session.metadata?.orderId !== orderId) {
      return { ok: false, status: 409, message: CLAIM_MESSAGES.notPaid };
    }
    customerId ??= idOf(session.customer);
  }
  return { ok: true, found: { orderId, order, customerId } };
}

async function locateByToken(deps: GuestOrdersDependencies, uid: string, token: string, now: number): Promise<Located> {
  const check = await checkClaimToken(deps.database, token, now);
  if (!check.ok) {
    if (check.reason === 'unknown') return { ok: false, status: 404, message: CLAIM_MESSAGES.unknownLink };
    if (check.reason === 'expired') return { ok: false, status: 410, message: CLAIM_MESSAGES.expiredLink };
    // Opening the link again from the account that used it is not an attack: it is theirs.
    if (check.usedBy === uid) return { ok: true, alreadyYours: check.orderId };
    return { ok: false, status: 410, message: CLAIM_MESSAGES.usedLink };
  }
  const order = (await deps.database.ref(orderPath(check.orderId)).get()).val() as Record<string, unknown> | null;
  if (order === null) return { ok: false, status: 404, message: CLAIM_MESSAGES.unknownLink };
  if (isClosedOrder(order)) return { ok: false, status: 410, message: CLAIM_MESSAGES.closed };
  if (order.buyer === uid) return { ok: true, alreadyYours: check.orderId };
  if (order.buyer !== undefined && order.buyer !== null) return { ok: false, status: 409, message: CLAIM_MESSAGES.taken };
  return {
    ok: true,
    found: { orderId: check.orderId, order, customerId: isStripeId('customer', order.customerId) ? order.customerId : null },
  };
}

/** Gives the order the buyer `uid` if it has none and its buyer did not delete their account: a
 *  transaction on the order, so two claims (two tabs, two accounts holding the same link) cannot
 *  both take it, nor can a claim take an order that a deletion anonymises meanwhile. Answers
 *  whether `uid` has it now, or why not. */
export async function attachBuyer(database: Database, orderId: string, uid: string): Promise<'attached' | 'taken' | 'closed'> {
  const result = await database.ref(orderPath(orderId)).transaction(
    (current: Record<string, unknown> | null) => {
      // null may be the SDK's guess before the server's value: writing null back (a no-op if the
      // order really is gone) makes the server answer with what is stored.
      if (current === null) return null;
      if ((current.buyer !== undefined && current.buyer !== null) || isClosedOrder(current)) return undefined;
      return { ...current, buyer: uid };
    },
    undefined,
    false,
  );
  const order = result.snapshot.val() as Record<string, unknown> | null;
  if (result.committed && order?.buyer === uid) return 'attached';
  return order !== null && isClosedOrder(order) ? 'closed' : 'taken';
}

/** The guest's customer becomes the account's when the account has none. Checkout made that
 *  customer for this one purchase, and the caller has proved they are its payer, so it holds
 *  nothing of anybody else's; an account that has a customer keeps its own. */
async function adoptCustomer(deps: GuestOrdersDependencies, uid: string, customerId: string): Promise<void> {
  if ((await storedCustomerId(deps.database, uid)) !== null) return;
  const kept = await keepCustomer(deps.database, uid, customerId, deps.now);
  if (kept !== customerId) return;
  try {
    // Stripe's record names the account too, as for customers stripeCheckout creates (the
    // webhook still checks it against customers/{uid}).
    await deps.stripe.customers.update(kept, { metadata: { uid } });
    await refreshCardSummary(deps, kept);
  } catch (error) {
    // The order and the customer are linked; the card follows with the customer's next event.
    logger.error('claimGuestOrders: customer not updated in Stripe', { message: error instanceof Error ? error.message : String(error) });
  }
}

function answer(response: Response, orderId: string, linked: boolean): void {
  const body: GuestOrderClaimed = { statusCode: 200, data: { orderId, linked } };
  response.status(200).json(body);
}

export async function handleClaimGuestOrders(request: Request, response: Response, deps: GuestOrdersDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;

  const caller = await signedInCaller(deps.auth, request, response, 'claimGuestOrders', CLAIM_MESSAGES);
  if (!caller) return;
  // The forms sign visitors in anonymously (docs/decisions/0111-submissions-through-the-server.md):
  // such an account has no way back to it once the browser forgets it, and is swept when idle, so
  // an order claimed into it would be lost to its buyer and held by a throwaway account.
  if (caller.anonymous) {
    logger.info('claimGuestOrders: refused an anonymous sign-in');
    sendError(response, 401, CLAIM_MESSAGES.anonymous);
    return;
  }
  const proof = proofOf(request.body);
  if (proof === null) {
    sendError(response, 400, CLAIM_MESSAGES.body, 'body');
    return;
  }
  const now = (deps.now ?? Date.now)();
  const located =
    proof.kind === 'session'
      ? await locateBySession(deps, caller.uid, proof.sessionId)
      : await locateByToken(deps, caller.uid, proof.token, now);
  if (!located.ok) {
    logger.info('claimGuestOrders: refused', { proof: proof.kind, status: located.status });
    sendError(response, located.status, located.message);
    return;
  }
  if ('alreadyYours' in located) {
    answer(response, located.alreadyYours, false);
    return;
  }
  const { orderId, customerId } = located.found;
  const attached = await attachBuyer(deps.database, orderId, caller.uid);
  if (attached !== 'attached') {
    sendError(response, attached === 'closed' ? 410 : 409, CLAIM_MESSAGES[attached]);
    return;
  }
  // Whatever proved it, the order has its buyer now: its mailed link is spent too.
  await markClaimLinkUsed(deps.database, orderId, caller.uid, now);
  if (customerId !== null) await adoptCustomer(deps, caller.uid, customerId);
  logger.info('claimGuestOrders: guest order linked', { orderId, proof: proof.kind });
  answer(response, orderId, true);
}
