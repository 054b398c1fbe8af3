// handleWebhook over real HTTP, attacked as Stripe (or whoever holds the signing secret) could:
// each event is signed for real (the SDK's generateTestHeaderString, or the Stripe stand-in's own
// signer when the stand-in delivers), the sessions come from the stand-in, and firebase-admin
// writes to the project's database emulator. Both are started on free ports by useBackends
// (testing/backends.testing.ts).
import { format } from 'node:util';
import type Stripe from 'stripe';
import { ServerValue } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import { describe, expect, it, vi } from 'vitest';
import { STRIPE_API_VERSION } from '../../../src/catalog/stripe-prices';
import { buildCheckoutRequest } from '../../../src/catalog/checkout';
import { priceConfiguration } from '../../../src/catalog/pricing';
import { useBackends } from '../testing/backends.testing';
import { catalogueSessionParams, CHECKOUT_DETAILS } from '../checkout/store.testing';
import { ORDERS_PATH, orderPath } from '../../../src/data/orders';
import { buildOrderRecord } from '../checkout/orders';
import { postText, type JsonAnswer } from '../http/http.testing';
import { handleWebhook, STRIPE_EVENTS_PATH } from './webhook';

const SECRET_KEY = 'sk_test_webhook_suite';
const WEBHOOK_SECRET = 'whsec_webhook_suite';
const SITE = 'http://127.0.0.1:4173';
const REQUEST = buildCheckoutRequest(
  { service: 'websites', plan: 'earth', period: 'monthly', storage: false, security: false, marketing: false, tradeIn: null },
  { imageURL: `${SITE}/images/store/earth.svg`, successURL: `${SITE}/order-history`, cancelURL: `${SITE}/store` },
);

// handleWebhook served, the stand-in delivering to it without retries (each test decides when
// Stripe redelivers: POST /__events/:id/resend); reset before each test.
const env = useBackends('webhook', { secretKey: SECRET_KEY, webhook: { handle: handleWebhook, secret: WEBHOOK_SECRET } });

/** A new order key, as stripeCheckout draws it (a database push id). */
function newOrderId(): string {
  const key = env.database.ref(ORDERS_PATH).push().key;
  if (!key) throw new Error('no push key');
  return key;
}

/** The Stripe session stripeCheckout opens for this order. */
async function openSession(orderId: string): Promise<Stripe.Checkout.Session> {
  const params = await catalogueSessionParams(env.stripe, REQUEST, orderId);
  return env.stripe.checkout.sessions.create(params, { idempotencyKey: orderId });
}

/** The unpaid order stripeCheckout writes once the session exists. */
async function writeOrder(orderId: string, sessionId: string): Promise<void> {
  const order = buildOrderRecord({
    orderId,
    request: REQUEST,
    charges: priceConfiguration(REQUEST),
    stripeSessionId: sessionId,
    buyer: null,
    createdAt: ServerValue.TIMESTAMP,
  });
  await env.database.ref(orderPath(orderId)).set(order);
}

/** A checkout as stripeCheckout leaves it: a session and its unpaid order. */
async function checkout(): Promise<{ orderId: string; session: Stripe.Checkout.Session }> {
  const orderId = newOrderId();
  const session = await openSession(orderId);
  await writeOrder(orderId, session.id);
  return { orderId, session };
}

/** An event about this session as Stripe shapes it (by default: completed and paid). */
function sessionEvent(
  session: Stripe.Checkout.Session,
  type = 'checkout.session.completed',
  changes: Partial<Stripe.Checkout.Session> = {},
) {
  return {
    id: `evt_test_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { ...session, status: 'complete', payment_status: 'paid', url: null, ...changes } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** POSTs the event as Stripe does: pretty-printed, signed with the endpoint's secret. */
function deliver(event: object): Promise<JsonAnswer> {
  const payload = JSON.stringify(event, null, 2);
  return postText(env.webhookUrl!, payload, {
    'Stripe-Signature': env.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  });
}

async function read(path: string): Promise<unknown> {
  return (await env.database.ref(path).get()).val() as unknown;
}

/** Values no database key may hold (control characters, `.#$[]/`, over 768 bytes), and the empty
 *  key, which names the parent itself. */
const UNSTORABLE: [label: string, value: string][] = [
  ['NUL', '\u0000'],
  ['a line feed', '\n'],
  ['a dot', '.'],
  ['a hash', '#'],
  ['a dollar', '$'],
  ['an opening bracket', '['],
  ['a closing bracket', ']'],
  ['a slash', '/'],
];

describe('finding 1: an event id that is no database key', () => {
  it('answers 400 to an event whose id is "" and keeps the idempotency log', async () => {
    // Two deliveries processed earlier, as the log holds them.
    const paid = await checkout();
    expect((await deliver(sessionEvent(paid.session))).status).toBe(200);
    const expired = await checkout();
    expect(
      (await deliver(sessionEvent(expired.session, 'checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }))).status,
    ).toBe(200);
    const log = (await read(STRIPE_EVENTS_PATH)) as Record<string, unknown>;
    expect(Object.keys(log)).toHaveLength(2);
    const target = await checkout();
    const before = await read('/');

    // `stripe_events/${""}` is stripe_events itself: recording this event replaced the whole log.
    const { status, json } = await deliver({ ...sessionEvent(target.session), id: '' });

    expect(status).toBe(400);
    expect(json).toEqual({ received: false, error: { field: 'id', message: expect.stringContaining('event id') } });
    expect(await read(STRIPE_EVENTS_PATH)).toEqual(log);
    expect(await read('/')).toEqual(before);
  });

  it.each([
    ...UNSTORABLE.map(([label, character]): [string, string] => [label, `evt_test_a${character}b`]),
    ['1,000 characters', `evt_${'a'.repeat(996)}`],
  ])('answers 400 to an event id with %s, writing nothing anywhere', async (_label, id) => {
    const { session } = await checkout();
    const before = await read('/');
    const { status, json } = await deliver({ ...sessionEvent(session), id });
    expect(status).toBe(400);
    expect(json).toEqual({ received: false, error: { field: 'id', message: expect.stringContaining('event id') } });
    expect(await read('/')).toEqual(before);
  });

  it.each([
    ...UNSTORABLE.map(([label, character]): [string, string] => [label, `cs_test_a${character}b`]),
    ['nothing', ''],
    ['1,000 characters', `cs_${'a'.repeat(997)}`],
  ])('answers 400 to a session id with %s, writing nothing anywhere', async (_label, sessionId) => {
    const { session } = await checkout();
    const before = await read('/');
    const { status, json } = await deliver(sessionEvent(session, 'checkout.session.completed', { id: sessionId }));
    expect(status).toBe(400);
    expect(json).toEqual({ received: false, error: { field: 'data.object.id', message: expect.stringContaining('session id') } });
    expect(await read('/')).toEqual(before);
  });

  it.each([
    ...UNSTORABLE.map(([label, character]): [string, string] => [label, `-NbadOrder${character}1234567`]),
    ['nothing', ''],
    ['1,000 characters', 'a'.repeat(1000)],
  ])('answers 400 to a metadata.orderId with %s, writing nothing anywhere', async (_label, orderId) => {
    const { session } = await checkout();
    const before = await read('/');
    const { status, json } = await deliver(
      sessionEvent(session, 'checkout.session.completed', { metadata: { ...session.metadata, orderId } }),
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      received: false,
      error: { field: 'data.object.metadata.orderId', message: expect.stringContaining('order id') },
    });
    expect(await read('/')).toEqual(before);
  });

  it('still settles the ids Stripe and stripeCheckout really make', async () => {
    const { orderId, session } = await checkout();
    expect(session.id).toMatch(/^cs_test_/);
    const event = sessionEvent(session);
    expect(await deliver(event)).toEqual({ status: 200, json: { received: true } });
    expect(await read(`${orderPath(orderId)}/payment_status`)).toBe('paid');
    expect(await read(`${STRIPE_EVENTS_PATH}/${event.id}`)).toMatchObject({
      orderId,
      sessionId: session.id,
      outcome: 'applied',
      status: 'paid',
    });
  });
});

describe('finding 2: an event that arrives before its order', () => {
  /** Stripe's redelivery of the event, signed by the stand-in; answers the status we gave it. */
  async function redeliver(eventId: string): Promise<number | null> {
    const response = await fetch(`${env.standIn.url}/__events/${eventId}/resend`, { method: 'POST' });
    const { deliveries } = (await response.json()) as { deliveries: { status: number | null }[] };
    return deliveries.at(-1)?.status ?? null;
  }

  it('is refused without a record, so that Stripe’s redelivery settles the order once it exists', async () => {
    const orderId = newOrderId();
    const session = await openSession(orderId);
    // Paid on the hosted page before the order is written: the stand-in delivers the signed
    // events of the new subscription, checkout.session.completed last, at once.
    // A visitor's session: Stripe's page asks for the email the receipt goes to.
    const paid = await fetch(`${session.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ email: 'early@example.com', card_number: '4242424242424242', ...CHECKOUT_DETAILS }),
    });
    expect(paid.status).toBe(303);
    const completed = env.standIn.events().find((event) => event.type === 'checkout.session.completed');
    expect(completed).toMatchObject({ data: { object: { id: session.id, payment_status: 'paid' } } });
    const first = env.standIn.deliveries().find((delivery) => delivery.eventId === completed!.id)!;
    expect(first.status).toBe(409);
    expect(JSON.parse(first.responseBody ?? '{}')).toEqual({ received: false, error: { message: expect.stringContaining(orderId) } });
    // Every event about the order was refused the same way; nothing about it is recorded (the
    // visitor's customer events are, as belonging to no account).
    const aboutOrder = [
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
      'checkout.session.completed',
    ];
    expect(
      env.standIn
        .deliveries()
        .filter((delivery) => aboutOrder.includes(delivery.eventType))
        .map((delivery) => delivery.status),
    ).toEqual(aboutOrder.map(() => 409));
    expect(await read(ORDERS_PATH)).toBeNull();
    const logged = Object.values(((await read(STRIPE_EVENTS_PATH)) ?? {}) as Record<string, { type: string; outcome: string }>);
    // (The customer is updated twice: made, then given the billing address typed at checkout.)
    expect([...new Set(logged.map((record) => `${record.type} ${record.outcome}`))].sort().map((entry) => entry.split(' '))).toEqual([
      ['customer.updated', 'ignored'],
      ['payment_method.attached', 'ignored'],
    ]);

    await writeOrder(orderId, session.id);
    expect(await redeliver(completed!.id)).toBe(200);
    expect(await read(`${orderPath(orderId)}/payment_status`)).toBe('paid');
    const record = await read(`${STRIPE_EVENTS_PATH}/${completed!.id}`);
    expect(record).toMatchObject({ orderId, sessionId: session.id, outcome: 'applied', status: 'paid' });

    // A third delivery is answered from the log: same record (same processedAt), same order.
    const order = await read(orderPath(orderId));
    expect(await redeliver(completed!.id)).toBe(200);
    expect(await read(`${STRIPE_EVENTS_PATH}/${completed!.id}`)).toEqual(record);
    expect(await read(orderPath(orderId))).toEqual(order);
  });

  it('still records and acknowledges what no redelivery can change: an order of another session', async () => {
    const { orderId, session } = await checkout();
    const other = await openSession(newOrderId());
    // The other session's event, naming the first order.
    const event = sessionEvent(other, 'checkout.session.completed', { metadata: { ...other.metadata, orderId } });
    expect((await deliver(event)).status).toBe(200);
    expect(await read(`${STRIPE_EVENTS_PATH}/${event.id}`)).toMatchObject({
      orderId,
      sessionId: other.id,
      outcome: 'ignored',
      reason: `the order belongs to session ${session.id}`,
    });
    expect(await read(`${orderPath(orderId)}/payment_status`)).toBe('unpaid');
  });
});

describe('finding 3: an event of another Stripe API version', () => {
  it('is refused loudly though correctly signed: 500, an ERROR naming both versions and the fix, nothing written', async () => {
    const { orderId, session } = await checkout();
    const before = await read('/');
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      // Signed with the endpoint's real secret: an endpoint made (or left) at another version.
      const event = { ...sessionEvent(session), api_version: '2025-03-31.basil' };
      const { status, json } = await deliver(event);

      expect(status).toBe(500);
      expect(json).toEqual({ received: false, error: { message: expect.stringContaining('npm run stripe:webhook -- --replace') } });
      expect(await read('/')).toEqual(before);
      expect(await read(`${orderPath(orderId)}/payment_status`)).toBe('unpaid');
      expect(error).toHaveBeenCalledTimes(1);
      const logged = format(...(error.mock.calls[0] as [string, ...unknown[]]));
      expect(logged).toContain(`at API version 2025-03-31.basil, but stripeWebhook speaks ${STRIPE_API_VERSION}`);
      expect(logged).toContain('npm run stripe:webhook -- --replace');
      // With its stack, so Error Reporting reports it (README "Deploying", step 16).
      expect(logged).toMatch(/\n\s+at /);
      expect(error.mock.calls[0]![2]).toMatchObject({ eventApiVersion: '2025-03-31.basil', expectedApiVersion: STRIPE_API_VERSION });

      // Stripe's retry of the same event at the right version (a replaced endpoint) settles it.
      expect(await deliver({ ...event, api_version: STRIPE_API_VERSION })).toEqual({ status: 200, json: { received: true } });
      expect(await read(`${orderPath(orderId)}/payment_status`)).toBe('paid');
    } finally {
      error.mockRestore();
    }
  });
});
