import { initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import { onValueWritten } from 'firebase-functions/v2/database';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import type Stripe from 'stripe';
import { handleAccountEmail } from './account/account-email';
import { handleDeleteAccount } from './account/delete-account';
import { handleExportAccountData } from './account/export-data';
import { handleUnsubscribe } from './account/unsubscribe';
import { handleCheckout } from './checkout/checkout';
import { handleUnpaidCheckout } from './checkout/unpaid-checkout';
import { handleCheckoutSummary } from './orders/checkout-summary';
import {
  APP_CHECK_ENFORCED,
  CONTACT_INBOX_EMAIL,
  EMAILJS_PRIVATE_KEY,
  MAIL_LINK_SECRET,
  SITE_ORIGINS,
  SITE_URL,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  mailSettings,
  stripeApiBaseUrl,
  stripeKeyMode,
} from './config';
import { configuredDatabaseRegion } from '../../src/config/database-region';
import { handleClaimGuestOrders } from './orders/guest-orders';
import { withAppCheck, type AppCheckVerifier } from './http/app-check';
import { runCleanup } from './jobs/cleanup';
import { logUnexpected, withJsonErrors } from './http/http';
import { FUNCTION_LIMITS } from './limits';
import { parseSiteOrigins } from './http/origins';
import { handlePortal } from './billing/portal';
import { handleSpacePass } from './staff/space-pass';
import { handleStaff } from './staff/handler';
import { logRecount } from './jobs/recount';
import { countSubmissionWrite, isSubmissionKind } from './jobs/staff-counters';
import { countOrderWrite, countProfileWrite } from './jobs/staff-figures';
import type { CountOutcome } from './jobs/event-ledger';
import { syncCustomerIndex } from './jobs/customer-index';
import { handleStaffExport } from './staff/export';
import { handleSubmitForm } from './submissions/handler';
import { createStripeClient } from './stripe/stripe-client';
import { handleWebhook } from './webhook/webhook';
import { handleGuestPortal } from './orders/guest-portal';
import { handleManageSubscription } from './billing/manage-subscription';
import { runTermNotices } from './jobs/term-notices';

// Project, database URL (and, under the emulators, their hosts) come from the environment.
initializeApp();

/** One client per instance, made on first use: secrets are only readable inside a request. */
let stripeClient: Stripe | undefined;
function stripe(): Stripe {
  stripeClient ??= createStripeClient(STRIPE_SECRET_KEY.value(), stripeApiBaseUrl());
  return stripeClient;
}

/** What every browser-facing function reads: Auth, the database and the site's origins. */
function accountDependencies() {
  return { auth: getAuth(), database: getDatabase(), siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()) };
}

/** The browser-facing functions that call Stripe: the above and the Stripe client. */
function siteDependencies() {
  return { ...accountDependencies(), stripe: stripe() };
}

/** Liveness probe of the local stack: `npm start` and the e2e suite wait for it. Exported only
 *  under the Functions emulator, so a deploy finds no such function and production has no public
 *  endpoint that answers for nothing (docs/decisions/0125-operations-and-cleanup.md). */
export const health =
  process.env.FUNCTIONS_EMULATOR === 'true'
    ? onRequest(FUNCTION_LIMITS.health, (_request, response) => {
        response.json({ ok: true });
      })
    : undefined;

/** App Check where it is enforced (APP_CHECK_ENFORCED, default true), never under the Functions
 *  emulator, which has no App Check to verify against (docs/decisions/0124-app-check.md). */
function appCheckVerifier(): AppCheckVerifier | null {
  return APP_CHECK_ENFORCED.value() && process.env.FUNCTIONS_EMULATOR !== 'true' ? getAppCheck() : null;
}

/** withJsonErrors for the functions the site's signed-in pages call: behind App Check. */
function withSiteAppCheck(name: string, handler: Parameters<typeof withJsonErrors>[1]) {
  return withJsonErrors(
    name,
    withAppCheck(appCheckVerifier, () => parseSiteOrigins(SITE_ORIGINS.value()), handler),
  );
}

// cors: false keeps the emulator from opening CORS to every origin; http.ts applies the site's.
export const stripeCheckout = onRequest(
  { ...FUNCTION_LIMITS.stripeCheckout, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withSiteAppCheck('stripeCheckout', (request, response) =>
    handleCheckout(request, response, { ...siteDependencies(), siteUrl: siteUrl() }),
  ),
);

/** A checkout without a payment yet: the buyer's return from Stripe recorded, the open session
 *  completed or the order removed (src/catalog/unpaid-checkouts.ts). */
export const unpaidCheckout = onRequest(
  { ...FUNCTION_LIMITS.unpaidCheckout, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withSiteAppCheck('unpaidCheckout', (request, response) => handleUnpaidCheckout(request, response, siteDependencies())),
);

/** Also mails a guest's claim link when their checkout completes
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export const stripeWebhook = onRequest(
  { ...FUNCTION_LIMITS.stripeWebhook, cors: false, secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, EMAILJS_PRIVATE_KEY] },
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
  { ...FUNCTION_LIMITS.stripePortal, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withSiteAppCheck('stripePortal', (request, response) => handlePortal(request, response, siteDependencies())),
);

/** What the thank-you page shows a visitor after Checkout: from the database alone, never Stripe. */
export const checkoutSummary = onRequest(
  { ...FUNCTION_LIMITS.checkoutSummary, cors: false },
  withJsonErrors('checkoutSummary', (request, response) =>
    handleCheckoutSummary(request, response, { database: getDatabase(), siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()) }),
  ),
);

/** Adds a guest's order to the signed-in account by proof of purchase: the Checkout session or
 *  the mailed claim link (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export const claimGuestOrders = onRequest(
  { ...FUNCTION_LIMITS.claimGuestOrders, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withSiteAppCheck('claimGuestOrders', (request, response) => handleClaimGuestOrders(request, response, siteDependencies())),
);

/** Every change Leopard's staff make: the claim is checked and each change audited
 *  (docs/decisions/0108-staff-console.md). Stripe is only called by confirmTradeIn. */
export const staff = onRequest(
  { ...FUNCTION_LIMITS.staff, cors: false, secrets: [STRIPE_SECRET_KEY, EMAILJS_PRIVATE_KEY] },
  withSiteAppCheck('staff', (request, response) =>
    handleStaff(request, response, {
      ...accountDependencies(),
      stripe,
      stripeMode: stripeKeyMode(STRIPE_SECRET_KEY.value()),
      mail: mailSettings(),
    }),
  ),
);

/** A filtered list of the console as CSV, streamed a page at a time and audited before the first
 *  byte (docs/decisions/0108-staff-console.md). */
export const staffExport = onRequest(
  { ...FUNCTION_LIMITS.staffExport, cors: false },
  withSiteAppCheck('staffExport', (request, response) => handleStaffExport(request, response, accountDependencies())),
);

/** What the public pass page shows for a Space beta-tester pass's code. */
export const spacePass = onRequest(
  { ...FUNCTION_LIMITS.spacePass, cors: false },
  withJsonErrors('spacePass', (request, response) =>
    handleSpacePass(request, response, { database: getDatabase(), siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()) }),
  ),
);

/** The contact, waitlist and pre-order forms: counted per visitor and per client address, stored,
 *  and mailed once (docs/decisions/0111-submissions-through-the-server.md). */
export const submitForm = onRequest(
  { ...FUNCTION_LIMITS.submitForm, cors: false, secrets: [EMAILJS_PRIVATE_KEY, MAIL_LINK_SECRET] },
  withJsonErrors('submitForm', (request, response) =>
    handleSubmitForm(request, response, {
      auth: getAuth(),
      appCheck: appCheckVerifier(),
      database: getDatabase(),
      mail: mailSettings(),
      contactInbox: CONTACT_INBOX_EMAIL.value(),
      mailLinkSecret: MAIL_LINK_SECRET.value(),
      siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()),
    }),
  ),
);

/** The console's counters: every write of a submission moves its kind's counts by the change it
 *  made, once per event however often it is delivered (docs/decisions/0112-staff-counters-by-trigger.md).
 *  retry: a run that fails (the database briefly unreachable) is delivered again, and the event's
 *  ledger entry keeps that from counting twice. It runs where the database is: a trigger in
 *  another region never fires (src/config/database-region.ts). */
export const staffCounters = onValueWritten(
  {
    ...FUNCTION_LIMITS.staffCounters,
    ref: 'submissions/{kind}/{id}',
    region: configuredDatabaseRegion(process.env.DATABASE_REGION),
    retry: true,
  },
  async (event) => {
    const { kind } = event.params;
    if (!isSubmissionKind(kind)) return;
    const outcome = await countSubmissionWrite(getDatabase(), {
      eventId: event.id,
      kind,
      before: event.data.before.val(),
      after: event.data.after.val(),
      now: Date.now(),
    });
    settleCount('staffCounters', event.id, outcome);
  },
);

/** What a counting trigger does with its outcome. Failing hands the event back to Eventarc
 *  (retry: true): if the run holding the claim dies before its increments land, a later delivery
 *  takes the lapsed claim over. */
function settleCount(trigger: string, id: string, outcome: CountOutcome): void {
  if (outcome === 'already-counted') logger.info(`${trigger}: a redelivered event, already counted`, { id });
  if (outcome === 'being-counted') throw new Error(`${trigger}: event ${id} is being counted by another run; retried until counted`);
}

/** A trigger that moves the overview's figures by each write's change under `ref`, once per event
 *  (docs/decisions/0112-staff-counters-by-trigger.md). */
function figuresTrigger(name: 'staffPlanFigures' | 'staffCustomerCount', ref: string, count: typeof countOrderWrite) {
  return onValueWritten(
    { ...FUNCTION_LIMITS[name], ref, region: configuredDatabaseRegion(process.env.DATABASE_REGION), retry: true },
    async (event) => {
      const write = { eventId: event.id, before: event.data.before.val(), after: event.data.after.val(), now: Date.now() };
      settleCount(name, event.id, await count(getDatabase(), write));
    },
  );
}

/** The overview's active plans and monthly recurring revenue, from every order write. */
export const staffPlanFigures = figuresTrigger('staffPlanFigures', 'all_orders/{orderId}', countOrderWrite);

/** The overview's customers: +1 when a profile is created, -1 when one is deleted. */
export const staffCustomerCount = figuresTrigger('staffCustomerCount', 'users/{uid}', countProfileWrite);
/** The console's customer list: customer_index/<uid> made again from users/<uid> as it is when the
 *  event is handled, so a redelivered or late event converges on the current profile
 *  (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page). retry: a run
 *  that fails is delivered again, and writing the same line twice changes nothing. In the
 *  database's region, like staffCounters. */
export const customerIndex = onValueWritten(
  {
    ...FUNCTION_LIMITS.customerIndex,
    ref: 'users/{uid}',
    region: configuredDatabaseRegion(process.env.DATABASE_REGION),
    retry: true,
  },
  async (event) => {
    await syncCustomerIndex(getDatabase(), event.params.uid);
  },
);

/** The site's published address (SITE_URL, else the first of SITE_ORIGINS), for links Stripe shows. */
function siteUrl(): string {
  return (SITE_URL.value().trim() || parseSiteOrigins(SITE_ORIGINS.value())[0] || '').replace(/\/+$/, '');
}

/** The signed-in buyer's plan change (preview, change) and renewal from the order card
 *  (docs/decisions/0114-plan-changes-and-proration.md, docs/decisions/0115-the-term-ends-unless-renewed.md). */
export const manageSubscription = onRequest(
  { ...FUNCTION_LIMITS.manageSubscription, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withSiteAppCheck('manageSubscription', (request, response) => handleManageSubscription(request, response, siteDependencies())),
);

/** A guest's mailed Manage your plan link: the billing portal of that order's customer, once
 *  (docs/decisions/0117-guest-manage-links.md). */
export const guestPortal = onRequest(
  { ...FUNCTION_LIMITS.guestPortal, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withJsonErrors('guestPortal', (request, response) =>
    handleGuestPortal(request, response, {
      database: getDatabase(),
      stripe: stripe(),
      siteOrigins: parseSiteOrigins(SITE_ORIGINS.value()),
      siteUrl: siteUrl(),
    }),
  ),
);

/** Daily: the notice 14 days before a term ends (docs/decisions/0115-the-term-ends-unless-renewed.md);
 *  stops with a tenth of its time limit left and goes on from there the next day. */
export const termNotices = onSchedule(
  { ...FUNCTION_LIMITS.termNotices, schedule: 'every day 09:00', timeZone: 'Etc/UTC', secrets: [STRIPE_SECRET_KEY, EMAILJS_PRIVATE_KEY] },
  async () => {
    const deadline = Date.now() + FUNCTION_LIMITS.termNotices.timeoutSeconds * 900;
    const report = await runTermNotices({ database: getDatabase(), stripe: stripe(), mail: mailSettings(), deadline });
    logger.info(report.stoppedAt === null ? 'termNotices: done' : 'termNotices: stopped at its time budget', {
      noticed: report.noticed.length,
      skipped: report.skipped.length,
      stoppedAt: report.stoppedAt,
    });
  },
);

/** Brings the profile's and the Stripe customers' email to Auth's verified one after an email
 *  change (docs/decisions/0118-email-change-by-verified-link.md). */
export const accountEmail = onRequest(
  { ...FUNCTION_LIMITS.accountEmail, cors: false, secrets: [STRIPE_SECRET_KEY] },
  withSiteAppCheck('accountEmail', (request, response) => handleAccountEmail(request, response, siteDependencies())),
);

/** Closes the signed-in account: plans canceled, orders kept without personal data, records and
 *  the sign-in deleted, in an order a retry finishes (docs/decisions/0119-account-deletion-and-retention.md). */
export const deleteAccount = onRequest(
  { ...FUNCTION_LIMITS.deleteAccount, cors: false, secrets: [STRIPE_SECRET_KEY, EMAILJS_PRIVATE_KEY] },
  withSiteAppCheck('deleteAccount', (request, response) =>
    handleDeleteAccount(request, response, { ...siteDependencies(), mail: mailSettings() }),
  ),
);

/** "Download my data" (docs/decisions/0120-data-export.md). */
export const exportAccountData = onRequest(
  { ...FUNCTION_LIMITS.exportAccountData, cors: false },
  withSiteAppCheck('exportAccountData', (request, response) => handleExportAccountData(request, response, accountDependencies())),
);

/** A marketing mail's one-click unsubscribe link, no sign-in (docs/decisions/0121-consent-and-unsubscribe.md). */
export const unsubscribe = onRequest(
  { ...FUNCTION_LIMITS.unsubscribe, cors: false, secrets: [MAIL_LINK_SECRET] },
  withJsonErrors('unsubscribe', (request, response) =>
    handleUnsubscribe(request, response, { ...accountDependencies(), secret: MAIL_LINK_SECRET.value() }),
  ),
);

/** Daily: removes what the functions keep only for a while, processed webhook events, spent
 *  counters, long-expired links, the counters' old ledger entries and idle anonymous visitors,
 *  then recounts the console's counters (docs/decisions/0125-operations-and-cleanup.md). */
export const cleanup = onSchedule({ ...FUNCTION_LIMITS.cleanup, schedule: 'every day 03:30', timeZone: 'Etc/UTC' }, async () => {
  try {
    const now = Date.now();
    // Stops with a tenth of the time limit left; each part goes on from its place tomorrow.
    const deadline = now + FUNCTION_LIMITS.cleanup.timeoutSeconds * 900;
    const { recount, listIndex, ...removed } = await runCleanup({ database: getDatabase(), auth: getAuth(), now, deadline });
    const finished = Object.keys(removed.unfinished).length === 0 && recount.stoppedAt === null && listIndex.stoppedAt === null;
    logger.info(finished ? 'cleanup: done' : 'cleanup: stopped at its time budget, goes on tomorrow', { ...removed, listIndex });
    logRecount('cleanup', recount);
  } catch (error) {
    logUnexpected('cleanup', error);
    throw error; // the run is marked failed, and Cloud Scheduler shows it
  }
});
