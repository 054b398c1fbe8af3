/** claimGuestOrders: a visitor who bought as a guest and later has an account with the same,
 *  verified, email gets those orders in their order history. Only the function links (the rules
 *  close orders to browsers), and only for a token whose email Firebase Auth has verified: an
 *  unverified address proves nothing, and anybody can sign up with somebody else's. */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type Stripe from 'stripe';
import type { GuestOrdersClaimed } from '../../src/catalog/checkout';
import { identifyCaller } from './caller';
import { normaliseEmail } from './email';
import { refreshCardSummary } from './card-summary';
import { keepCustomer, storedCustomerId } from './customers';
import { applyCors, requireMethod, sendError } from './http';
import { ORDERS_PATH } from '../../src/data/orders';
import { isStripeId } from './stripe-ids';

export interface GuestOrdersDependencies {
  auth: Pick<Auth, 'verifyIdToken'>;
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
  now?: () => number;
}

export interface ClaimResult {
  /** The orders that got this buyer now. */
  linked: string[];
  /** The Stripe customer of the account's newest guest order with this email, if any. */
  newestCustomerId: string | null;
}

/** Gives every order paid with `email` that has no buyer the buyer `uid`. Each order is claimed
 *  in its own transaction on `buyer`, so two claims (two tabs, two accounts with the same
 *  address) cannot both take one order, and an order that has a buyer is never moved. */
export async function claimOrders(database: Database, uid: string, email: string): Promise<ClaimResult> {
  const found = await database.ref(ORDERS_PATH).orderByChild('customerEmail').equalTo(email).get();
  const candidates: { orderId: string; buyer: unknown; customerId: unknown; createdAt: number }[] = [];
  found.forEach((child) => {
    const order = child.val() as Record<string, unknown>;
    if (child.key)
      candidates.push({
        orderId: child.key,
        buyer: order.buyer,
        customerId: order.customerId,
        createdAt: typeof order.createdAt === 'number' ? order.createdAt : 0,
      });
  });

  const linked: string[] = [];
  const owned: typeof candidates = [];
  for (const candidate of candidates) {
    if (candidate.buyer === uid) {
      owned.push(candidate);
      continue;
    }
    if (candidate.buyer !== undefined && candidate.buyer !== null) continue;
    const result = await database
      .ref(`${ORDERS_PATH}/${candidate.orderId}/buyer`)
      .transaction((current: unknown) => (current === null ? uid : undefined));
    if (result.committed && result.snapshot.val() === uid) {
      linked.push(candidate.orderId);
      owned.push(candidate);
    }
  }
  const newest = owned.filter((order) => isStripeId('customer', order.customerId)).sort((a, b) => b.createdAt - a.createdAt)[0];
  return { linked, newestCustomerId: newest ? (newest.customerId as string) : null };
}

export async function handleClaimGuestOrders(request: Request, response: Response, deps: GuestOrdersDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;

  const caller = await identifyCaller(deps.auth, request.get('Authorization'));
  if (caller.kind !== 'customer') {
    if (caller.kind === 'rejected') logger.warn('claimGuestOrders: sign-in token refused', { reason: caller.reason });
    sendError(
      response,
      401,
      caller.kind === 'visitor'
        ? 'Sign in to add your guest orders to your account.'
        : 'Your sign-in could not be verified. Sign in again and retry.',
    );
    return;
  }
  const email = caller.emailVerified ? normaliseEmail(caller.email) : null;
  if (email === null) {
    sendError(response, 403, 'Verify your email address first: only orders paid with a verified address can be added to your account.');
    return;
  }

  const { linked, newestCustomerId } = await claimOrders(deps.database, caller.uid, email);
  // The account takes the guest's Stripe customer when it has none, so the billing portal and the
  // card on file show what the guest bought; an account that has one keeps it.
  if (newestCustomerId !== null && (await storedCustomerId(deps.database, caller.uid)) === null) {
    const kept = await keepCustomer(deps.database, caller.uid, newestCustomerId, deps.now);
    try {
      // Stripe's record names the account too, as for customers stripeCheckout creates (the
      // webhook still checks it against customers/{uid}).
      if (kept === newestCustomerId) await deps.stripe.customers.update(kept, { metadata: { uid: caller.uid } });
      await refreshCardSummary(deps, kept);
    } catch (error) {
      // The orders and the customer are linked; the card follows with the customer's next event.
      logger.error('claimGuestOrders: customer not updated in Stripe', { message: error instanceof Error ? error.message : String(error) });
    }
  }
  logger.info('claimGuestOrders: guest orders linked', { linked: linked.length });
  const body: GuestOrdersClaimed = { statusCode: 200, data: { linked: linked.length } };
  response.status(200).json(body);
}
