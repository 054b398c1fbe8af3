import { initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { onValueWritten } from 'firebase-functions/v2/database';
import { onRequest } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import { handleCheckout } from './checkout';
import { handleCheckoutSummary } from './checkout-summary';
import {
  APP_CHECK_ENFORCED,
  CONTACT_INBOX_EMAIL,
  EMAILJS_PRIVATE_KEY,
  SITE_ORIGINS,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  mailSettings,
  stripeApiBaseUrl,
  stripeKeyMode,
} from './config';
import { handleClaimGuestOrders } from './guest-orders';
import { withJsonErrors } from './http';
import { parseSiteOrigins } from './origins';
import { handlePortal } from './portal';
import { handleSpacePass } from './space-pass';
import { handleStaff } from './staff/handler';
import { isSubmissionKind, recountSubmissions } from './staff-counters';
import { handleSubmitForm } from './submissions/handler';
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

/** Also mails a guest's claim link when their checkout completes
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export const stripeWebhook = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, EMAILJS_PRIVATE_KEY] },
  withJsonErrors('stripeWebhook', (request, response) =>
    handleWebhook(request, response, {
      database: getDatabase(),
      stripe: stripe(),
      webhookSecret: STRIPE_WEBHOOK_SECRET.value(),
      mail: mailSettings(),
    }),
  ),
);

/** The signed-in customer's Stripe Billing Portal. */
export const stripePortal = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('stripePortal', (request, response) => handlePortal(request, response, siteDependencies())),
);

/** What the thank-you page shows a visitor after Checkout: from the database alone, never Stripe. */
export const checkoutSummary = onRequest(
  { cors: false },
  withJsonErrors('checkoutSummary', (request, response) =>
    handleCheckoutSummary(request, response, { database: getDatabase(), siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()) }),
  ),
);

/** Adds a guest's order to the signed-in account by proof of purchase: the Checkout session or
 *  the mailed claim link (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export const claimGuestOrders = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('claimGuestOrders', (request, response) => handleClaimGuestOrders(request, response, siteDependencies())),
);

/** Every change Leopard's staff make: the claim is checked and each change audited
 *  (docs/decisions/0108-staff-console.md). Stripe is only called by confirmTradeIn. */
export const staff = onRequest(
  { cors: false, secrets: [STRIPE_SECRET_KEY, EMAILJS_PRIVATE_KEY] },
  withJsonErrors('staff', (request, response) =>
    handleStaff(request, response, {
      auth: getAuth(),
      database: getDatabase(),
      stripe,
      stripeMode: stripeKeyMode(STRIPE_SECRET_KEY.value()),
      mail: mailSettings(),
      siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()),
    }),
  ),
);

/** What the public pass page shows for a Space beta-tester pass's code. */
export const spacePass = onRequest(
  { cors: false },
  withJsonErrors('spacePass', (request, response) =>
    handleSpacePass(request, response, { database: getDatabase(), siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()) }),
  ),
);

/** The contact, waitlist and pre-order forms: counted per visitor and per client address, stored,
 *  and mailed once (docs/decisions/0111-submissions-through-the-server.md). */
export const submitForm = onRequest(
  { cors: false, secrets: [EMAILJS_PRIVATE_KEY] },
  withJsonErrors('submitForm', (request, response) =>
    handleSubmitForm(request, response, {
      auth: getAuth(),
      appCheck: APP_CHECK_ENFORCED.value() ? getAppCheck() : null,
      database: getDatabase(),
      mail: mailSettings(),
      contactInbox: CONTACT_INBOX_EMAIL.value(),
      siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()),
    }),
  ),
);

/** The console's counters: every write of a submission recounts its kind's states
 *  (docs/decisions/0112-staff-counters-by-trigger.md). */
export const staffCounters = onValueWritten('submissions/{kind}/{id}', async (event) => {
  const { kind } = event.params;
  if (isSubmissionKind(kind)) await recountSubmissions(getDatabase(), kind);
});
