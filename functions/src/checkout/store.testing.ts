// For the store's tests only (nothing in index.ts imports it): the store as a buyer meets it,
// every function of it served over real HTTP as the runtime serves it (checkout, the webhook, the
// thank-you summary, the guest claim, the billing portal) on the backends of
// testing/backends.testing.ts: the real `stripe` SDK against the Stripe stand-in and firebase-admin
// against the project's database emulator. Sign-in is a table of ID tokens (the handlers take
// `verifyIdToken` as a dependency); the real Auth emulator is exercised by
// tests/e2e/checkout-api.spec.ts. `useHarness` is the whole, `useMailingHarness` with the EmailJS
// stand-in when the file's functions send mail; `buy` a paid, settled checkout.
import { randomUUID } from 'node:crypto';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type Stripe from 'stripe';
import { beforeAll } from 'vitest';
import type { RunningEmailJs } from '@leopard/emailjs-stand-in';
import type { RunningStripe } from '@leopard/stripe-stand-in';
import { postForm } from '@leopard/stripe-stand-in/testing';
import { buildCheckoutRequest, planOnly, type CheckoutChoices, type CheckoutRequest } from '../../../src/catalog/checkout';
import { handlePortal } from '../billing/portal';
import type { SiteDependencies } from '../http/caller';
import { post, type TestServers } from '../http/http.testing';
import type { MailSettings } from '../mail';
import { handleCheckoutSummary } from '../orders/checkout-summary';
import { handleClaimGuestOrders } from '../orders/guest-orders';
import { findCataloguePrices } from '../stripe/catalogue-prices';
import { CARDS, SITE, settled, startBackends, useTestClock, type TestClock } from '../testing/backends.testing';
import { startMailStandIn, useForFile } from '../testing/emulators.testing';
import { handleWebhook } from '../webhook/webhook';
import { checkoutSessionParams, handleCheckout, type CheckoutBuyer } from './checkout';

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

export async function startHarness(name: string, options: { retryDelaysMs?: number[]; mail?: MailSettings } = {}): Promise<Harness> {
  const secretKey = `sk_test_${name.replace(/\W/g, '_')}`;
  const webhookSecret = `whsec_${name.replace(/\W/g, '_')}`;
  const backends = await startBackends(name, {
    secretKey,
    webhook: { handle: handleWebhook, secret: webhookSecret, mail: options.mail },
    retryDelaysMs: options.retryDelaysMs,
  });
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
