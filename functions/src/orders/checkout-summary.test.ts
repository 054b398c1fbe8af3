// checkoutSummary over real HTTP against the database emulator, served as index.ts serves it:
// with the database and the site's origins only, no Stripe client at all, so no answer can come
// from (or spend a request on) Stripe. Orders are made by stripeCheckout against the Stripe
// stand-in and settled by the webhook, as in production.
import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, settled, SITE } from '../testing/backends.testing';
import { catalogueSessionParams, checkoutBody, pay, startCheckout, useHarness } from '../checkout/store.testing';
import { handleCheckoutSummary, SUMMARY_MESSAGES, SUMMARY_MISS_LIMIT } from './checkout-summary';
import { post } from '../http/http.testing';

const harness = useHarness('checkout-summary');
let summaryUrl: string;
let stripeRequests = 0;

beforeAll(async () => {
  const { database } = harness;
  summaryUrl = await harness.servers.serve('checkoutSummary', (request, response) =>
    handleCheckoutSummary(request, response, { database, siteOrigins: [SITE] }),
  );
  // Every request the SDK client of the other functions sends: the flood must add none.
  harness.stripe.on('request', () => (stripeRequests += 1));
});

async function get(url: string): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

const summaryOf = (sessionId: string) => get(`${summaryUrl}?session_id=${encodeURIComponent(sessionId)}`);
const guess = (index: number) => `cs_test_${index.toString(36).padStart(8, '0')}guessed${'x'.repeat(40)}`;

describe('checkoutSummary', () => {
  it('tells the thank-you page what a visitor bought, from the order, and nothing else', async () => {
    const created = await startCheckout(harness, { plan: 'bronze', security: true });
    const bronze = { service: 'websites', plan: 'bronze', period: 'monthly', amountPerPeriod: 10_799_99, termPayments: 12 };
    // Before paying (or before the webhook has heard): no payments, no status.
    expect(await summaryOf(created.id)).toMatchObject({
      status: 200,
      json: { statusCode: 200, data: { ...bronze, paymentsMade: 0, subscriptionStatus: null } },
    });
    await pay(created, CARDS.visa, 'guest@example.com');
    await settled(harness.standIn);
    const answer = await summaryOf(created.id);
    const session = await harness.stripe.checkout.sessions.retrieve(created.id);
    expect(answer.json).toEqual({
      statusCode: 200,
      data: {
        ...bronze,
        paymentsMade: 1,
        subscriptionStatus: 'active',
        orderReference: created.orderId,
        addOns: { storage: null, security: true, marketing: false },
        charged: { subtotal: session.amount_subtotal, discount: 0, tax: 0, total: session.amount_total, promotionCode: null },
      },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('says what Stripe charged for add-ons with a promotion code and tax: the session’s own figures, kept by the webhook', async () => {
    await harness.stripe.coupons.create({ id: 'summary-10', percent_off: 10, duration: 'once' });
    await harness.stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'summary-10' }, code: 'SUMMARY10' });
    const created = await startCheckout(harness, { plan: 'silver', storage: true, marketing: true });
    const before = await summaryOf(created.id);
    expect(before.json).toMatchObject({
      data: { charged: null, addOns: { storage: expect.any(String), security: false, marketing: true } },
    });

    // California is taxed by the stand-in (7.25 %).
    await pay(created, CARDS.visa, 'promo@example.com', {
      promotion_code: 'SUMMARY10',
      state: 'CA',
      city: 'San Francisco',
      postal_code: '94105',
    });
    await settled(harness.standIn);
    const session = await harness.stripe.checkout.sessions.retrieve(created.id);
    expect(session.total_details!.amount_discount).toBeGreaterThan(0);
    expect(session.total_details!.amount_tax).toBeGreaterThan(0);
    const { data } = (await summaryOf(created.id)).json as { data: { charged: unknown; amountPerPeriod: number } };
    expect(data.charged).toEqual({
      subtotal: session.amount_subtotal,
      discount: session.total_details!.amount_discount,
      tax: session.total_details!.amount_tax,
      total: session.amount_total,
      promotionCode: 'SUMMARY10',
    });
    // The recurring amount stays the plan's: the code takes 10 % off the first payment only.
    expect(data.amountPerPeriod).toBe(session.amount_subtotal);
  });

  it('refuses a session that is not one of our orders’ (404): another shop’s, or one naming our order', async () => {
    const ours = await startCheckout(harness);
    const foreign = await harness.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Something else' } } }],
      success_url: `${SITE}/x`,
    });
    expect(await summaryOf(foreign.id)).toMatchObject({
      status: 404,
      json: { statusCode: 404, error: { message: SUMMARY_MESSAGES.notFound } },
    });
    // A session made with our order's id in its metadata is still not that order's session.
    const copy = await harness.stripe.checkout.sessions.create(await catalogueSessionParams(harness.stripe, checkoutBody(), ours.orderId));
    expect((await summaryOf(copy.id)).status).toBe(404);
    expect((await summaryOf(ours.id)).status).toBe(200);
  });

  it('answers a flood of guessed session ids without one Stripe request, and with 429 after 30 misses an hour', async () => {
    const known = await startCheckout(harness);
    const before = stripeRequests;
    const statuses: number[] = [];
    for (let index = 0; index < 200; index += 1) statuses.push((await summaryOf(guess(index))).status);

    expect(stripeRequests - before).toBe(0);
    expect(statuses.slice(0, SUMMARY_MISS_LIMIT.max)).toEqual(Array(30).fill(404));
    expect(statuses.slice(SUMMARY_MISS_LIMIT.max)).toEqual(Array(170).fill(429));
    const refused = await summaryOf(guess(500));
    expect(refused).toMatchObject({ status: 429, json: { statusCode: 429, error: { message: SUMMARY_MESSAGES.tooMany } } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_000);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3_600);
    // The buyer behind the same address still sees their purchase: only misses are limited.
    expect((await summaryOf(known.id)).status).toBe(200);
    // Nothing about the address is stored in the clear.
    expect(JSON.stringify((await harness.database.ref('rate_limits').get()).val())).not.toContain('127.0.0.1');
  });

  it('refuses a missing or malformed session id (400) and methods but GET (405)', async () => {
    expect(await get(summaryUrl)).toMatchObject({ status: 400, json: { error: { field: 'session_id' } } });
    for (const id of ['', 'pi_123', 'cs_a/b', `cs_${'a'.repeat(300)}`]) expect((await summaryOf(id)).status).toBe(400);
    const twice = await get(`${summaryUrl}?session_id=cs_a&session_id=cs_b`);
    expect(twice.status).toBe(400);
    expect((await post(summaryUrl, {})).status).toBe(405);
  });
});
