// Checkout sessions of the Stripe stand-in expire as Stripe's do: once their time passes
// `expires_at` they are `expired` (retrieve, the hosted page, Pay) and `checkout.session.expired`
// is delivered once. Time moves by the stand-in's own clock (`/__clock/advance`) or, for a
// session made for a customer, by that customer's test clock.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { monthlyLine, SUCCESS_URL, TEST_CARD, useStripeStandIn } from './stand-in.testing';

const { receiver, standIn, stripe, settledEvents, pay } = useStripeStandIn('expiry');

const DAY = 24 * 60 * 60;

const subscriptionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'subscription',
  success_url: SUCCESS_URL,
  cancel_url: 'http://127.0.0.1:4173/product-details?service=websites&plan=gold',
  metadata: { orderId: '-Nexpiry000000000001' },
  line_items: [monthlyLine('Web Apps — Gold plan, billed monthly', 1_500_000)],
  ...overrides,
});

async function control(path: string, body?: unknown): Promise<Response> {
  return fetch(`${standIn.url}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
}

async function moveClock(seconds: number) {
  const response = await control('/__clock/advance', { seconds });
  expect(response.status).toBe(200);
  return (await response.json()) as { now: number; offset_seconds: number; expired: string[] };
}

describe("the stand-in's clock", () => {
  it('starts at real time and only moves forward; /__reset puts it back', async () => {
    const before = (await (await control('/__clock')).json()) as { now: number; offset_seconds: number };
    expect(before.offset_seconds).toBe(0);
    expect(Math.abs(before.now - Date.now() / 1000)).toBeLessThan(5);

    const moved = await moveClock(3600);
    expect(moved.offset_seconds).toBe(3600);
    expect(moved.now - before.now).toBeGreaterThanOrEqual(3600);
    expect(standIn.now()).toBeGreaterThanOrEqual(moved.now);

    for (const seconds of [0, -5, 1.5, 'soon']) {
      const refused = await control('/__clock/advance', { seconds });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { param: string } }).error.param).toBe('seconds');
    }

    await fetch(`${standIn.url}/__reset`, { method: 'POST' });
    expect(((await (await control('/__clock')).json()) as { offset_seconds: number }).offset_seconds).toBe(0);
  });

  it('dates new sessions by it', async () => {
    await moveClock(2 * DAY);
    // Read before the session exists: read after, it may already be in the next second.
    const before = Math.floor(Date.now() / 1000);
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    expect(session.created).toBeGreaterThanOrEqual(before + 2 * DAY);
    expect(session.expires_at).toBe(session.created + DAY);
  });
});

describe('a session whose expires_at has passed', () => {
  it('is expired once the clock passes expires_at: retrieve, the hosted page and Pay all say so, and the event comes once', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    expect(session.status).toBe('open');

    // Not yet: a minute before expires_at the session can still be paid.
    const early = await moveClock(session.expires_at - standIn.now() - 60);
    expect(early.expired).toEqual([]);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'open' });
    expect(receiver.received).toHaveLength(0);

    const late = await moveClock(120);
    expect(late.expired).toEqual([session.id]);
    // Delivered before the control answered.
    expect(receiver.received).toHaveLength(1);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ id: session.id, status: 'expired', payment_status: 'unpaid', url: null });

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain('<h1>Checkout unavailable</h1>');
    expect(html).toContain('This checkout session has expired and can no longer be paid.');
    expect(html).not.toContain('>Pay<');
    const paid = await pay(session, { card_number: TEST_CARD });
    expect(paid.status).toBe(409);

    // Looking again, moving the clock again, or listing sessions sends nothing more.
    await stripe.checkout.sessions.retrieve(session.id);
    await moveClock(DAY);
    await control('/__sessions');
    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual(['checkout.session.expired']);
    const [event] = events;
    expect(event.created).toBe(session.expires_at);
    expect(event.data.object).toMatchObject({
      id: session.id,
      object: 'checkout.session',
      status: 'expired',
      url: null,
      metadata: { orderId: '-Nexpiry000000000001' },
    });

    const again = await stripe.checkout.sessions.expire(session.id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((again as Error).message).toContain('This Checkout Session has a status of `expired`');
  });

  it('leaves paid sessions alone', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    expect((await pay(session)).status).toBe(303);
    await standIn.settled();
    receiver.clear();
    await moveClock(2 * DAY);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await settledEvents('checkout.session.expired')).toEqual([]);
  });

  it('lists as expired in /__sessions', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    await fetch(`${standIn.url}/__clock/advance`, { method: 'POST', body: JSON.stringify({ seconds: DAY + 1 }) });
    const listed = (await (await control('/__sessions')).json()) as Stripe.Checkout.Session[];
    expect(listed.find((candidate) => candidate.id === session.id)).toMatchObject({ status: 'expired', url: null });
  });
});

describe('GET /v1/checkout/sessions', () => {
  it("lists a customer's sessions newest first, filtered by status, a due one as expired; the SDK pages through them", async () => {
    const customer = await stripe.customers.create({ email: 'grace@example.com' });
    const older = await stripe.checkout.sessions.create(subscriptionParams({ customer: customer.id }));
    const paid = await stripe.checkout.sessions.create(subscriptionParams({ customer: customer.id }));
    expect((await pay(paid)).status).toBe(303);
    const newer = await stripe.checkout.sessions.create(subscriptionParams({ customer: customer.id }));
    const someoneElses = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));

    const ids = async (params: Stripe.Checkout.SessionListParams) =>
      (await stripe.checkout.sessions.list(params).autoPagingToArray({ limit: 100 })).map((session) => session.id);
    expect(await ids({ customer: customer.id, limit: 1 })).toEqual([newer.id, paid.id, older.id]);
    expect(await ids({ customer: customer.id, status: 'open' })).toEqual([newer.id, older.id]);
    expect(await ids({ customer: customer.id, status: 'complete' })).toEqual([paid.id]);
    const { subscription } = await stripe.checkout.sessions.retrieve(paid.id);
    expect(await ids({ subscription: subscription as string })).toEqual([paid.id]);
    expect(await ids({ status: 'open' })).toEqual(expect.arrayContaining([someoneElses.id, newer.id, older.id]));

    await stripe.checkout.sessions.expire(older.id);
    expect(await ids({ customer: customer.id, status: 'open' })).toEqual([newer.id]);
    await standIn.advanceClock(customer.test_clock as string, newer.expires_at + 60);
    expect(await ids({ customer: customer.id, status: 'expired' })).toEqual([newer.id, older.id]);

    const refused = await stripe.checkout.sessions.list({ status: 'paid' as 'open' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused as Stripe.errors.StripeInvalidRequestError).param).toBe('status');
  });
});

describe("a customer's session follows the customer's test clock", () => {
  async function customerOnClock() {
    const customer = await stripe.customers.create({ email: 'grace@example.com' });
    return { customer, clockId: customer.test_clock as string };
  }

  it('expires when that clock is advanced past expires_at, the event delivered before the clock is ready', async () => {
    const { customer, clockId } = await customerOnClock();
    const mine = await stripe.checkout.sessions.create(subscriptionParams({ customer: customer.id }));
    const someoneElses = await stripe.checkout.sessions.create(
      subscriptionParams({ customer_email: 'ada@example.com', metadata: { orderId: '-Nexpiry000000000002' } }),
    );
    await standIn.settled();
    receiver.clear();

    const clock = await standIn.advanceClock(clockId, mine.expires_at + 60);
    expect(clock.status).toBe('ready');
    const types = receiver.received.map(({ body }) => (JSON.parse(body) as Stripe.Event).type);
    expect(types).toEqual(['test_helpers.test_clock.advancing', 'checkout.session.expired', 'test_helpers.test_clock.ready']);

    await expect(stripe.checkout.sessions.retrieve(mine.id)).resolves.toMatchObject({ status: 'expired', url: null });
    // Only this customer's time moved: another buyer's checkout is still open.
    await expect(stripe.checkout.sessions.retrieve(someoneElses.id)).resolves.toMatchObject({ status: 'open' });
    expect((await fetch(mine.url!)).status).toBe(200);
    expect(await (await fetch(mine.url!)).text()).toContain('can no longer be paid');
  });

  it('through Stripe’s own test-helpers API as well, and a clock that stops short leaves the session open', async () => {
    const { customer, clockId } = await customerOnClock();
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer: customer.id }));

    await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: session.expires_at - 60 });
    await waitForReady(clockId);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'open' });

    await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: session.expires_at });
    await waitForReady(clockId);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'expired' });
    expect((await settledEvents('checkout.session.expired')).map((event) => (event.data.object as Stripe.Checkout.Session).id)).toEqual([
      session.id,
    ]);
  });

  it('is dated by the later of the two clocks, so a customer whose clock is ahead gets sessions in its future', async () => {
    const { customer, clockId } = await customerOnClock();
    const ahead = Math.floor(Date.now() / 1000) + 40 * DAY;
    await standIn.advanceClock(clockId, ahead);
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer: customer.id }));
    expect(session.created).toBe(ahead);
    expect(session.expires_at).toBe(ahead + DAY);
    // expires_at is checked against the same time.
    const tooSoon = await stripe.checkout.sessions
      .create(subscriptionParams({ customer: customer.id, expires_at: Math.floor(Date.now() / 1000) + 3600 }))
      .catch((error: unknown) => error);
    expect(tooSoon).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((tooSoon as Stripe.errors.StripeInvalidRequestError).param).toBe('expires_at');
  });
});

describe('POST /__sessions/:id/expire, the test control that expires a session now', () => {
  it('expires an open session as its time would, one checkout.session.expired delivered before it answers; the others stay open', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    const other = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'bea@example.com' }));
    receiver.clear();
    const response = await control(`/__sessions/${session.id}/expire`, {});
    expect(response.status).toBe(200);
    const answered = (await response.json()) as Stripe.Checkout.Session;
    expect(answered).toMatchObject({ id: session.id, status: 'expired', url: null });
    expect(answered.expires_at).toBeLessThanOrEqual(session.expires_at);
    // Delivered before the answer, not after.
    const delivered = receiver.received.map(({ body }) => JSON.parse(body) as Stripe.Event);
    expect(delivered.map((event) => [event.type, (event.data.object as Stripe.Checkout.Session).id])).toEqual([
      ['checkout.session.expired', session.id],
    ]);
    expect(delivered[0]!.created).toBe(answered.expires_at);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.retrieve(other.id)).resolves.toMatchObject({ status: 'open' });
  });

  it('refuses a session that is not open (409) and an unknown one (404), sending nothing', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    expect((await pay(session)).status).toBe(303);
    await settledEvents();
    receiver.clear();
    const paid = await control(`/__sessions/${session.id}/expire`, {});
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as { error: { message: string } }).error.message).toContain('complete');
    expect((await control('/__sessions/cs_test_unknown/expire', {})).status).toBe(404);
    expect(receiver.received).toHaveLength(0);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'complete' });
  });

  it('is stripe.expireSession in the programmatic API', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'ada@example.com' }));
    expect(await standIn.expireSession(session.id)).toBe(true);
    expect(await standIn.expireSession(session.id)).toBe(false);
    expect((await settledEvents('checkout.session.expired')).map((event) => (event.data.object as Stripe.Checkout.Session).id)).toEqual([
      session.id,
    ]);
  });
});

async function waitForReady(clockId: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    if ((await stripe.testHelpers.testClocks.retrieve(clockId)).status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`test clock ${clockId} never became ready`);
}
