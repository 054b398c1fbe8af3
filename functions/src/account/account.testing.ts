// For the account tests only (nothing in index.ts imports it): the four account handlers served
// over real HTTP against the backends of auth.testing.ts: firebase-tools' Auth emulator (real
// accounts, real ID tokens with their auth_time, the real email-change link), the database
// emulator, the Stripe stand-in (real customers and subscriptions, paid on its hosted checkout
// page) and the EmailJS stand-in.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { postForm } from '@leopard/stripe-stand-in/testing';
import { startAuthBackends, type AuthBackends, type TestAccount } from '../testing/auth.testing';
import { SITE, type Backends } from '../testing/backends.testing';
import { useForFile } from '../testing/emulators.testing';
import type { JsonAnswer } from '../http/http.testing';
import { createStripeClient } from '../stripe/stripe-client';
import { handleAccountEmail, type AccountEmailDependencies } from './account-email';
import { handleDeleteAccount, type DeleteAccountDependencies } from './delete-account';
import { handleExportAccountData, type ExportDependencies } from './export-data';
import { handleUnsubscribe, type UnsubscribeDependencies } from './unsubscribe';
import { orderPath } from '../../../src/data/orders';
import { PAID_MONTHLY_EARTH } from '../../../src/data/orders.testing';

export { SITE, type TestAccount };
export const MAIL_SECRET = 'mail_link_secret_of_the_account_tests_0123456789';
const PRIVATE_KEY = 'emailjs_private_account_test';

/** A Stripe stand-in's address with a fault in front of it: the next calls matching a method and
 *  path are answered as Stripe answers an internal error, the rest pass through unchanged. */
export interface FaultyStripe {
  url: string;
  failNext(method: string, path: RegExp, times?: number): void;
  stop(): Promise<void>;
}

async function faultyStripe(target: string): Promise<FaultyStripe> {
  const rules: { method: string; path: RegExp; times: number }[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const rule = rules.find((candidate) => candidate.method === req.method && candidate.path.test(req.url ?? ''));
    if (rule) {
      if (--rule.times <= 0) rules.splice(rules.indexOf(rule), 1);
      req.resume();
      // Stripe-Should-Retry: false, so the SDK reports it at once instead of trying again.
      res.writeHead(500, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (test fault).' } }));
      return;
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext(method, path, times = 1) {
      rules.push({ method, path, times });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface AccountHarness extends AuthBackends {
  faulty: FaultyStripe;
  /** The `stripe` SDK talking to the stand-in through `faulty`. */
  stripeThroughFault: Stripe;
  urls: { accountEmail: string; deleteAccount: string; exportAccountData: string; unsubscribe: string };
  /** The handlers' dependencies: a test may set `now` or point deleteAccount at `faulty`. */
  deps: {
    accountEmail: AccountEmailDependencies;
    deleteAccount: DeleteAccountDependencies;
    exportAccountData: ExportDependencies;
    unsubscribe: UnsubscribeDependencies;
  };
  /** A new account (verified unless told) with a sign-up profile, signed in just now. */
  account(options?: { verified?: boolean; profile?: boolean }): Promise<TestAccount>;
  call(url: string, token: string | null, body: unknown, headers?: Record<string, string>): Promise<JsonAnswer>;
  /** A live monthly subscription of `customerId`, paid on the stand-in's hosted checkout page, and
   *  its order as the webhook records it for `buyer`. Answers the order id and subscription id. */
  subscribe(customerId: string, buyer: string, email: string): Promise<{ orderId: string; subscriptionId: string }>;
  /** A Stripe customer for the account, kept as stripeCheckout keeps it. */
  customer(account: TestAccount): Promise<string>;
}

/** users/<uid> as sign-up writes it. */
export function signUpProfile(email: string): Record<string, unknown> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phoneNumber: '+16195550123',
    address: '1 Main Street, Springfield',
    country: 'US',
    birthDate: 'January/5/1990',
    verificationMethod: 'text',
    receiveAnnouncements: true,
    receiveAppsMusicTV: true,
    emailVerified: true,
    createdAt: '2026-11-22T04:30:00.000Z',
  };
}

/** all_orders/<id> of a paid monthly Earth plan in its first month, as the webhook leaves it;
 *  `fields` add to it or replace. */
export function paidOrder(orderId: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    ...PAID_MONTHLY_EARTH,
    productAmount: 8300,
    amountPerPeriod: 8300,
    paymentsMade: 1,
    pushKey: orderId,
    createdAt: Date.now(),
    ...fields,
  };
}

/** An order id as stripeCheckout draws one (a push id). */
export function newOrderId(harness: Pick<Backends, 'database'>): string {
  return harness.database.ref('all_orders').push().key!;
}

export function useAccountHarness(name: string): AccountHarness {
  return useForFile(async () => {
    const base = await startAuthBackends(name, PRIVATE_KEY);
    const faulty = await faultyStripe(base.standIn.url);
    const { auth, database, stripe, mail } = base;
    const deps: AccountHarness['deps'] = {
      accountEmail: { auth, database, stripe, siteOrigins: [SITE] },
      deleteAccount: { auth, database, stripe, mail, siteOrigins: [SITE] },
      exportAccountData: { auth, database, siteOrigins: [SITE] },
      unsubscribe: { auth, database, secret: MAIL_SECRET, siteOrigins: [SITE] },
    };
    const serve = base.servers.serve;
    const urls = {
      accountEmail: await serve('accountEmail', (rq, rs) => handleAccountEmail(rq, rs, deps.accountEmail)),
      deleteAccount: await serve('deleteAccount', (rq, rs) => handleDeleteAccount(rq, rs, deps.deleteAccount)),
      exportAccountData: await serve('exportAccountData', (rq, rs) => handleExportAccountData(rq, rs, deps.exportAccountData)),
      unsubscribe: await serve('unsubscribe', (rq, rs) => handleUnsubscribe(rq, rs, deps.unsubscribe)),
    };
    return {
      ...base,
      faulty,
      stripeThroughFault: createStripeClient(base.secretKey, faulty.url),
      urls,
      deps,
      async account({ verified = true, profile = true }: { verified?: boolean; profile?: boolean } = {}) {
        const account = await base.signUp({ verified });
        if (profile) await database.ref(`users/${account.uid}`).set(signUpProfile(account.email));
        return account;
      },
      call: base.postAs,
      async customer(account: TestAccount) {
        const customer = await stripe.customers.create({ email: account.email, metadata: { uid: account.uid } });
        await database.ref(`customers/${account.uid}`).set({ stripeCustomerId: customer.id, createdAt: Date.now() });
        return customer.id;
      },
      async subscribe(customerId: string, buyer: string, email: string) {
        const orderId = newOrderId(base);
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [
            {
              price_data: { currency: 'usd', unit_amount: 8300, recurring: { interval: 'month' }, product_data: { name: 'Earth' } },
              quantity: 1,
            },
          ],
          subscription_data: { metadata: { orderId } },
          metadata: { orderId },
          success_url: `${SITE}/order-history`,
          cancel_url: `${SITE}/store`,
        });
        const paid = await postForm(`${session.url}/pay`, { card_number: '4242424242424242' });
        if (paid.status !== 303) throw new Error(`paying answered ${paid.status}: ${paid.html.slice(0, 300)}`);
        const completed = await stripe.checkout.sessions.retrieve(session.id);
        const subscriptionId = typeof completed.subscription === 'string' ? completed.subscription : completed.subscription!.id;
        await database
          .ref(orderPath(orderId))
          .set(paidOrder(orderId, { buyer, stripeId: session.id, subscriptionId, customerId, customerEmail: email }));
        return { orderId, subscriptionId };
      },
      async reset() {
        deps.deleteAccount.stripe = stripe;
        for (const dep of Object.values(deps)) delete (dep as { now?: () => number }).now;
        await base.reset();
      },
      async close() {
        await base.close();
        await faulty.stop();
      },
    };
  });
}
