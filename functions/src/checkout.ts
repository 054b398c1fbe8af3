/** stripeCheckout: checks the choices against the catalogue, prices them itself, opens a Stripe
 *  Checkout session for that amount and records the unpaid order (architecture decision 4). */
import type { Auth } from 'firebase-admin/auth';
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { productTitle, validateCheckoutRequest, type CheckoutCreated, type CheckoutRequest } from '../../src/catalog/checkout';
import type { Charges } from '../../src/catalog/pricing';
import { identifyCaller } from './caller';
import { applyCors, requireMethod, sendError } from './http';
import { buildOrderRecord, ORDERS_PATH } from './orders';
import { isAllowedOrigin, isSiteImage, SITE_IMAGES_PATH } from './origins';

export interface CheckoutDependencies {
  auth: Pick<Auth, 'verifyIdToken'>;
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
}

/** The session Stripe is asked for: one line priced by the catalogue, named by the catalogue. */
export function checkoutSessionParams(
  request: CheckoutRequest,
  charges: Charges,
  orderId: string,
  customer: { uid: string; email: string | null } | null,
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: charges.amountDueCents,
          product_data: {
            name: productTitle(request.service, request.plan, request.period),
            // None when the request has none; handleCheckout has checked it is the site's own.
            ...(request.imageURL ? { images: [request.imageURL] } : {}),
          },
        },
      },
    ],
    success_url: request.successURL,
    cancel_url: request.cancelURL,
    metadata: { orderId, service: request.service, plan: request.plan, period: request.period },
    ...(customer ? { client_reference_id: customer.uid } : {}),
    ...(customer?.email ? { customer_email: customer.email } : {}),
  };
}

/** The request's addresses that are not the site's, first one found: Stripe sends the buyer to
 *  successURL or cancelURL (an open redirect otherwise) and shows imageURL on its payment page. */
export function siteAddressProblem(request: CheckoutRequest, siteOrigins: readonly string[]): { field: string; message: string } | null {
  if (request.imageURL !== undefined && !isSiteImage(request.imageURL, siteOrigins)) {
    return { field: 'imageURL', message: `imageURL must be a picture under ${SITE_IMAGES_PATH} on this website, or left out.` };
  }
  for (const field of ['successURL', 'cancelURL'] as const) {
    if (!isAllowedOrigin(request[field], siteOrigins)) return { field, message: `${field} must be an address on this website.` };
  }
  return null;
}

export async function handleCheckout(request: Request, response: Response, deps: CheckoutDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;

  const caller = await identifyCaller(deps.auth, request.get('Authorization'));
  if (caller.kind === 'rejected') {
    logger.warn('stripeCheckout: sign-in token refused', { reason: caller.reason });
    sendError(response, 401, 'Your sign-in could not be verified. Sign in again and retry.');
    return;
  }

  const validation = validateCheckoutRequest(request.body);
  if (!validation.ok) {
    sendError(response, 400, validation.message, validation.field);
    return;
  }
  const { request: checkout, charges } = validation;
  const foreign = siteAddressProblem(checkout, deps.siteOrigins);
  if (foreign) {
    sendError(response, 400, foreign.message, foreign.field);
    return;
  }

  const customer = caller.kind === 'customer' ? caller : null;
  const orderId = deps.database.ref(ORDERS_PATH).push().key;
  if (!orderId) throw new Error('The database gave no key for a new order');

  let session: Stripe.Checkout.Session;
  try {
    // The order id as idempotency key: a retried create cannot open a second session for one order.
    session = await deps.stripe.checkout.sessions.create(checkoutSessionParams(checkout, charges, orderId, customer), { idempotencyKey: orderId });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('stripeCheckout: Stripe refused the session', { orderId, type: error.type, code: error.code, status: error.statusCode, stripeMessage: error.message });
    sendError(response, 502, `The payment provider could not start checkout: ${error.message}`);
    return;
  }
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);

  const order = buildOrderRecord({
    orderId,
    request: checkout,
    charges,
    stripeSessionId: session.id,
    buyer: customer?.uid ?? null,
    createdAt: ServerValue.TIMESTAMP,
  });
  try {
    await deps.database.ref(`${ORDERS_PATH}/${orderId}`).set(order);
  } catch (error) {
    // Without its order nobody could settle this session; close it so it cannot be paid.
    await deps.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw error;
  }

  logger.info('stripeCheckout: session created', { orderId, sessionId: session.id, amountCents: charges.amountDueCents, signedIn: customer !== null });
  const body: CheckoutCreated = { statusCode: 201, data: { id: session.id, url: session.url, orderId } };
  response.status(201).json(body);
}
