import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { onRequest } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import { handleCheckout } from './checkout';
import { handleCheckoutSummary } from './checkout-summary';
import { SITE_ORIGINS, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, stripeApiBaseUrl } from './config';
import { handleClaimGuestOrders } from './guest-orders';
import { withJsonErrors } from './http';
import { parseSiteOrigins } from './origins';
import { handlePortal } from './portal';
import { createStripeClient } from './stripe-client';
import { handleWebhook } from './webhook';

// Project, database URL (and, under the emulators, their hosts) come from the environment.
initializeApp();

/** One client per instance, made on first use: secrets are only readable inside a request. */
let stripeClient: Stripe | undefined;
function stripe(): Stripe {
  stripeClient ??= createStripeClient(STRIPE_SECRET_KEY.value(), stripeApiBaseUrl());
  return stripeClient;
}

/** What the browser-facing functions share: Auth, the database, Stripe and the site's origins. */
function siteDependencies() {
  return { auth: getAuth(), database: getDatabase(), stripe: stripe(), siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()) };
}

/** Liveness probe: `npm start` waits for it before saying the local stack is ready. */
export const health = onRequest((_request, response) => {
  response.json({ ok: true });
});

// cors: false keeps the emulator from opening CORS to every origin; http.ts applies the site's.
export const stripeCheckout = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('stripeCheckout', (request, response) => handleCheckout(request, response, siteDependencies())),
);

export const stripeWebhook = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET] },
  withJsonErrors('stripeWebhook', (request, response) =>
    handleWebhook(request, response, { database: getDatabase(), stripe: stripe(), webhookSecret: STRIPE_WEBHOOK_SECRET.value() }),
  ),
);

/** The signed-in customer's Stripe Billing Portal. */
export const stripePortal = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('stripePortal', (request, response) => handlePortal(request, response, siteDependencies())),
);

/** What the thank-you page shows a visitor after Checkout. */
export const checkoutSummary = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('checkoutSummary', (request, response) => handleCheckoutSummary(request, response, siteDependencies())),
);

/** Links a verified email's guest orders to the signed-in account. */
export const claimGuestOrders = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('claimGuestOrders', (request, response) => handleClaimGuestOrders(request, response, siteDependencies())),
);
