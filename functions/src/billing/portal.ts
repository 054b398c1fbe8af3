/** stripePortal: opens a Stripe Billing Portal session (update the card, cancel the plan, see the
 *  invoices) for the signed-in caller's own Stripe customer. The customer comes from
 *  customers/{uid}, never from the request: a body naming one is refused, so nobody can open
 *  another person's portal by knowing their customer id. */
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { isHttpUrl, URL_MAX_LENGTH, type PortalCreated, type PortalRequest } from '../../../src/catalog/checkout';
import { signedInCaller, SIGN_IN_NOT_VERIFIED, type SiteDependencies } from '../http/caller';
import { storedCustomerId } from '../stripe/customers';
import { applyCors, requireMethod, sendError } from '../http/http';
import { isAllowedOrigin } from '../http/origins';
import { createPortalSession } from './portal-configuration';

export type PortalDependencies = SiteDependencies;

export type PortalValidation = { ok: true; request: PortalRequest } | { ok: false; field: string; message: string };

/** The body: exactly `{ returnURL }`, an address on the site (Stripe's "Return" link goes there,
 *  an open redirect otherwise). Anything else, a `customer` above all, is refused. */
export function validatePortalRequest(body: unknown, siteOrigins: readonly string[]): PortalValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, field: 'body', message: 'The request body must be a JSON object.' };
  const input = body as Record<string, unknown>;
  const unknownField = Object.keys(input).find((key) => key !== 'returnURL');
  if (unknownField !== undefined) {
    const message =
      unknownField === 'customer'
        ? 'The customer is not chosen by the request: it is always your own.'
        : `Unknown field "${unknownField}".`;
    return { ok: false, field: unknownField, message };
  }
  const { returnURL } = input;
  if (!isHttpUrl(returnURL))
    return { ok: false, field: 'returnURL', message: `returnURL must be an http(s) address of at most ${URL_MAX_LENGTH} characters.` };
  if (!isAllowedOrigin(returnURL, siteOrigins))
    return { ok: false, field: 'returnURL', message: 'returnURL must be an address on this website.' };
  return { ok: true, request: { returnURL } };
}

export async function handlePortal(request: Request, response: Response, deps: PortalDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;

  const caller = await signedInCaller(deps.auth, request, response, 'stripePortal', {
    signIn: 'Sign in to manage your billing.',
    badToken: SIGN_IN_NOT_VERIFIED,
  });
  if (!caller) return;
  const validation = validatePortalRequest(request.body, deps.siteOrigins);
  if (!validation.ok) {
    sendError(response, 400, validation.message, validation.field);
    return;
  }

  const customerId = await storedCustomerId(deps.database, caller.uid);
  if (customerId === null) {
    sendError(response, 404, 'You have no billing account yet: it is created with your first purchase.');
    return;
  }

  let session: Stripe.BillingPortal.Session;
  try {
    // With the catalogue's configuration: its plan switch, invoices and cancellation reasons.
    session = await createPortalSession(deps.stripe, { customer: customerId, return_url: validation.request.returnURL });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('stripePortal: Stripe refused the portal session', {
      type: error.type,
      code: error.code,
      status: error.statusCode,
      stripeMessage: error.message,
    });
    sendError(response, 502, `The payment provider could not open the billing portal: ${error.message}`);
    return;
  }
  const body: PortalCreated = { statusCode: 201, data: { url: session.url } };
  response.status(201).json(body);
}
