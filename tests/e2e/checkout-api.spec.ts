/** The store's functions over HTTP, as the browser and Stripe call them: stripeCheckout (plans are
 *  subscriptions), stripeWebhook, stripePortal, checkoutSummary and claimGuestOrders (by proof of
 *  purchase, docs/decisions/0110-guest-orders-by-proof-of-purchase.md); the real
 *  functions in the Functions emulator, the real database emulator and Auth emulator, and the
 *  Stripe stand-in (emulators/stripe) for Stripe's API, hosted pages, test clocks and signed
 *  webhooks. No page is opened; Playwright's `request` fixture makes the calls. */
// Playwright's own test: these tests open no page, so the console-error fixture has nothing to watch.
import { expect, test, type APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { buildCheckoutRequest, planOnly, type CheckoutChoices, type CheckoutRequest } from '../../src/catalog/checkout';
import { priceConfiguration } from '../../src/catalog/pricing';
import { termEnd } from '../../src/catalog/subscription';
import { FUNCTIONS_URL, HOST, PORTS, PROJECT_ID, STRIPE_SECRET_KEY, STRIPE_URL, STRIPE_WEBHOOK_SECRET } from '../../emulators/local-config';
import { readDatabase, uniqueEmail } from './auth.testing';

const CHECKOUT_URL = `${FUNCTIONS_URL}/stripeCheckout`;
const WEBHOOK_URL = `${FUNCTIONS_URL}/stripeWebhook`;
const PORTAL_URL = `${FUNCTIONS_URL}/stripePortal`;
const SUMMARY_URL = `${FUNCTIONS_URL}/checkoutSummary`;
const CLAIM_URL = `${FUNCTIONS_URL}/claimGuestOrders`;
const AUTH_URL = `http://${HOST}:${PORTS.auth}`;
const SITE = `http://${HOST}:${PORTS.preview}`;

/** The SDK the functions use, pointed at the stand-in, for what the tests read or sign. */
const stripe = new Stripe(STRIPE_SECRET_KEY, { host: HOST, port: PORTS.stripe, protocol: 'http', maxNetworkRetries: 0 });

const EARTH = planOnly('websites', 'earth');

function checkoutBody(
  choices: Partial<CheckoutChoices> = {},
  overrides: Record<string, unknown> = {},
): CheckoutRequest & Record<string, unknown> {
  return {
    ...buildCheckoutRequest(
      { ...EARTH, ...choices },
      {
        imageURL: `${SITE}/images/store/websites.png`,
        successURL: `${SITE}/orders?checkout=success`,
        cancelURL: `${SITE}/product-details?service=websites&plan=earth`,
      },
    ),
    ...overrides,
  };
}

interface Created {
  statusCode: 201;
  data: { id: string; url: string; orderId: string };
}

interface Refused {
  statusCode: number;
  error: { message: string; field?: string };
}

interface StoredSession {
  id: string;
  mode: string;
  customer: string | null;
  subscription: string | null;
  amount_total: number;
  currency: string;
  status: string;
  payment_status: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
}

interface StoredEvent {
  id: string;
  type: string;
  data: { object: { id: string } };
}

async function startCheckout(request: APIRequestContext, body: unknown, idToken?: string): Promise<Created> {
  const response = await request.post(CHECKOUT_URL, { data: body, headers: idToken ? { Authorization: `Bearer ${idToken}` } : {} });
  const json = (await response.json()) as Created | Refused;
  expect(response.status(), JSON.stringify(json)).toBe(201);
  return json as Created;
}

async function refusal(
  request: APIRequestContext,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Refused }> {
  const response = await request.post(CHECKOUT_URL, { data: body, headers });
  return { status: response.status(), body: (await response.json()) as Refused };
}

async function standInSession(request: APIRequestContext, id: string): Promise<StoredSession | undefined> {
  const sessions = (await (await request.get(`${STRIPE_URL}/__sessions`)).json()) as StoredSession[];
  return sessions.find((session) => session.id === id);
}

async function standInEvents(request: APIRequestContext, sessionId: string): Promise<StoredEvent[]> {
  const events = (await (await request.get(`${STRIPE_URL}/__events`)).json()) as StoredEvent[];
  return events.filter((event) => event.data.object.id === sessionId);
}

/** Orders (all of them, admin read) created at or after `since` with this product and tier. */
async function ordersSince(since: number, product: string, tier: string): Promise<Record<string, unknown>[]> {
  const all = ((await readDatabase('all_orders')) ?? {}) as Record<string, { product: string; tier: string; createdAt: number }>;
  return Object.values(all).filter((order) => order.createdAt >= since && order.product === product && order.tier === tier);
}

function readOrder(orderId: string): Promise<Record<string, unknown> | null> {
  return readDatabase(`all_orders/${orderId}`) as Promise<Record<string, unknown> | null>;
}

/** Posts an event to the webhook exactly as Stripe does, signed with `secret`. */
async function deliverEvent(request: APIRequestContext, event: object, secret = STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event, null, 2);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return request.post(WEBHOOK_URL, { data: payload, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature } });
}

/** A Checkout event about a session (as Stripe would send it), with a fresh event id. */
async function checkoutEvent(request: APIRequestContext, type: string, sessionId: string, sessionChanges: Partial<StoredSession> = {}) {
  const session = await standInSession(request, sessionId);
  expect(session, `the stand-in knows ${sessionId}`).toBeDefined();
  return {
    id: `evt_test_e2e_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { ...session, ...sessionChanges } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** A new account in the Auth emulator and its ID token. */
async function signUp(request: APIRequestContext, email: string): Promise<{ uid: string; idToken: string }> {
  const response = await request.post(`http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email, password: 'analytical-engine', returnSecureToken: true },
  });
  expect(response.ok()).toBe(true);
  const { localId, idToken } = (await response.json()) as { localId: string; idToken: string };
  return { uid: localId, idToken };
}

/** Pays on the stand-in's hosted page, as the buyer's Pay button does; the stand-in answers once
 *  the webhook has been delivered. */
async function pay(
  request: APIRequestContext,
  created: Created,
  {
    card = '4242 4242 4242 4242',
    email,
    location = `${SITE}/orders?checkout=success`,
  }: { card?: string; email?: string; location?: string } = {},
) {
  const response = await request.post(`${created.data.url}/pay`, {
    // Checkout asks for the Terms and a billing address (docs/decisions/0116-tax-consent-and-promotion-codes.md).
    form: {
      card_number: card,
      terms_of_service: 'accepted',
      name: 'Ada Buyer',
      country: 'US',
      line1: '1 Main Street',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      ...(email ? { email } : {}),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()['location']).toBe(location);
}

/** Marks the account's email verified (the Auth emulator's admin API) and signs in again, so the
 *  new ID token says `email_verified: true`. */
async function verifyEmail(request: APIRequestContext, uid: string, email: string): Promise<string> {
  const updated = await request.post(`${AUTH_URL}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    headers: { Authorization: 'Bearer owner' },
    data: { localId: uid, emailVerified: true },
  });
  expect(updated.ok()).toBe(true);
  const signedIn = await request.post(`${AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    data: { email, password: 'analytical-engine', returnSecureToken: true },
  });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

test.describe('stripeCheckout refuses', () => {
  test('a forged amount with 400 on productAmount, and writes no order', async ({ request }) => {
    const since = Date.now();
    const choices: Partial<CheckoutChoices> = { service: 'wearable_apps', plan: 'diamond-peak', period: 'yearly', tradeIn: 'squarespace' };
    const { status, body } = await refusal(request, checkoutBody(choices, { productAmount: 100 }));
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: { field: 'productAmount', message: expect.stringContaining('does not match') } });
    expect(await ordersSince(since, 'wearable_apps', 'diamond-peak')).toEqual([]);
  });

  test('an unknown plan with 400 on plan', async ({ request }) => {
    const { status, body } = await refusal(request, { ...checkoutBody(), plan: 'titanium' });
    expect(status).toBe(400);
    expect(body.error).toEqual({ field: 'plan', message: 'Unknown plan "titanium".' });
  });

  test('magento (pay as you go, no online checkout) with 400 on plan', async ({ request }) => {
    const { status, body } = await refusal(request, { ...checkoutBody(), plan: 'magento' });
    expect(status).toBe(400);
    expect(body.error.field).toBe('plan');
    expect(body.error.message).toContain('cannot be bought online');
  });

  test('success and cancel URLs on another site (no open redirect)', async ({ request }) => {
    const success = await refusal(request, checkoutBody({}, { successURL: 'https://evil.example/orders' }));
    expect(success.status).toBe(400);
    expect(success.body.error.field).toBe('successURL');
    const cancel = await refusal(request, checkoutBody({}, { cancelURL: `http://${HOST}:9999/back` }));
    expect(cancel.status).toBe(400);
    expect(cancel.body.error.field).toBe('cancelURL');
  });

  test('a product image from another site with 400 on imageURL (Stripe would show it to the buyer)', async ({ request }) => {
    const { status, body } = await refusal(request, checkoutBody({}, { imageURL: 'https://evil.example/images/store/websites.png' }));
    expect(status).toBe(400);
    expect(body.error.field).toBe('imageURL');
  });

  test('an invalid sign-in token with 401, instead of checking out as a visitor', async ({ request }) => {
    const { status, body } = await refusal(request, checkoutBody(), { Authorization: 'Bearer not-a-real-token' });
    expect(status).toBe(401);
    expect(body).toEqual({ statusCode: 401, error: { message: expect.stringContaining('sign-in') } });
  });

  test('methods other than POST with 405', async ({ request }) => {
    const response = await request.get(CHECKOUT_URL);
    expect(response.status()).toBe(405);
    expect(await response.json()).toEqual({ statusCode: 405, error: { message: 'Method GET is not allowed; use POST.' } });
  });

  test('browsers on other sites (CORS), while answering the site’s own preflight', async ({ request }) => {
    const preflight = await request.fetch(CHECKOUT_URL, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()['access-control-allow-origin']).toBe(SITE);
    expect(preflight.headers()['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers()['access-control-allow-headers']).toMatch(/authorization/i);

    const foreign = await request.fetch(CHECKOUT_URL, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(foreign.status()).toBe(403);
    expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
    const post = await refusal(request, checkoutBody(), { Origin: 'https://evil.example' });
    expect(post.status).toBe(403);
  });
});

test.describe('stripeCheckout creates', () => {
  test("a visitor's checkout: the session at the catalogue's price and an unpaid order without buyer", async ({ request }) => {
    const body = checkoutBody({ storage: true, security: true, tradeIn: 'wix' });
    const created = await startCheckout(request, body, undefined);
    expect(created).toEqual({
      statusCode: 201,
      data: { id: expect.stringMatching(/^cs_test_/), url: `${STRIPE_URL}/c/pay/${created.data.id}`, orderId: expect.any(String) },
    });

    const amount = priceConfiguration(body).amountDueCents;
    expect(amount).toBe(10_799_99); // earth monthly 7,500.00 + storage 2,500.00 + security 799.99
    const order = await readOrder(created.data.orderId);
    expect(order).toEqual({
      product: 'websites',
      tier: 'earth',
      securitySelected: true,
      marketingSelected: false,
      applicationExist: true,
      modelExistsOn: 'wix',
      // The trade-ins page lists it under its trade-in's state (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
      tradeInState: 'awaiting',
      additionalStorage: '500GB',
      productAmount: amount,
      payment_status: 'unpaid',
      pushKey: created.data.orderId,
      stripeId: created.data.id,
      createdAt: expect.any(Number),
      billingPeriod: 'monthly',
      amountPerPeriod: amount,
      termPayments: 12,
    });

    const session = await standInSession(request, created.data.id);
    expect(session).toMatchObject({
      mode: 'subscription',
      // A visitor's customer is created by Checkout when they pay.
      customer: null,
      amount_total: amount,
      currency: 'usd',
      status: 'open',
      client_reference_id: null,
      customer_email: null,
      success_url: body.successURL,
      cancel_url: body.cancelURL,
      metadata: { orderId: created.data.orderId, service: 'websites', plan: 'earth', period: 'monthly' },
    });
    // Billed every month: the catalogue's Prices of the plan and of each add-on, by lookup key.
    const lineItems = await stripe.checkout.sessions.listLineItems(created.data.id);
    expect(
      lineItems.data.map((item) => [item.price?.lookup_key, item.quantity, item.amount_total, item.price?.recurring?.interval]),
    ).toEqual([
      ['plan:earth:monthly', 1, 7_500_00, 'month'],
      ['addon:storage:earth:monthly', 1, 2_500_00, 'month'],
      ['addon:security:earth:monthly', 1, 799_99, 'month'],
    ]);
  });

  test("a signed-in customer's checkout: buyer and client_reference_id are the uid, paid as their one Stripe customer", async ({
    request,
  }) => {
    const email = uniqueEmail('checkout');
    const { uid, idToken } = await signUp(request, email);
    const created = await startCheckout(request, checkoutBody({ plan: 'silver', period: 'yearly', marketing: true }), idToken);

    const order = await readOrder(created.data.orderId);
    expect(order).toMatchObject({
      buyer: uid,
      tier: 'silver',
      productAmount: 153_750_00,
      payment_status: 'unpaid',
      stripeId: created.data.id,
      billingPeriod: 'yearly',
      amountPerPeriod: 153_750_00,
      termPayments: 1,
    });
    expect(order).not.toHaveProperty('modelExistsOn');
    expect(order).not.toHaveProperty('additionalStorage');

    // The customer is made on the first purchase, with the account's email, and kept server-side.
    const stored = (await readDatabase(`customers/${uid}`)) as { stripeCustomerId: string; createdAt: number };
    expect(stored).toEqual({ stripeCustomerId: expect.stringMatching(/^cus_/), createdAt: expect.any(Number) });
    const customer = await stripe.customers.retrieve(stored.stripeCustomerId);
    expect(customer).toMatchObject({ email, metadata: { uid } });
    const session = await standInSession(request, created.data.id);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: uid,
      customer: stored.stripeCustomerId,
      amount_total: 153_750_00,
    });
    expect(session?.metadata).toMatchObject({ orderId: created.data.orderId, uid });

    // The next purchase pays as the same customer.
    const again = await startCheckout(request, checkoutBody({ plan: 'bronze' }), idToken);
    expect((await standInSession(request, again.data.id))?.customer).toBe(stored.stripeCustomerId);
    expect(await readDatabase(`customers/${uid}/stripeCustomerId`)).toBe(stored.stripeCustomerId);
  });
});

test.describe('stripeWebhook', () => {
  test('refuses a bad or missing signature with 400 and changes nothing', async ({ request }) => {
    const created = await startCheckout(request, checkoutBody());
    const event = await checkoutEvent(request, 'checkout.session.completed', created.data.id, {
      status: 'complete',
      payment_status: 'paid',
    });

    const forged = await deliverEvent(request, event, 'whsec_somebody_else');
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain('signature');
    const unsigned = await request.post(WEBHOOK_URL, { data: JSON.stringify(event), headers: { 'Content-Type': 'application/json' } });
    expect(unsigned.status()).toBe(400);

    expect(await readOrder(created.data.orderId)).toMatchObject({ payment_status: 'unpaid' });
    expect(await readDatabase(`stripe_events/${event.id}`)).toBeNull();
  });

  test('Pay on the hosted page marks the order paid; a resent event and a late expiry leave it paid', async ({ request }) => {
    const created = await startCheckout(request, checkoutBody({ plan: 'bronze' }));
    // A visitor: Stripe asks for the email the receipt goes to.
    await pay(request, created, { email: 'visitor-bronze@e2e.leopard.test' });
    const paid = await readOrder(created.data.orderId);
    expect(paid).toMatchObject({
      payment_status: 'paid',
      stripeId: created.data.id,
      productAmount: 10_000_00,
      subscriptionId: expect.stringMatching(/^sub_/),
      customerId: expect.stringMatching(/^cus_/),
      subscriptionStatus: 'active',
      paymentsMade: 1,
      termPayments: 12,
    });
    // The 12-month term's end, set on the subscription by the webhook (Checkout cannot).
    const subscription = await stripe.subscriptions.retrieve(paid?.subscriptionId as string);
    expect(subscription.cancel_at).toBe(termEnd(subscription.start_date * 1000) / 1000);
    expect(paid?.termEndsAt).toBe(subscription.cancel_at! * 1000);

    // Stripe delivers at least once: the same event again.
    const [completed] = await standInEvents(request, created.data.id);
    expect(completed.type).toBe('checkout.session.completed');
    const resent = await request.post(`${STRIPE_URL}/__events/${completed.id}/resend`);
    const { deliveries } = (await resent.json()) as { deliveries: { status: number }[] };
    expect(deliveries.at(-1)?.status).toBe(200);

    // Out of order: an expiry reaching us after the payment.
    const expired = await deliverEvent(
      request,
      await checkoutEvent(request, 'checkout.session.expired', created.data.id, { status: 'expired', payment_status: 'unpaid' }),
    );
    expect(expired.status()).toBe(200);

    expect(await readOrder(created.data.orderId)).toMatchObject({ payment_status: 'paid', stripeId: created.data.id });
    const all = (await readDatabase('all_orders')) as Record<string, { stripeId?: string }>;
    expect(Object.keys(all).filter((id) => all[id].stripeId === created.data.id)).toEqual([created.data.orderId]);
    expect(await readDatabase(`stripe_events/${completed.id}`)).toMatchObject({
      orderId: created.data.orderId,
      outcome: 'applied',
      status: 'paid',
    });
  });

  test('an expired session marks its unpaid order expired', async ({ request }) => {
    const created = await startCheckout(request, checkoutBody({ plan: 'gold' }));
    await stripe.checkout.sessions.expire(created.data.id);
    await expect.poll(async () => (await readOrder(created.data.orderId))?.payment_status).toBe('expired');
  });

  test('a failed async payment marks the order failed, and a later success still makes it paid', async ({ request }) => {
    const created = await startCheckout(request, checkoutBody({ plan: 'earth', marketing: true }));
    const failed = await deliverEvent(
      request,
      await checkoutEvent(request, 'checkout.session.async_payment_failed', created.data.id, { status: 'complete' }),
    );
    expect(failed.status()).toBe(200);
    expect(await readOrder(created.data.orderId)).toMatchObject({ payment_status: 'failed' });

    const succeeded = await deliverEvent(
      request,
      await checkoutEvent(request, 'checkout.session.async_payment_succeeded', created.data.id, {
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(succeeded.status()).toBe(200);
    expect(await readOrder(created.data.orderId)).toMatchObject({ payment_status: 'paid' });
  });

  test('a completed session still awaiting its payment leaves the order unpaid', async ({ request }) => {
    const created = await startCheckout(request, checkoutBody());
    const response = await deliverEvent(
      request,
      await checkoutEvent(request, 'checkout.session.completed', created.data.id, { status: 'complete', payment_status: 'unpaid' }),
    );
    expect(response.status()).toBe(200);
    expect(await readOrder(created.data.orderId)).toMatchObject({ payment_status: 'unpaid' });
  });

  test("ignores an event whose session is not the order's", async ({ request }) => {
    const created = await startCheckout(request, checkoutBody());
    const other = await startCheckout(request, checkoutBody());
    // The other session's event, claiming to be about the first order.
    const event = await checkoutEvent(request, 'checkout.session.completed', other.data.id, {
      status: 'complete',
      payment_status: 'paid',
      metadata: { orderId: created.data.orderId },
    });
    const response = await deliverEvent(request, event);
    expect(response.status()).toBe(200);
    expect(await readOrder(created.data.orderId)).toMatchObject({ payment_status: 'unpaid', stripeId: created.data.id });
  });

  test('answers 200 to event types it does not handle, changing nothing', async ({ request }) => {
    const created = await startCheckout(request, checkoutBody());
    const before = await readOrder(created.data.orderId);
    const event = { ...(await checkoutEvent(request, 'checkout.session.completed', created.data.id)), type: 'customer.created' };
    const response = await deliverEvent(request, event);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await readOrder(created.data.orderId)).toEqual(before);
    expect(await readDatabase(`stripe_events/${event.id}`)).toBeNull();
  });
});

test.describe('subscriptions', () => {
  test("a signed-in customer's plan: the card on file, then a renewal billed by the test clock makes 2 of 12", async ({ request }) => {
    const { uid, idToken } = await signUp(request, uniqueEmail('renewal'));
    const created = await startCheckout(request, checkoutBody({ plan: 'gold' }), idToken);
    await pay(request, created, { card: '5555 5555 5555 4444' });
    const paid = await readOrder(created.data.orderId);
    expect(paid).toMatchObject({ buyer: uid, payment_status: 'paid', subscriptionStatus: 'active', paymentsMade: 1, termPayments: 12 });
    await expect
      .poll(() => readDatabase(`billing/${uid}/card`))
      .toEqual({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 });

    // Every customer of the stand-in is on a test clock of its own: a month passes for this one only.
    const customer = await stripe.customers.retrieve(paid?.customerId as string);
    if (customer.deleted || typeof customer.test_clock !== 'string') throw new Error('the customer has no test clock');
    await stripe.testHelpers.testClocks.advance(customer.test_clock, { frozen_time: (paid?.currentPeriodEnd as number) / 1000 + 3600 });
    // The renewal's invoice and the subscription's new period come in separate events, in either order.
    await expect
      .poll(
        async () => {
          const order = await readOrder(created.data.orderId);
          return [order?.paymentsMade, (order?.currentPeriodEnd as number) > (paid?.currentPeriodEnd as number)];
        },
        { timeout: 15_000 },
      )
      .toEqual([2, true]);
    const renewed = await readOrder(created.data.orderId);
    expect(renewed).toMatchObject({ subscriptionStatus: 'active', termEndsAt: paid?.termEndsAt });
  });

  test('stripePortal opens the billing portal of the caller’s own customer only', async ({ request }) => {
    const returnURL = `${SITE}/payment-methods`;
    const { uid, idToken } = await signUp(request, uniqueEmail('portal'));

    // No customer before the first purchase.
    const none = await request.post(PORTAL_URL, { data: { returnURL }, headers: { Authorization: `Bearer ${idToken}` } });
    expect(none.status()).toBe(404);

    await startCheckout(request, checkoutBody(), idToken);
    const opened = await request.post(PORTAL_URL, { data: { returnURL }, headers: { Authorization: `Bearer ${idToken}` } });
    expect(opened.status()).toBe(201);
    const { data } = (await opened.json()) as { statusCode: number; data: { url: string } };
    expect(data.url).toMatch(new RegExp(`^${STRIPE_URL}/p/session/bps_`));
    const sessions = (await (await request.get(`${STRIPE_URL}/__portal_sessions`)).json()) as {
      url: string;
      customer: string;
      return_url: string;
    }[];
    expect(sessions.find((session) => session.url === data.url)).toMatchObject({
      customer: await readDatabase(`customers/${uid}/stripeCustomerId`),
      return_url: returnURL,
    });

    // Nobody names the customer in the body: another user's customer id is refused.
    const other = await signUp(request, uniqueEmail('portal-other'));
    await startCheckout(request, checkoutBody(), other.idToken);
    const named = await request.post(PORTAL_URL, {
      data: { returnURL, customer: await readDatabase(`customers/${other.uid}/stripeCustomerId`) },
      headers: { Authorization: `Bearer ${idToken}` },
    });
    expect(named.status()).toBe(400);
    expect(((await named.json()) as Refused).error.field).toBe('customer');

    expect((await request.post(PORTAL_URL, { data: { returnURL } })).status()).toBe(401);
    expect((await request.post(PORTAL_URL, { data: { returnURL }, headers: { Authorization: 'Bearer not-a-real-token' } })).status()).toBe(
      401,
    );
    expect(
      (
        await request.post(PORTAL_URL, { data: { returnURL: 'https://evil.example/' }, headers: { Authorization: `Bearer ${idToken}` } })
      ).status(),
    ).toBe(400);
  });

  test("checkoutSummary tells a visitor's thank-you page what was bought, for our sessions only", async ({ request }) => {
    const successURL = `${SITE}/thank-you?session_id={CHECKOUT_SESSION_ID}`;
    const created = await startCheckout(request, checkoutBody({ plan: 'bronze', period: 'yearly' }, { successURL }));
    await pay(request, created, { email: uniqueEmail('thanks'), location: `${SITE}/thank-you?session_id=${created.data.id}` });

    const answer = await request.get(`${SUMMARY_URL}?session_id=${created.data.id}`);
    expect(answer.status()).toBe(200);
    // What was charged is Stripe's session's, as the webhook kept it.
    const session = await stripe.checkout.sessions.retrieve(created.data.id);
    expect(await answer.json()).toEqual({
      statusCode: 200,
      data: {
        service: 'websites',
        plan: 'bronze',
        period: 'yearly',
        amountPerPeriod: 120_000_00,
        termPayments: 1,
        paymentsMade: 1,
        subscriptionStatus: 'active',
        orderReference: created.data.orderId,
        addOns: { storage: null, security: false, marketing: false },
        charged: {
          subtotal: session.amount_subtotal,
          discount: session.total_details?.amount_discount,
          tax: session.total_details?.amount_tax,
          total: session.amount_total,
          promotionCode: null,
        },
      },
    });

    // A session that copies our order id into its metadata is not that order's.
    const copy = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Not ours' } } }],
      success_url: `${SITE}/thank-you`,
      metadata: { orderId: created.data.orderId },
    });
    expect((await request.get(`${SUMMARY_URL}?session_id=${copy.id}`)).status()).toBe(404);
    expect((await request.get(`${SUMMARY_URL}?session_id=cs_test_nobody_has_this_one`)).status()).toBe(404);
    expect((await request.get(`${SUMMARY_URL}?session_id=not-a-session`)).status()).toBe(400);
  });

  test("claimGuestOrders adds a visitor's order to an account by its Checkout session, never by the email", async ({ request }) => {
    const email = uniqueEmail('guest');
    const created = await startCheckout(request, checkoutBody({ plan: 'silver' }));
    await pay(request, created, { email });
    expect(await readOrder(created.data.orderId)).toMatchObject({ customerEmail: email.toLowerCase(), payment_status: 'paid' });
    expect(await readOrder(created.data.orderId)).not.toHaveProperty('buyer');

    // The owner of the typed address, verified, gets nothing without the proof.
    const { uid, idToken } = await signUp(request, email);
    const verifiedToken = await verifyEmail(request, uid, email);
    expect((await request.post(CLAIM_URL)).status()).toBe(401);
    for (const token of [idToken, verifiedToken]) {
      const unproven = await request.post(CLAIM_URL, { data: {}, headers: { Authorization: `Bearer ${token}` } });
      expect(unproven.status()).toBe(400);
    }
    expect(await readOrder(created.data.orderId)).not.toHaveProperty('buyer');
    expect(await readDatabase(`customers/${uid}`)).toBeNull();

    // The payer, back on the thank-you page with the session, signs up with any address.
    const payer = await signUp(request, uniqueEmail('payer'));
    const claimed = await request.post(CLAIM_URL, {
      data: { sessionId: created.data.id },
      headers: { Authorization: `Bearer ${payer.idToken}` },
    });
    expect(claimed.status()).toBe(200);
    expect(await claimed.json()).toEqual({ statusCode: 200, data: { orderId: created.data.orderId, linked: true } });
    const order = await readOrder(created.data.orderId);
    expect(order).toMatchObject({ buyer: payer.uid });
    expect(await readDatabase(`customers/${payer.uid}/stripeCustomerId`)).toBe(order?.customerId);
    await expect.poll(() => readDatabase(`billing/${payer.uid}/card`)).toMatchObject({ last4: '4242' });
    // Never moved again, whoever asks.
    const moved = await request.post(CLAIM_URL, {
      data: { sessionId: created.data.id },
      headers: { Authorization: `Bearer ${verifiedToken}` },
    });
    expect(moved.status()).toBe(409);
    expect(await readOrder(created.data.orderId)).toMatchObject({ buyer: payer.uid });
  });
});
