import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCheckoutRequest, type CheckoutChoices } from '@/catalog/checkout';
import { EARTH_WEBSITE_CHOICES } from '@/catalog/checkout.testing';
import { functionsBaseUrl } from '@/firebase/config';
import { CHECKOUT_MESSAGES, checkoutUrls, postCheckout, readCheckoutAnswer } from './checkout-api';

const ORIGIN = 'https://leopard.example.com';
const choices: CheckoutChoices = { ...EARTH_WEBSITE_CHOICES, tradeIn: 'wix' };
const request = buildCheckoutRequest(
  choices,
  checkoutUrls('earth', true, { origin: ORIGIN, currentUrl: `${ORIGIN}/product-details?service=websites&plan=earth` }),
);

/** A fetch that answers once with this status and body, and records what it was asked. */
function answering(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllEnvs());

describe('checkoutUrls', () => {
  it('returns a signed-in buyer to the order history and a visitor to the thank-you page, which shows what was bought', () => {
    const page = { origin: ORIGIN, currentUrl: `${ORIGIN}/product-details?service=websites&plan=gold` };
    expect(checkoutUrls('gold', true, page)).toEqual({
      imageURL: `${ORIGIN}/images/store/gold.svg`,
      successURL: `${ORIGIN}/order-history?session_id={CHECKOUT_SESSION_ID}`,
      // Stripe's Cancel comes back to the same plan page, which then says so.
      cancelURL: `${page.currentUrl}&checkout=canceled`,
    });
    // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}.
    expect(checkoutUrls('gold', false, page).successURL).toBe(`${ORIGIN}/thank-you?session_id={CHECKOUT_SESSION_ID}`);
  });
});

describe('postCheckout', () => {
  it('posts the request as JSON with the ID token', async () => {
    const fetch = answering(201, {
      statusCode: 201,
      data: { id: 'cs_test_1', url: 'https://checkout.example/c/pay/cs_test_1', orderId: '-Nabc' },
    });
    const outcome = await postCheckout(request, 'id-token-123', { baseUrl: 'https://functions.test', fetch });

    expect(outcome).toEqual({ ok: true, sessionId: 'cs_test_1', url: 'https://checkout.example/c/pay/cs_test_1', orderId: '-Nabc' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://functions.test/stripeCheckout');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer id-token-123');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toEqual(request);
    expect(body).toMatchObject({
      productTitle: 'Web Apps — Earth plan, billed monthly',
      developersAmount: 5,
      productAmount: 7_500_00 + 2_500_00 + 799_99,
      successURL: `${ORIGIN}/order-history?session_id={CHECKOUT_SESSION_ID}`,
      tradeIn: 'wix',
    });
  });

  it('sends no Authorization header for a visitor', async () => {
    const fetch = answering(201, { statusCode: 201, data: { id: 'cs_1', url: 'https://x.test/pay', orderId: 'o1' } });
    await postCheckout(request, null, { baseUrl: 'https://functions.test', fetch });
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('gives the function’s message and field on a refusal', async () => {
    const fetch = answering(400, {
      statusCode: 400,
      error: { message: 'The amount 1 does not match the price of this configuration.', field: 'productAmount' },
    });
    expect(await postCheckout(request, null, { baseUrl: 'https://functions.test', fetch })).toEqual({
      ok: false,
      status: 400,
      message: 'The amount 1 does not match the price of this configuration.',
      field: 'productAmount',
    });
  });

  it('says what went wrong when the answer is not the function’s JSON', async () => {
    const fetch = answering(503, '<html>Service Unavailable</html>');
    expect(await postCheckout(request, null, { baseUrl: 'https://functions.test', fetch })).toEqual({
      ok: false,
      status: 503,
      message: CHECKOUT_MESSAGES.refused(503),
    });
  });

  it('says so when the service cannot be reached', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await postCheckout(request, null, { baseUrl: 'https://functions.test', fetch })).toEqual({
      ok: false,
      message: CHECKOUT_MESSAGES.unreachable,
    });
  });

  it('posts nothing when the build knows no functions address', async () => {
    const fetch = answering(201, {});
    expect(await postCheckout(request, null, { baseUrl: null, fetch })).toEqual({ ok: false, message: CHECKOUT_MESSAGES.notConfigured });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('readCheckoutAnswer', () => {
  it.each([
    ['no data', { statusCode: 201 }],
    ['no url', { statusCode: 201, data: { id: 'cs_1', orderId: 'o1' } }],
    ['a script url', { statusCode: 201, data: { id: 'cs_1', url: 'javascript:alert(1)', orderId: 'o1' } }],
    ['a mismatched statusCode', { statusCode: 200, data: { id: 'cs_1', url: 'https://x.test', orderId: 'o1' } }],
    ['a string', 'created'],
  ])('refuses a 201 with %s', (_, body) => {
    expect(readCheckoutAnswer({ reached: true, status: 201, body })).toEqual({
      ok: false,
      status: 201,
      message: CHECKOUT_MESSAGES.unexpectedAnswer,
    });
  });

  it('does not take a success body from an error status', () => {
    expect(
      readCheckoutAnswer({
        reached: true,
        status: 500,
        body: { statusCode: 201, data: { id: 'cs_1', url: 'https://x.test', orderId: 'o1' } },
      }),
    ).toEqual({
      ok: false,
      status: 500,
      message: CHECKOUT_MESSAGES.refused(500),
    });
  });
});

describe('functionsBaseUrl', () => {
  it('uses VITE_FUNCTIONS_URL without its trailing slash', () => {
    vi.stubEnv('VITE_FUNCTIONS_URL', 'http://127.0.0.1:5001/demo-leopard/us-central1/');
    expect(functionsBaseUrl()).toBe('http://127.0.0.1:5001/demo-leopard/us-central1');
  });

  it('falls back to the project’s default functions address, or none', () => {
    vi.stubEnv('VITE_FUNCTIONS_URL', '');
    vi.stubEnv('VITE_FIREBASE_PROJECT_ID', 'leopard-prod');
    expect(functionsBaseUrl()).toBe('https://us-central1-leopard-prod.cloudfunctions.net');
    vi.stubEnv('VITE_FIREBASE_PROJECT_ID', '');
    expect(functionsBaseUrl()).toBeNull();
  });
});
