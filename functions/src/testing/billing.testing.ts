// For the billing tests only (nothing in index.ts imports it): every function of the store served
// over real HTTP as the runtime serves it, the real `stripe` SDK against the Stripe stand-in and
// firebase-admin against the project's database emulator, both started on free ports. Sign-in is
// a table of ID tokens (the handlers take `verifyIdToken` as a dependency); the real Auth emulator
// is exercised by tests/e2e/checkout-api.spec.ts. `useBackends` is the lower layer alone (database
// emulator, firebase-admin app, stand-in, optionally the webhook) with a test file's hooks;
// `useHarness` the whole, with the EmailJS stand-in when the file's functions send mail.
import { randomUUID } from 'node:crypto';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { App } from 'firebase-admin/app';
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { beforeAll, beforeEach } from 'vitest';
import type { RunningEmailJs } from '@leopard/emailjs-stand-in';
import { start as startStripe, type RunningStripe } from '@leopard/stripe-stand-in';
import { postForm, TERMS_OF_SERVICE_URL } from '@leopard/stripe-stand-in/testing';
import { buildCheckoutRequest, planOnly, type CheckoutChoices, type CheckoutRequest } from '../../../src/catalog/checkout';
import { orderPath } from '../../../src/data/orders';
import { syncStripeCatalog } from '../../../scripts/stripe-catalog-sync';
import { findCataloguePrices } from '../stripe/catalogue-prices';
import { checkoutSessionParams, handleCheckout, type CheckoutBuyer } from '../checkout/checkout';
import { handleCheckoutSummary } from '../orders/checkout-summary';
import { handleClaimGuestOrders } from '../orders/guest-orders';
import { handlePortal } from '../billing/portal';
import { startDatabaseApp, startMailStandIn, useForFile } from './emulators.testing';
import { createStripeClient } from '../stripe/stripe-client';
import type { SiteDependencies } from '../http/caller';
import { post, testServers, type JsonAnswer, type TestServers } from '../http/http.testing';
import type { MailSettings } from '../mail';
import { handleWebhook } from '../webhook/webhook';

export const SITE = 'http://127.0.0.1:4173';
export const CARDS = { visa: '4242424242424242', mastercard: '5555555555554444', failsLater: '4000000000000341' } as const;

export interface Account {
  uid: string;
  email: string;
  token: string;
}

export interface Created {
  id: string;
  url: string;
  orderId: string;
}

export interface Harness {
  /** Accepts the ID tokens signIn made, as handlers take it (`verifyIdToken`). */
  auth: Pick<Auth, 'verifyIdToken'>;
  database: Database;
  stripe: Stripe;
  standIn: RunningStripe;
  urls: { checkout: string; webhook: string; portal: string; summary: string; claim: string };
  /** Serves more handlers beside these (closed with the harness). */
  servers: TestServers;
  /** A signed-in account: its ID token is accepted from now on. */
  signIn(options?: { email?: string; emailVerified?: boolean }): Account;
  /** Forgets the database and the stand-in's state (accounts stay). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface BackendOptions {
  /** The only API key the stand-in accepts (the `stripe` client uses it). */
  secretKey: string;
  /** Given: handleWebhook is served (`webhookUrl`) and the stand-in delivers its events there,
   *  signed with this secret. Absent: events are kept, not delivered. */
  webhookSecret?: string;
  /** The stand-in's retries of a failed delivery; none unless asked, so each test decides when
   *  Stripe redelivers (POST /__events/:id/resend) and every refusal shows. */
  retryDelaysMs?: number[];
  /** Given: the webhook sends the server mails (a guest's claim link) with these settings. */
  mail?: MailSettings;
  /** false: the stand-in starts (and resets to) without the catalogue's Products and Prices, which
   *  `npm run stripe:sync` otherwise puts there as on the local stack. */
  catalogue?: boolean;
  /** The firebase-admin app's project, when not `demo-<name>` (the shared Auth emulator's). */
  projectId?: string;
}

/** What the handler tests run against, all on free ports of 127.0.0.1. */
export interface Backends {
  /** firebase-admin's app, and its database on the project's database emulator. */
  app: App;
  database: Database;
  /** The Stripe stand-in, and the real `stripe` SDK pointed at it with `secretKey`. */
  standIn: RunningStripe;
  stripe: Stripe;
  /** Serve handlers here; `close()` closes them. */
  servers: TestServers;
  /** handleWebhook's URL, when a `webhookSecret` was given. */
  webhookUrl?: string;
  /** Forgets the stand-in's state and empties the database. */
  reset(): Promise<void>;
  /** Closes the servers, the app, the stand-in and the database emulator. */
  close(): Promise<void>;
}

/** Starts the database emulator, a firebase-admin app on it (project and namespace
 *  `demo-${name}`) and the Stripe stand-in, with handleWebhook served between the two when the
 *  stand-in is to deliver events. */
export async function startBackends(name: string, options: BackendOptions): Promise<Backends> {
  const databaseApp = await startDatabaseApp(name, options.projectId);
  const { app, database } = databaseApp;
  const servers = testServers();
  const { secretKey, webhookSecret } = options;
  // The webhook is served first: the stand-in needs its URL to deliver to. `stripe` is read per
  // request, once the stand-in is up (the client needs its port).
  let stripe!: Stripe;
  const webhookUrl =
    webhookSecret === undefined
      ? undefined
      : await servers.serve('stripeWebhook', (request, response) =>
          handleWebhook(request, response, { database, stripe, webhookSecret, mail: options.mail }),
        );
  const standIn = await startStripe({
    port: 0,
    quiet: true,
    secretKey,
    termsOfServiceUrl: TERMS_OF_SERVICE_URL,
    ...(webhookUrl === undefined ? {} : { webhookUrl, webhookSecret, retryDelaysMs: options.retryDelaysMs ?? [] }),
  });
  stripe = createStripeClient(secretKey, standIn.url);
  const syncCatalogue = async () => {
    if (options.catalogue === false) return;
    await syncStripeCatalog(stripe, { seedDemo: true, concurrency: 8 });
    // Its events delivered before the test starts, so the test sees only its own.
    await standIn.settled();
  };
  await syncCatalogue();
  return {
    app,
    database,
    standIn,
    stripe,
    servers,
    webhookUrl,
    async reset() {
      // The catalogue stays: making its 48 Prices again, and delivering their events, cost every
      // test a third of a second. The sync below still puts back whatever a test changed.
      standIn.reset({ keepCatalogue: true });
      await databaseApp.reset();
      await syncCatalogue();
    },
    async close() {
      await servers.closeAll();
      await standIn.stop();
      await databaseApp.close();
    },
  };
}

/** A test file's backends: started in beforeAll, reset before each test, closed in afterAll.
 *  The object is filled in by beforeAll: read its fields inside tests and hooks. */
export function useBackends(name: string, options: BackendOptions): Backends {
  return useForFile(() => startBackends(name, options));
}

export async function startHarness(name: string, options: { retryDelaysMs?: number[]; mail?: MailSettings } = {}): Promise<Harness> {
  const secretKey = `sk_test_${name.replace(/\W/g, '_')}`;
  const webhookSecret = `whsec_${name.replace(/\W/g, '_')}`;
  const backends = await startBackends(name, { secretKey, webhookSecret, retryDelaysMs: options.retryDelaysMs, mail: options.mail });
  const { database, stripe, standIn, servers } = backends;
  const tokens = new Map<string, DecodedIdToken>();
  const auth = {
    async verifyIdToken(token: string): Promise<DecodedIdToken> {
      const decoded = tokens.get(token);
      if (!decoded) throw Object.assign(new Error('Decoding Firebase ID token failed.'), { code: 'auth/argument-error' });
      return decoded;
    },
  };
  const site = { auth, database, stripe, siteOrigins: [SITE] };
  const urls = {
    checkout: await servers.serve('stripeCheckout', (request, response) => handleCheckout(request, response, site)),
    webhook: backends.webhookUrl!,
    portal: await servers.serve('stripePortal', (request, response) => handlePortal(request, response, site)),
    summary: await servers.serve('checkoutSummary', (request, response) => handleCheckoutSummary(request, response, site)),
    claim: await servers.serve('claimGuestOrders', (request, response) => handleClaimGuestOrders(request, response, site)),
  };

  return {
    auth,
    database,
    stripe,
    standIn,
    urls,
    servers,
    signIn({ email = `buyer-${randomUUID().slice(0, 8)}@example.com`, emailVerified = true } = {}) {
      const uid = `uid-${randomUUID().slice(0, 12)}`;
      const token = `token-${randomUUID()}`;
      tokens.set(token, { uid, email, email_verified: emailVerified } as DecodedIdToken);
      return { uid, email, token };
    },
    async reset() {
      await settled(standIn);
      await backends.reset();
    },
    close: backends.close,
  };
}

/** A test file's harness (see useForFile): started in beforeAll, reset before each test. */
export function useHarness(name: string, options: { retryDelaysMs?: number[] } = {}): Harness {
  return useForFile(() => startHarness(name, options));
}

export interface MailingHarness extends Harness {
  /** The EmailJS stand-in the functions send through, emptied before each test. */
  emailjs: RunningEmailJs;
  mail: MailSettings;
}

/** useHarness with the server's mails going to the EmailJS stand-in, which accepts `privateKey`. */
export function useMailingHarness(name: string, privateKey: string, options: { requirePrivateKey?: boolean } = {}): MailingHarness {
  return useForFile(async () => {
    const mailStandIn = await startMailStandIn(privateKey, SITE, options);
    const harness = await startHarness(name, { mail: mailStandIn.mail });
    return {
      ...harness,
      emailjs: mailStandIn.emailjs,
      mail: mailStandIn.mail,
      async reset() {
        await harness.reset();
        mailStandIn.reset();
      },
      async close() {
        await harness.close();
        await mailStandIn.close();
      },
    };
  });
}

const EARTH = planOnly('websites', 'earth');

/** The body the product page sends (a visitor's success URL carries Stripe's session id). */
export function checkoutBody(choices: Partial<CheckoutChoices> = {}, signedIn = false): CheckoutRequest {
  return buildCheckoutRequest(
    { ...EARTH, ...choices },
    {
      imageURL: `${SITE}/images/store/websites.svg`,
      successURL: signedIn ? `${SITE}/order-history` : `${SITE}/thank-you?session_id={CHECKOUT_SESSION_ID}`,
      cancelURL: `${SITE}/product-details?service=websites&plan=earth`,
    },
  );
}

/** The session stripeCheckout would open for this request and order (the catalogue's Prices). */
export async function catalogueSessionParams(
  stripe: Stripe,
  request: CheckoutRequest,
  orderId: string,
  buyer: CheckoutBuyer | null = null,
): Promise<Stripe.Checkout.SessionCreateParams> {
  const found = await findCataloguePrices(stripe, request);
  if (!found.ok) throw new Error(`the stand-in's catalogue disagrees: ${found.lookupKey} ${found.reason}`);
  return checkoutSessionParams(request, orderId, buyer, { priceIds: found.prices.map((price) => price.stripe.id), siteUrl: SITE });
}

export function bearer(account: Account | string): Record<string, string> {
  return { Authorization: `Bearer ${typeof account === 'string' ? account : account.token}` };
}

/** POSTs a checkout and expects it to be created. */
export async function startCheckout(harness: Harness, choices: Partial<CheckoutChoices> = {}, account?: Account): Promise<Created> {
  const answer = await post(harness.urls.checkout, checkoutBody(choices, account !== undefined), account ? bearer(account) : {});
  if (answer.status !== 201) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json.data as Created;
}

/** What the hosted checkout asks besides the card: the Terms accepted and a billing address (one
 *  the stand-in's tax table taxes at 0 %, so amounts stay the catalogue's unless a test picks
 *  another), as the buyer types them. */
export const CHECKOUT_DETAILS = {
  terms_of_service: 'accepted',
  name: 'Ada Buyer',
  country: 'US',
  line1: '1 Main Street',
  city: 'Portland',
  state: 'OR',
  postal_code: '97201',
} as const;

/** Pays on the hosted checkout page as the buyer does (a visitor types an email); the stand-in
 *  answers once the webhook has heard every event. `details` replace or add to CHECKOUT_DETAILS
 *  (a taxed address, a tax id, a promotion code). */
export async function pay(
  created: Pick<Created, 'url'>,
  card: string = CARDS.visa,
  email?: string,
  details: Record<string, string> = {},
): Promise<string | null> {
  const answer = await postForm(`${created.url}/pay`, {
    card_number: card,
    ...CHECKOUT_DETAILS,
    ...details,
    ...(email ? { email } : {}),
  });
  if (answer.status !== 303) throw new Error(`paying answered ${answer.status}: ${answer.html.slice(0, 500)}`);
  return answer.location;
}

/** Waits until every event the stand-in has made has been delivered (one try each without
 *  retries), including events the webhook's own calls caused (setting the term end). */
export async function settled(standIn: RunningStripe, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivered = new Set(standIn.deliveries().map((delivery) => delivery.eventId));
    if (standIn.events().every((event) => event.pending_webhooks === 0 || delivered.has(event.id))) {
      // Quiet twice in a row: a delivery just answered may have caused another event.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const again = new Set(standIn.deliveries().map((delivery) => delivery.eventId));
      if (standIn.events().every((event) => event.pending_webhooks === 0 || again.has(event.id))) return;
    }
    if (Date.now() > deadline) throw new Error('the stand-in still has undelivered events');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function read<T = Record<string, unknown>>(database: Database, path: string): Promise<T | null> {
  return (await database.ref(path).get()).val() as T | null;
}

/** The order as the customer area reads it. */
export function readOrder<T = Record<string, unknown>>(harness: Pick<Backends, 'database'>, orderId: string): Promise<T | null> {
  return read<T>(harness.database, orderPath(orderId));
}

export interface TestClock {
  at: number | null;
  now: () => number;
}

/** The time the functions under test read as `now`: real time unless a test sets `at`, and real
 *  time again before each test. */
export function useTestClock(): TestClock {
  const clock = { at: null as number | null, now: () => clock.at ?? Date.now() };
  beforeEach(() => {
    clock.at = null;
  });
  return clock;
}

/** A function more than the harness serves, served for the whole file from beforeAll with the
 *  site's dependencies and a test clock: `url` is there once the file's tests run. */
export function useServed(
  harness: Pick<Harness, 'auth' | 'database' | 'stripe' | 'servers'>,
  name: string,
  handle: (request: Request, response: Response, deps: SiteDependencies & { now: () => number }) => Promise<void>,
): { url: string; clock: TestClock } {
  const served = { url: '', clock: useTestClock() };
  beforeAll(async () => {
    const { auth, database, stripe, servers } = harness;
    const deps = { auth, database, stripe, siteOrigins: [SITE], now: served.clock.now };
    served.url = await servers.serve(name, (request, response) => handle(request, response, deps));
  });
  return served;
}

/** A checkout started (for `account`, else as a visitor), paid on the hosted page and settled:
 *  every event it caused delivered to the webhook. */
export async function buy(
  harness: Harness,
  choices: Partial<CheckoutChoices> = {},
  { account, card, email }: { account?: Account; card?: string; email?: string } = {},
): Promise<Created> {
  const created = await startCheckout(harness, choices, account);
  await pay(created, card, email);
  await settled(harness.standIn);
  return created;
}

export type { JsonAnswer };
