// Refunds and disputes made in Stripe reach the order: stripeWebhook over real HTTP, the real
// `stripe` SDK against the Stripe stand-in (refunds through its API, disputes through its test
// controls, as Stripe's Dashboard and card network would make them) and firebase-admin against the
// database emulator. Repeated, reordered, stale and foreign deliveries end in the same state.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { orderStatus } from '../../../src/data/order-display';
import { ORDERS_PATH, toOrders, type StoredOrder, orderPath } from '../../../src/data/orders';
import { read, settled } from '../testing/backends.testing';
import { buy, useHarness, type Created } from '../checkout/store.testing';
import { mergeCharge, syncCharge, type ChargeReading } from './charge-sync';
import { postText } from '../http/http.testing';
import { STRIPE_EVENTS_PATH } from '../webhook/webhook';
import { HANDLED_EVENT_TYPES } from '../webhook/webhook-events';

const harness = useHarness('charge-events');
const WEBHOOK_SECRET = 'whsec_charge_events';

type StoredRecord = Record<string, unknown>;

function order(orderId: string): Promise<StoredRecord | null> {
  return read<StoredRecord>(harness.database, orderPath(orderId));
}

/** The order's status as the customer's order card words it. */
async function statusWords(orderId: string): Promise<string> {
  const [shown] = toOrders({ [orderId]: (await order(orderId)) as StoredOrder });
  return orderStatus(shown).label;
}

/** A signed-in account's paid monthly plan, settled, and the charge of its first invoice. */
async function paidOrder(): Promise<{ created: Created; charge: Stripe.Charge }> {
  const account = harness.signIn();
  const created = await buy(harness, {}, { account });
  const customerId = (await order(created.orderId))?.customerId as string;
  const [charge] = (await harness.stripe.charges.list({ customer: customerId })).data;
  return { created, charge };
}

async function resend(eventId: string): Promise<number | null> {
  const response = await fetch(`${harness.standIn.url}/__events/${eventId}/resend`, { method: 'POST' });
  const { deliveries } = (await response.json()) as { deliveries: { status: number | null }[] };
  return deliveries.at(-1)?.status ?? null;
}

function eventsOf(...types: string[]) {
  return harness.standIn.events().filter((event) => types.includes(event.type));
}

async function control(path: string, body: unknown): Promise<StoredRecord> {
  const response = await fetch(`${harness.standIn.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as StoredRecord;
}

const withoutReadingTimes = (value: StoredRecord | null) =>
  JSON.parse(
    JSON.stringify(value ?? {}, (key, entry: unknown) => (key === 'fetchedAt' || key === 'subscriptionFetchedAt' ? undefined : entry)),
  ) as unknown;

describe('stripeWebhook follows refunds', () => {
  it('handles the three event types the Dashboard’s endpoint must send', () => {
    expect(HANDLED_EVENT_TYPES).toEqual(expect.arrayContaining(['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed']));
  });

  it('a full refund: the order records it and the card says Refunded', async () => {
    const { created, charge } = await paidOrder();
    expect(await statusWords(created.orderId)).toBe('Active');
    await harness.stripe.refunds.create({ charge: charge.id });
    await settled(harness.standIn);
    const stored = await order(created.orderId);
    expect(stored?.refunds).toEqual({
      [charge.id]: {
        amountRefunded: charge.amount,
        chargeAmount: charge.amount,
        chargedAt: charge.created * 1000,
        fetchedAt: expect.any(Number),
      },
    });
    expect(await statusWords(created.orderId)).toBe('Refunded');
    const [event] = eventsOf('charge.refunded');
    expect(await read(harness.database, `${STRIPE_EVENTS_PATH}/${event.id}`)).toMatchObject({
      type: 'charge.refunded',
      outcome: 'applied',
      orderId: created.orderId,
      chargeId: charge.id,
    });
  });

  it('partial refunds show the amount; repeated and reordered deliveries end in the same state', async () => {
    const { created, charge } = await paidOrder();
    await harness.stripe.refunds.create({ payment_intent: charge.payment_intent as string, amount: 100_000 });
    await settled(harness.standIn);
    expect(await statusWords(created.orderId)).toBe(
      `Refunded $1,000.00 of $${(charge.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await harness.stripe.refunds.create({ charge: charge.id, amount: 50_000 });
    await settled(harness.standIn);
    const final = await order(created.orderId);
    expect((final?.refunds as Record<string, StoredRecord>)[charge.id]).toMatchObject({ amountRefunded: 150_000 });

    const events = eventsOf('charge.refunded', 'refund.created');
    expect(events.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created', 'charge.refunded', 'refund.created']);
    // Repeats are answered from the log: nothing changes, not even reading times.
    for (const event of [...events].reverse()) expect(await resend(event.id)).toBe(200);
    expect(await order(created.orderId)).toEqual(final);
    // Without the log, the oldest last: each reads Stripe as it is now, so the state is the same.
    await harness.database.ref(STRIPE_EVENTS_PATH).set(null);
    for (const event of [...events].reverse()) expect(await resend(event.id)).toBe(200);
    expect(withoutReadingTimes(await order(created.orderId))).toEqual(withoutReadingTimes(final));
  });

  it('a stale reading never replaces a newer one, even when it is written last or they race', async () => {
    const { created, charge } = await paidOrder();
    await harness.stripe.refunds.create({ charge: charge.id, amount: 1_000 });
    await settled(harness.standIn);
    const { fetchedAt } = ((await order(created.orderId))?.refunds as Record<string, { fetchedAt: number }>)[charge.id];
    const deps = { database: harness.database, stripe: harness.stripe };
    const newer = fetchedAt + 60_000;
    expect(await syncCharge({ ...deps, now: () => newer }, charge.id)).toMatchObject({ outcome: 'applied' });
    expect(await syncCharge({ ...deps, now: () => newer - 1 }, charge.id)).toMatchObject({ outcome: 'ignored' });
    const times = [newer + 5, newer + 1, newer + 4, newer + 2, newer + 3];
    await Promise.all(times.map((time) => syncCharge({ ...deps, now: () => time }, charge.id)));
    expect(((await order(created.orderId))?.refunds as Record<string, { fetchedAt: number }>)[charge.id].fetchedAt).toBe(newer + 5);
  });
});

describe('stripeWebhook follows disputes', () => {
  it('an open dispute says Disputed; closed lost it says Dispute lost, whatever order the events come in', async () => {
    const { created, charge } = await paidOrder();
    const dispute = await control('/__disputes', { charge: charge.id });
    await settled(harness.standIn);
    expect((await order(created.orderId))?.disputes).toEqual({
      [dispute.id as string]: { chargeId: charge.id, status: 'needs_response', amount: charge.amount, fetchedAt: expect.any(Number) },
    });
    expect(await statusWords(created.orderId)).toBe('Disputed');

    await control(`/__disputes/${dispute.id as string}/close`, { status: 'lost' });
    await settled(harness.standIn);
    const final = await order(created.orderId);
    expect((final?.disputes as Record<string, StoredRecord>)[dispute.id as string]).toMatchObject({ status: 'lost' });
    expect(await statusWords(created.orderId)).toBe('Dispute lost');

    // charge.dispute.created delivered again after .closed, with the log cleared: still lost.
    const events = eventsOf('charge.dispute.created', 'charge.dispute.closed');
    await harness.database.ref(STRIPE_EVENTS_PATH).set(null);
    for (const event of [...events].reverse()) expect(await resend(event.id)).toBe(200);
    expect(withoutReadingTimes(await order(created.orderId))).toEqual(withoutReadingTimes(final));
  });

  it('a won dispute leaves the plan’s own status', async () => {
    const { created, charge } = await paidOrder();
    const dispute = await control('/__disputes', { charge: charge.id, amount: 5_000 });
    await control(`/__disputes/${dispute.id as string}/close`, { status: 'won' });
    await settled(harness.standIn);
    expect(await statusWords(created.orderId)).toBe('Active');
  });

  it('never reopens a closed dispute, nor lowers a refund, from an older copy', () => {
    const reading = (status: string, amountRefunded: number, fetchedAt: number): ChargeReading => ({
      chargeId: 'ch_1',
      refund: { amountRefunded, chargeAmount: 1000, chargedAt: 1, fetchedAt },
      disputes: { dp_1: { chargeId: 'ch_1', status, amount: 1000, fetchedAt } },
    });
    const stored = mergeCharge({}, reading('lost', 500, 10))!;
    // Read later, but from a Stripe replica that lagged: neither moves back.
    expect(mergeCharge(stored, reading('needs_response', 400, 20))).toBeNull();
    expect(mergeCharge(stored, reading('lost', 500, 5))).toBeNull();
    expect(mergeCharge(stored, reading('lost', 700, 30))).toMatchObject({ refunds: { ch_1: { amountRefunded: 700 } } });
  });
});

describe('charges of no order of ours', () => {
  /** POSTs an event as Stripe does, signed with the harness's endpoint secret. */
  async function deliver(event: object) {
    const payload = JSON.stringify(event, null, 2);
    return postText(harness.urls.webhook, payload, {
      'Stripe-Signature': harness.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
  }

  const event = (type: string, object: object) => ({
    id: `evt_test_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });

  it('ignores a refund of a subscription that names no order, and a charge Stripe does not know', async () => {
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      success_url: 'http://127.0.0.1:4173/done',
      customer_email: 'someone@example.com',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 1_000, recurring: { interval: 'month' }, product_data: { name: 'Other' } },
        },
      ],
    });
    const paid = await fetch(`${harness.standIn.url}/c/pay/${session.id}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ card_number: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const customer = (await harness.stripe.checkout.sessions.retrieve(session.id)).customer as string;
    const [charge] = (await harness.stripe.charges.list({ customer })).data;
    const before = await read(harness.database, ORDERS_PATH);
    await harness.stripe.refunds.create({ charge: charge.id });
    await settled(harness.standIn);
    const [refunded] = eventsOf('charge.refunded');
    expect(await read(harness.database, `${STRIPE_EVENTS_PATH}/${refunded.id}`)).toMatchObject({
      outcome: 'ignored',
      reason: 'the subscription names no order',
    });
    expect(await read(harness.database, ORDERS_PATH)).toEqual(before);
  });

  it('refuses (409) a refund of an order that does not know its subscription yet, and applies it on redelivery', async () => {
    const { created, charge } = await paidOrder();
    const subscriptionId = (await order(created.orderId))?.subscriptionId as string;
    await harness.database.ref(`${orderPath(created.orderId)}/subscriptionId`).remove();
    await harness.stripe.refunds.create({ charge: charge.id });
    await settled(harness.standIn);
    const [refunded] = eventsOf('charge.refunded');
    expect(harness.standIn.deliveries().find((delivery) => delivery.eventId === refunded.id)?.status).toBe(409);
    expect((await order(created.orderId))?.refunds).toBeUndefined();
    await harness.database.ref(`${orderPath(created.orderId)}/subscriptionId`).set(subscriptionId);
    expect(await resend(refunded.id)).toBe(200);
    expect(await statusWords(created.orderId)).toBe('Refunded');
  });

  it('never writes to an order whose subscription is another one, though the metadata names it', async () => {
    const { created, charge } = await paidOrder();
    const other = await paidOrder();
    const otherSubscription = (await order(other.created.orderId))?.subscriptionId as string;
    await harness.stripe.subscriptions.update(otherSubscription, { metadata: { orderId: created.orderId } });
    await settled(harness.standIn);
    await harness.stripe.refunds.create({ charge: other.charge.id });
    await settled(harness.standIn);
    const [refunded] = eventsOf('charge.refunded');
    expect(await read(harness.database, `${STRIPE_EVENTS_PATH}/${refunded.id}`)).toMatchObject({ outcome: 'ignored' });
    expect((await order(created.orderId))?.refunds).toBeUndefined();
    expect(charge.id).not.toBe(other.charge.id);
  });

  it('answers 200 (ignored) to a charge Stripe does not know, and 400 to ids that are no charge or dispute ids', async () => {
    const unknown = event('charge.refunded', { id: 'ch_unknown', object: 'charge' });
    expect((await deliver(unknown)).status).toBe(200);
    expect(await read(harness.database, `${STRIPE_EVENTS_PATH}/${unknown.id}`)).toMatchObject({
      outcome: 'ignored',
      reason: 'Stripe does not know charge ch_unknown',
    });
    expect((await deliver(event('charge.refunded', { id: 'ch_../x', object: 'charge' }))).status).toBe(400);
    expect((await deliver(event('charge.dispute.created', { id: 'dp_1', object: 'dispute', charge: 'py_1' }))).status).toBe(400);
    expect((await deliver(event('charge.dispute.closed', { id: 'evil', object: 'dispute', charge: 'ch_1' }))).status).toBe(400);
  });
});
