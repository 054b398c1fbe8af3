/** stripeCheckout: checks the choices against the catalogue, prices them itself, opens a Stripe
 *  Checkout session for a subscription at that amount per period and records the unpaid order
 *  (docs/decisions/0006-server-priced-checkout.md, docs/decisions/0075-subscriptions-functions-side.md). A signed-in buyer
 *  pays as their one Stripe customer (customers/{uid}), created on their first purchase. */
import type { Auth } from 'firebase-admin/auth';
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { productTitle, validateCheckoutRequest, type CheckoutCreated, type CheckoutRequest } from '../../src/catalog/checkout';
import { recurringPrice } from '../../src/catalog/subscription';
import { identifyCaller } from './caller';
import { customerForBuyer } from './customers';
import { applyCors, requireMethod, sendError } from './http';
import { ORDERS_PATH } from '../../src/data/orders';
import { buildOrderRecord } from './orders';
import { isAllowedOrigin, isSiteImage, SITE_IMAGES_PATH } from './origins';

export interface CheckoutDependencies {
  auth: Pick<Auth, 'verifyIdToken'>;
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
}

/** The signed-in buyer of a checkout: their uid and their Stripe customer. */
export interface CheckoutBuyer {
  uid: string;
  customerId: string;
}

/** The session Stripe is asked for: a subscription to one recurring line, priced and named by the
 *  catalogue (plan plus add-ons, every month or every year). The metadata goes on the session and
 *  on the subscription, so every later event about the subscription leads back to its order. The
 *  12-month term's end (cancel_at) cannot be set here; stripeWebhook sets it once Checkout has
 *  created the subscription. */
export function checkoutSessionParams(
  request: CheckoutRequest,
  orderId: string,
  buyer: CheckoutBuyer | null,
): Stripe.Checkout.SessionCreateParams {
  const price = recurringPrice(request);
  const metadata: Record<string, string> = {
    orderId,
    service: request.service,
    plan: request.plan,
    period: request.period,
    ...(buyer ? { uid: buyer.uid } : {}),
  };
  return {
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: price.unitAmountCents,
          recurring: { interval: price.interval },
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
    metadata,
    subscription_data: { metadata },
    // A signed-in buyer pays as their own customer (its email is the account's); a visitor gets
    // a customer Checkout creates, with the email typed on the payment page.
    ...(buyer ? { client_reference_id: buyer.uid, customer: buyer.customerId } : {}),
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

  const signedIn = caller.kind === 'customer' ? caller : null;
  const orderId = deps.database.ref(ORDERS_PATH).push().key;
  if (!orderId) throw new Error('The database gave no key for a new order');

  let session: Stripe.Checkout.Session;
  try {
    const buyer = signedIn ? { uid: signedIn.uid, customerId: await customerForBuyer(deps, signedIn) } : null;
    // The order id as idempotency key: a retried create cannot open a second session for one order.
    session = await deps.stripe.checkout.sessions.create(checkoutSessionParams(checkout, orderId, buyer), { idempotencyKey: orderId });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('stripeCheckout: Stripe refused the checkout', {
      orderId,
      type: error.type,
      code: error.code,
      status: error.statusCode,
      stripeMessage: error.message,
    });
    sendError(response, 502, `The payment provider could not start checkout: ${error.message}`);
    return;
  }
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);

  const order = buildOrderRecord({
    orderId,
    request: checkout,
    charges,
    stripeSessionId: session.id,
    buyer: signedIn?.uid ?? null,
    createdAt: ServerValue.TIMESTAMP,
  });
  try {
    await deps.database.ref(`${ORDERS_PATH}/${orderId}`).set(order);
  } catch (error) {
    // Without its order nobody could settle this session; close it so it cannot be paid.
    await deps.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw error;
  }

  logger.info('stripeCheckout: session created', {
    orderId,
    sessionId: session.id,
    amountCents: charges.amountDueCents,
    signedIn: signedIn !== null,
  });
  const body: CheckoutCreated = { statusCode: 201, data: { id: session.id, url: session.url, orderId } };
  response.status(201).json(body);
}
