// handleCheckout over real HTTP with the real Stripe SDK against the Stripe stand-in and
// firebase-admin against the project's database emulator, both started on free ports by
// useBackends (testing/backends.testing.ts). It covers what the e2e suite cannot steer without
// disturbing other tests: Stripe refusing.
import Stripe from 'stripe';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest } from '../../../src/catalog/checkout';
import { ORDERS_PATH } from '../../../src/data/orders';
import { useBackends } from '../testing/backends.testing';
import { CATALOGUE_MISMATCH_MESSAGE } from '../stripe/catalogue-prices';
import { handleCheckout } from './checkout';
import { createStripeClient, stripeConnection } from '../stripe/stripe-client';
import { post } from '../http/http.testing';

const SECRET_KEY = 'sk_test_handler_suite';
const SITE = 'http://127.0.0.1:4173';
const BODY = buildCheckoutRequest(
  { service: 'websites', plan: 'earth', period: 'monthly', storage: false, security: false, marketing: false, tradeIn: null },
  { imageURL: `${SITE}/images/earth.png`, successURL: `${SITE}/orders`, cancelURL: `${SITE}/store` },
);

// The stand-in delivers no events here (no webhook); reset before each test.
const env = useBackends('handler', { secretKey: SECRET_KEY });

/** The handler on its own port, as the Functions runtime runs it. */
function serve(stripe: Stripe): Promise<string> {
  return env.servers.serve('stripeCheckout', (request, response) =>
    handleCheckout(request, response, { auth: getAuth(env.app), database: env.database, stripe, siteOrigins: [SITE] }),
  );
}

/** A client of the stand-in that also keeps the form of every session it creates: the stand-in
 *  does not show product images (neither /__sessions nor line_items carry them), so the test
 *  reads them from the exact request the stand-in received. */
function recordingStripe(): { stripe: Stripe; createForms: URLSearchParams[] } {
  const network = Stripe.createNodeHttpClient();
  const createForms: URLSearchParams[] = [];
  const httpClient: NonNullable<Stripe.StripeConfig['httpClient']> = {
    getClientName: () => network.getClientName(),
    makeRequest: (host, port, path, method, headers, requestData, protocol, timeout) => {
      if (method === 'POST' && path === '/v1/checkout/sessions') createForms.push(new URLSearchParams(requestData));
      return network.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
    },
  };
  return { stripe: new Stripe(SECRET_KEY, { ...stripeConnection(env.standIn.url), httpClient, maxNetworkRetries: 0 }), createForms };
}

/** The product images of the session a create form asked for, in order. */
function productImages(form: URLSearchParams): string[] {
  return [...form.entries()]
    .filter(([name]) => name.startsWith('line_items[0][price_data][product_data][images]'))
    .map(([, value]) => value);
}

async function storedOrders(): Promise<Record<string, unknown>> {
  return ((await env.database.ref(ORDERS_PATH).get()).val() as Record<string, unknown> | null) ?? {};
}

describe('handleCheckout with Stripe answering', () => {
  it('creates the session and the order when Stripe accepts', async () => {
    const { status, json } = await post(await serve(createStripeClient(SECRET_KEY, env.standIn.url)), BODY);
    expect(status).toBe(201);
    const { orderId, id } = json.data as { orderId: string; id: string };
    expect(Object.keys(await storedOrders())).toEqual([orderId]);
    expect(env.standIn.sessions().map((session) => session.id)).toEqual([id]);
    // Stripe's page offers cards only, not the Dashboard's bank debits (the stand-in's default).
    const session = await createStripeClient(SECRET_KEY, env.standIn.url).checkout.sessions.retrieve(id);
    expect(session).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
  });

  it('answers 502 with Stripe’s message and writes no order when Stripe fails', async () => {
    env.standIn.fail({ status: 500, type: 'api_error', message: 'Stripe is having a moment.' });
    const { status, json } = await post(await serve(createStripeClient(SECRET_KEY, env.standIn.url)), BODY);
    expect(status).toBe(502);
    expect(json).toEqual({
      statusCode: 502,
      error: { message: 'The payment provider could not start checkout: Stripe is having a moment.' },
    });
    expect(await storedOrders()).toEqual({});
  });

  it('answers 502 when Stripe refuses the key, without revealing the key', async () => {
    const { status, json } = await post(await serve(createStripeClient('sk_test_wrong_key_9999', env.standIn.url)), BODY);
    expect(status).toBe(502);
    const { message } = (json as { error: { message: string } }).error;
    expect(message).toMatch(/^The payment provider could not start checkout: Invalid API Key provided/);
    expect(message).not.toContain('sk_test_wrong_key_9999');
    expect(await storedOrders()).toEqual({});
  });
});

// The product image Stripe shows (and fetches) came from any https origin the caller named. Only
// the site's own pictures, or none, are accepted now (docs/decisions/0054-stripe-product-image.md).
describe('handleCheckout and the product image', () => {
  it.each([
    ['another site', 'https://evil.example/images/earth.png'],
    ['another port of the site’s host', 'http://127.0.0.1:9999/images/earth.png'],
    ['the site, outside its images', `${SITE}/orders`],
    ['the site’s images, climbing out of them', `${SITE}/images/../orders`],
  ])('refuses an imageURL on %s with 400 on imageURL, opening no session and writing no order', async (_label, imageURL) => {
    const { status, json } = await post(await serve(createStripeClient(SECRET_KEY, env.standIn.url)), { ...BODY, imageURL });
    expect(status).toBe(400);
    expect(json).toEqual({ statusCode: 400, error: { field: 'imageURL', message: expect.stringContaining('imageURL') } });
    expect(await storedOrders()).toEqual({});
    expect(env.standIn.sessions()).toEqual([]);
  });

  it('asks Stripe for the catalogue’s Prices by lookup key: no one-off price, no product image, no amount from the browser', async () => {
    const { stripe, createForms } = recordingStripe();
    const { status } = await post(await serve(stripe), { ...BODY, storage: true, productAmount: BODY.productAmount + 2_500_00 });
    expect(status).toBe(201);
    const [plan] = (await stripe.prices.list({ lookup_keys: ['plan:earth:monthly'] })).data;
    const [storage] = (await stripe.prices.list({ lookup_keys: ['addon:storage:earth:monthly'] })).data;
    const lines = [...createForms[0]!.entries()].filter(([name]) => name.startsWith('line_items['));
    expect(lines).toEqual([
      ['line_items[0][price]', plan!.id],
      ['line_items[0][quantity]', '1'],
      ['line_items[1][price]', storage!.id],
      ['line_items[1][quantity]', '1'],
    ]);
    expect(createForms.map(productImages)).toEqual([[]]);
  });

  it('refuses with 503 and opens nothing when a Stripe price disagrees with the catalogue', async () => {
    const stripe = createStripeClient(SECRET_KEY, env.standIn.url);
    const [plan] = (await stripe.prices.list({ lookup_keys: ['plan:earth:monthly'] })).data;
    // Someone made another price take the key (a Dashboard edit): the catalogue decides, not Stripe.
    await stripe.prices.create({
      product: 'leopard-plan-earth',
      currency: 'usd',
      unit_amount: 1_00,
      recurring: { interval: 'month' },
      lookup_key: 'plan:earth:monthly',
      transfer_lookup_key: true,
    });
    await stripe.prices.update(plan!.id, { active: false });
    const { status, json } = await post(await serve(stripe), BODY);
    expect(status).toBe(503);
    expect(json).toEqual({ statusCode: 503, error: { message: CATALOGUE_MISMATCH_MESSAGE } });
    expect(await storedOrders()).toEqual({});
    expect(env.standIn.sessions()).toEqual([]);
  });

  it.each([
    ['without imageURL', (({ imageURL: _omitted, ...rest }) => rest)(BODY)],
    ['with an empty imageURL', { ...BODY, imageURL: '' }],
  ])('accepts a checkout %s and asks Stripe for no product image', async (_label, body) => {
    const { stripe, createForms } = recordingStripe();
    const { status, json } = await post(await serve(stripe), body);
    expect(status, JSON.stringify(json)).toBe(201);
    const { orderId } = json.data as { orderId: string };
    expect(Object.keys(await storedOrders())).toEqual([orderId]);
    expect(createForms.map(productImages)).toEqual([[]]);
  });
});
