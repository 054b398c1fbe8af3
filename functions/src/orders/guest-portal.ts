/** guestPortal: a guest's mailed Manage your plan link opens the billing portal of that order's
 *  Stripe customer, once (docs/decisions/0117-guest-manage-links.md). POST { token } → 200 { url };
 *  400 malformed, 404 unknown or forged, 410 expired or used. Links that are not ours are counted
 *  per client address (20 an hour), so a script cannot try tokens without end. A link of an order
 *  whose buyer deleted their account opens nothing (410): the customer Stripe keeps for accounting
 *  is not the link holder's to manage (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { GUEST_PORTAL_MESSAGES, type GuestPortalOpened } from '../../../src/catalog/plan-changes';
import { isClosedOrder, orderPath } from '../../../src/data/orders';
import { CLOSED_ORDER_MESSAGE } from './checkout-summary';
import { clientAddress } from '../http/client-address';
import { applyCors, requireMethod, sendError } from '../http/http';
import { useManageLink } from '../billing/manage-links';
import { createPortalSession } from '../billing/portal-configuration';
import { takeAllowance } from '../http/rate-limit';

/** Links that open nothing, per client address: 20 an hour. A buyer opens one link a few times. */
export const GUEST_PORTAL_MISS_LIMIT = { bucket: 'guest-portal-miss', max: 20, windowMs: 60 * 60 * 1000 } as const;
const MAX_BODY_BYTES = 1024;

export interface GuestPortalDependencies {
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
  /** The site's published address: the portal's Return link goes to its home page. */
  siteUrl?: string;
  now?: () => number;
}

export async function handleGuestPortal(request: Request, response: Response, deps: GuestPortalDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  response.set('Cache-Control', 'no-store');
  const now = (deps.now ?? Date.now)();

  const miss = async (status: number, message: string, field?: string): Promise<void> => {
    const allowance = await takeAllowance(deps.database, { ...GUEST_PORTAL_MISS_LIMIT, key: clientAddress(request), now });
    if (!allowance.allowed) {
      logger.warn('guestPortal: unknown links over the limit for one address');
      response.set('Retry-After', String(Math.ceil(allowance.retryAfterMs / 1000)));
      sendError(response, 429, GUEST_PORTAL_MESSAGES.tooMany);
      return;
    }
    sendError(response, status, message, field);
  };

  const size = request.rawBody?.length ?? 0;
  const body = request.body as unknown;
  if (size > MAX_BODY_BYTES || typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).join() !== 'token') {
    return miss(400, GUEST_PORTAL_MESSAGES.malformed, 'token');
  }
  const use = await useManageLink(deps.database, (body as { token: unknown }).token, now);
  if (!use.ok) {
    if (use.reason === 'malformed') return miss(400, GUEST_PORTAL_MESSAGES.malformed, 'token');
    if (use.reason === 'unknown') return miss(404, GUEST_PORTAL_MESSAGES.unknown);
    return miss(410, GUEST_PORTAL_MESSAGES.spent);
  }
  const order = (await deps.database.ref(orderPath(use.orderId)).get()).val() as Record<string, unknown> | null;
  if (order !== null && isClosedOrder(order)) {
    // Given back, so that every visit of the link gives this reason: it can never open anything.
    await use.release();
    logger.info('guestPortal: refused a link of a deleted account’s order', { orderId: use.orderId });
    sendError(response, 410, CLOSED_ORDER_MESSAGE);
    return;
  }

  let session: Stripe.BillingPortal.Session;
  try {
    const siteUrl = (deps.siteUrl || deps.siteOrigins[0] || '').replace(/\/+$/, '');
    session = await createPortalSession(deps.stripe, { customer: use.customerId, return_url: `${siteUrl}/` });
  } catch (error) {
    // The link stays good: the buyer did nothing wrong.
    await use.release();
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('guestPortal: Stripe refused the portal session', { orderId: use.orderId, stripeMessage: error.message });
    sendError(response, 502, `The payment provider could not open the billing portal: ${error.message}`);
    return;
  }
  logger.info('guestPortal: portal opened', { orderId: use.orderId });
  const answer: GuestPortalOpened = { statusCode: 200, data: { url: session.url } };
  response.status(200).json(answer);
}
