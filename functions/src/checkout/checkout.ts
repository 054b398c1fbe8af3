/** stripeCheckout: checks the choices against the catalogue, prices them itself, opens a Stripe
 *  Checkout session for a subscription to the catalogue's Prices (found by lookup key, each checked
 *  against the catalogue's amount) and records the unpaid order
 *  (docs/decisions/0006-server-priced-checkout.md, docs/decisions/0075-subscriptions-functions-side.md,
 *  docs/decisions/0113-catalogue-as-stripe-prices.md). Checkout asks for the Terms, the billing
 *  address and tax ids, computes tax and takes promotion codes
 *  (docs/decisions/0116-tax-consent-and-promotion-codes.md). A signed-in buyer pays as their one
 *  Stripe customer (customers/{uid}), created on their first purchase. An account being closed
 *  gets no checkout (docs/decisions/0119-account-deletion-and-retention.md). */
import { ServerValue } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { validateCheckoutRequest, type CheckoutCreated, type CheckoutRequest } from '../../../src/catalog/checkout';
import { TERM_TEXTS } from '../../../src/catalog/term';
import { paths } from '../../../src/config/paths';
import { ACCOUNT_CLOSING_MESSAGE, isAccountClosed } from '../account/closed-accounts';
import { identifyCaller, SIGN_IN_NOT_VERIFIED, type SignedInCaller, type SiteDependencies } from '../http/caller';
import { CATALOGUE_MISMATCH_MESSAGE, findCataloguePrices } from '../stripe/catalogue-prices';
import { customerForBuyer } from '../stripe/customers';
import { applyCors, requireMethod, sendError } from '../http/http';
import { ORDERS_PATH, orderPath } from '../../../src/data/orders';
import { buildOrderRecord } from './orders';
import { isAllowedOrigin, isSiteImage, SITE_IMAGES_PATH } from '../http/origins';

export interface CheckoutDependencies extends SiteDependencies {
  /** The site's published address, for the Terms link on Stripe's page; default the first origin. */
  siteUrl?: string;
}

/** The signed-in buyer of a checkout: their uid and their Stripe customer. */
export interface CheckoutBuyer {
  uid: string;
  customerId: string;
}

/** What the buyer accepts beside the Terms checkbox on Stripe's page (Markdown link). */
export function termsAcceptanceMessage(siteUrl: string): string {
  const terms = new URL(paths.termsOfService, `${siteUrl.replace(/\/+$/, '')}/`).href;
  return `I agree to the [Terms of Service](${terms}). ${TERM_TEXTS.summary}`;
}

/** The session Stripe is asked for: a subscription to the catalogue's Prices for the plan and each
 *  chosen add-on (`priceIds`, found and checked by findCataloguePrices). The metadata goes on the
 *  session and on the subscription, so every later event about the subscription leads back to its
 *  order. The 12-month term's end (cancel_at) cannot be set here; stripeWebhook sets it once
 *  Checkout has created the subscription. */
export function checkoutSessionParams(
  request: CheckoutRequest,
  orderId: string,
  buyer: CheckoutBuyer | null,
  { priceIds, siteUrl }: { priceIds: readonly string[]; siteUrl: string },
): Stripe.Checkout.SessionCreateParams {
  const metadata: Record<string, string> = {
    orderId,
    service: request.service,
    plan: request.plan,
    period: request.period,
    ...(buyer ? { uid: buyer.uid } : {}),
  };
  return {
    mode: 'subscription',
    line_items: priceIds.map((price) => ({ price, quantity: 1 })),
    // Cards only, whatever the Dashboard turns on: a bank debit settles days after the checkout,
    // after an account closed meanwhile has had its plans canceled
    // (docs/decisions/0156-checkout-takes-cards-only.md).
    allowed_payment_method_types: ['card'],
    success_url: request.successURL,
    cancel_url: request.cancelURL,
    metadata,
    subscription_data: { metadata },
    consent_collection: { terms_of_service: 'required' },
    custom_text: { terms_of_service_acceptance: { message: termsAcceptanceMessage(siteUrl) } },
    billing_address_collection: 'required',
    tax_id_collection: { enabled: true },
    automatic_tax: { enabled: true },
    allow_promotion_codes: true,
    // A signed-in buyer pays as their own customer (its email is the account's), and the address
    // and name typed for tax are saved on it (Stripe requires that with tax ids and automatic
    // tax); a visitor gets a customer Checkout creates, with the email typed on the payment page.
    ...(buyer ? { client_reference_id: buyer.uid, customer: buyer.customerId, customer_update: { address: 'auto', name: 'auto' } } : {}),
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

/** Stripe's Checkout session for the order, priced by the catalogue's Prices; null once it has
 *  answered why not (503 when Stripe's Prices disagree with the catalogue, 502 when Stripe refuses). */
async function openSession(
  response: Response,
  deps: CheckoutDependencies,
  checkout: CheckoutRequest,
  orderId: string,
  signedIn: SignedInCaller | null,
): Promise<Stripe.Checkout.Session | null> {
  try {
    const found = await findCataloguePrices(deps.stripe, checkout);
    if (!found.ok) {
      logger.error('stripeCheckout: refused, the Stripe price disagrees with the catalogue', { orderId, ...found });
      sendError(response, 503, CATALOGUE_MISMATCH_MESSAGE);
      return null;
    }
    const priceIds = found.prices.map((price) => price.stripe.id);
    const siteUrl = deps.siteUrl || deps.siteOrigins[0] || '';
    const buyer = signedIn ? { uid: signedIn.uid, customerId: await customerForBuyer(deps, signedIn) } : null;
    // The order id as idempotency key: a retried create cannot open a second session for one order.
    return await deps.stripe.checkout.sessions.create(checkoutSessionParams(checkout, orderId, buyer, { priceIds, siteUrl }), {
      idempotencyKey: orderId,
    });
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
    return null;
  }
}

export async function handleCheckout(request: Request, response: Response, deps: CheckoutDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;

  const caller = await identifyCaller(deps.auth, request.get('Authorization'));
  if (caller.kind === 'rejected') {
    logger.warn('stripeCheckout: sign-in token refused', { reason: caller.reason });
    sendError(response, 401, SIGN_IN_NOT_VERIFIED);
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
  if (signedIn && (await isAccountClosed(deps.database, signedIn.uid))) {
    logger.warn('stripeCheckout: refused, the account is being closed', { uidClosed: true });
    sendError(response, 409, ACCOUNT_CLOSING_MESSAGE);
    return;
  }
  const orderId = deps.database.ref(ORDERS_PATH).push().key;
  if (!orderId) throw new Error('The database gave no key for a new order');

  const session = await openSession(response, deps, checkout, orderId, signedIn);
  if (!session) return;
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
  // Asked again now that the session exists: a deletion that started meanwhile either sees this
  // session among its customer's open ones (it records itself before looking) or is seen here.
  if (signedIn && (await isAccountClosed(deps.database, signedIn.uid))) {
    await deps.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    logger.warn('stripeCheckout: refused, the account began closing during checkout', { orderId, sessionId: session.id });
    sendError(response, 409, ACCOUNT_CLOSING_MESSAGE);
    return;
  }

  const order = buildOrderRecord({
    orderId,
    request: checkout,
    charges,
    stripeSessionId: session.id,
    buyer: signedIn?.uid ?? null,
    createdAt: ServerValue.TIMESTAMP,
  });
  try {
    await deps.database.ref(orderPath(orderId)).set(order);
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
