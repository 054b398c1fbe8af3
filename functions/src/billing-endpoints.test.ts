// stripePortal, checkoutSummary and claimGuestOrders over real HTTP, with the real `stripe` SDK
// against the Stripe stand-in and firebase-admin against the database emulator: what each answers,
// and above all what each refuses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CARDS,
  bearer,
  checkoutBody,
  pay,
  read,
  settled,
  SITE,
  startCheckout,
  startHarness,
  type Account,
  type Harness,
} from './billing-test-harness';
import { checkoutSessionParams } from './checkout';
import { CUSTOMERS_PATH } from './customers';
import { ORDERS_PATH } from '../../src/data/orders';
import { post } from './test-server';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('billing-endpoints');
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.reset();
});

const RETURN_URL = `${SITE}/payment-methods`;

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, { headers });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** A signed-in account that has bought (so it has a Stripe customer). */
async function customer(options: { email?: string } = {}): Promise<{ account: Account; customerId: string }> {
  const account = harness.signIn(options);
  const created = await startCheckout(harness, {}, account);
  await pay(created);
  await settled(harness.standIn);
  const customerId = await read<string>(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`);
  return { account, customerId: customerId! };
}

/** A visitor's paid checkout with this email. */
async function guestPurchase(email: string, choices: Parameters<typeof startCheckout>[1] = {}) {
  const created = await startCheckout(harness, choices);
  await pay(created, CARDS.visa, email);
  await settled(harness.standIn);
  return created;
}

describe('stripePortal', () => {
  it('opens the billing portal of the caller’s own customer, returning to the site', async () => {
    const { account, customerId } = await customer({ email: 'ada@example.com' });
    const answer = await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer(account));
    expect(answer).toEqual({
      status: 201,
      json: { statusCode: 201, data: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\/bps_/) } },
    });
    const sessions = (await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()) as {
      customer: string;
      return_url: string;
      url: string;
    }[];
    expect(sessions).toEqual([
      expect.objectContaining({ customer: customerId, return_url: RETURN_URL, url: (answer.json.data as { url: string }).url }),
    ]);
    const page = await (await fetch((answer.json.data as { url: string }).url)).text();
    expect(page).toContain('Billing for ada@example.com');
  });

  it('refuses a request without a sign-in, or with a forged one (401), opening nothing', async () => {
    await customer();
    expect(await post(harness.urls.portal, { returnURL: RETURN_URL })).toEqual({
      status: 401,
      json: { statusCode: 401, error: { message: expect.stringContaining('Sign in') } },
    });
    expect(await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer('forged.token.value'))).toMatchObject({ status: 401 });
    expect(await post(harness.urls.portal, { returnURL: RETURN_URL }, { Authorization: 'Basic abc' })).toMatchObject({ status: 401 });
    expect(await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()).toEqual([]);
  });

  it('never takes a customer from the body: another user’s customer id is refused (400)', async () => {
    const victim = await customer();
    const { account } = await customer();
    const answer = await post(harness.urls.portal, { returnURL: RETURN_URL, customer: victim.customerId }, bearer(account));
    expect(answer).toEqual({
      status: 400,
      json: { statusCode: 400, error: { field: 'customer', message: expect.stringContaining('your own') } },
    });
    expect(await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()).toEqual([]);
  });

  it('refuses a return address off the site (400 on returnURL)', async () => {
    const { account } = await customer();
    for (const returnURL of ['https://evil.example/payment-methods', 'http://127.0.0.1:9999/', 'not a url']) {
      expect(await post(harness.urls.portal, { returnURL }, bearer(account))).toMatchObject({
        status: 400,
        json: { error: { field: 'returnURL' } },
      });
    }
  });

  it('answers 404 to a user who has no customer yet', async () => {
    const answer = await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer(harness.signIn()));
    expect(answer).toEqual({ status: 404, json: { statusCode: 404, error: { message: expect.stringContaining('first purchase') } } });
  });

  it('answers the site’s preflight and refuses other sites (CORS), and methods but POST', async () => {
    const preflight = await fetch(harness.urls.portal, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    const foreign = await post(
      harness.urls.portal,
      { returnURL: RETURN_URL },
      { Origin: 'https://evil.example', ...bearer(harness.signIn()) },
    );
    expect(foreign.status).toBe(403);
    expect((await get(harness.urls.portal)).status).toBe(405);
  });
});

describe('checkoutSummary', () => {
  const summaryOf = (sessionId: string) => get(`${harness.urls.summary}?session_id=${encodeURIComponent(sessionId)}`);

  it('tells the thank-you page what a visitor bought, and nothing else', async () => {
    const created = await startCheckout(harness, { plan: 'bronze', security: true });
    // Before paying (or before the webhook has heard): no payments, no status.
    expect(await summaryOf(created.id)).toMatchObject({
      status: 200,
      json: {
        statusCode: 200,
        data: {
          service: 'websites',
          plan: 'bronze',
          period: 'monthly',
          amountPerPeriod: 10_799_99,
          termPayments: 12,
          paymentsMade: 0,
          subscriptionStatus: null,
        },
      },
    });
    await pay(created, CARDS.visa, 'guest@example.com');
    await settled(harness.standIn);
    const answer = await summaryOf(created.id);
    expect(answer.json).toEqual({
      statusCode: 200,
      data: {
        service: 'websites',
        plan: 'bronze',
        period: 'monthly',
        amountPerPeriod: 10_799_99,
        termPayments: 12,
        paymentsMade: 1,
        subscriptionStatus: 'active',
      },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a session that is not one of our orders’ (404): another shop’s, or one naming our order', async () => {
    const ours = await startCheckout(harness);
    const foreign = await harness.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Something else' } } }],
      success_url: `${SITE}/x`,
    });
    expect(await summaryOf(foreign.id)).toMatchObject({ status: 404, json: { statusCode: 404, error: { message: expect.any(String) } } });
    // A session made with our order's id in its metadata is still not that order's session.
    const copy = await harness.stripe.checkout.sessions.create(checkoutSessionParams(checkoutBody(), ours.orderId, null));
    expect((await summaryOf(copy.id)).status).toBe(404);
    expect((await summaryOf('cs_test_unknown_session_1234')).status).toBe(404);
  });

  it('refuses a missing or malformed session id (400) and methods but GET (405)', async () => {
    expect(await get(harness.urls.summary)).toMatchObject({ status: 400, json: { error: { field: 'session_id' } } });
    for (const id of ['', 'pi_123', 'cs_a/b', `cs_${'a'.repeat(300)}`]) expect((await summaryOf(id)).status).toBe(400);
    const twice = await get(`${harness.urls.summary}?session_id=cs_a&session_id=cs_b`);
    expect(twice.status).toBe(400);
    expect((await post(harness.urls.summary, {})).status).toBe(405);
  });
});

describe('claimGuestOrders', () => {
  it('links a verified email’s guest orders to the account, with the guest’s customer and card', async () => {
    const first = await guestPurchase('Kat@Example.com');
    const second = await guestPurchase('kat@example.com', { plan: 'gold', period: 'yearly' });
    const someoneElse = await guestPurchase('other@example.com');
    const account = harness.signIn({ email: 'kat@example.com' });

    const answer = await post(harness.urls.claim, {}, bearer(account));
    expect(answer).toEqual({ status: 200, json: { statusCode: 200, data: { linked: 2 } } });
    for (const { orderId } of [first, second]) expect(await read(harness.database, `${ORDERS_PATH}/${orderId}/buyer`)).toBe(account.uid);
    expect(await read(harness.database, `${ORDERS_PATH}/${someoneElse.orderId}/buyer`)).toBeNull();
    // The newest guest order's customer becomes the account's, so the portal and the card work.
    const newestCustomer = await read<string>(harness.database, `${ORDERS_PATH}/${second.orderId}/customerId`);
    expect(await read(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`)).toBe(newestCustomer);
    expect(await read(harness.database, `billing/${account.uid}/card`)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect((await harness.stripe.customers.retrieve(newestCustomer!)) as { metadata: unknown }).toMatchObject({
      metadata: { uid: account.uid },
    });
    expect((await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer(account))).status).toBe(201);
    // The first guest order's customer stays the guest's: the account has one customer.
    const olderCustomer = await read<string>(harness.database, `${ORDERS_PATH}/${first.orderId}/customerId`);
    expect(olderCustomer).not.toBe(newestCustomer);
    expect(((await harness.stripe.customers.retrieve(olderCustomer!)) as { metadata: unknown }).metadata).toEqual({});

    // Once linked, they stay: a second claim (or another verified account) links nothing.
    expect(await post(harness.urls.claim, {}, bearer(account))).toMatchObject({ status: 200, json: { data: { linked: 0 } } });
    expect(await post(harness.urls.claim, {}, bearer(harness.signIn({ email: 'kat@example.com' })))).toMatchObject({
      json: { data: { linked: 0 } },
    });
    expect(await read(harness.database, `${ORDERS_PATH}/${first.orderId}/buyer`)).toBe(account.uid);
  });

  it('links nothing for an unverified email (403), nor without a valid sign-in (401)', async () => {
    const guest = await guestPurchase('kat@example.com');
    const before = await read(harness.database, '/');
    const unverified = harness.signIn({ email: 'kat@example.com', emailVerified: false });
    expect(await post(harness.urls.claim, {}, bearer(unverified))).toEqual({
      status: 403,
      json: { statusCode: 403, error: { message: expect.stringContaining('Verify your email') } },
    });
    expect((await post(harness.urls.claim, {})).status).toBe(401);
    expect((await post(harness.urls.claim, {}, bearer('forged'))).status).toBe(401);
    expect(await read(harness.database, '/')).toEqual(before);
    expect(await read(harness.database, `${ORDERS_PATH}/${guest.orderId}/buyer`)).toBeNull();
  });

  it('keeps the account’s own customer when it has one', async () => {
    const { account, customerId } = await customer({ email: 'lin@example.com' });
    const guest = await guestPurchase('lin@example.com');
    expect(await post(harness.urls.claim, {}, bearer(account))).toMatchObject({ status: 200, json: { data: { linked: 1 } } });
    expect(await read(harness.database, `${ORDERS_PATH}/${guest.orderId}/buyer`)).toBe(account.uid);
    expect(await read(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`)).toBe(customerId);
  });
});
