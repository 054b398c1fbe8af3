// Plans are subscriptions (docs/decisions/0014-plans-are-subscriptions.md): stripeCheckout and
// stripeWebhook over real HTTP, the real `stripe` SDK against the Stripe stand-in (hosted
// checkout, billing portal, test clocks that bill renewals) and firebase-admin against the
// database emulator. Each test buys as a customer does and checks the order as the customer area
// reads it.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { postForm } from '@leopard/stripe-stand-in/testing';
import { subscriptionState, termEnd, type OrderSubscription, type OrderSubscriptionReading } from '../../../src/catalog/subscription';
import { CARDS, read, settled, SITE } from '../testing/backends.testing';
import { bearer, checkoutBody, pay, startCheckout, useHarness, type Account, type Created, buy } from '../checkout/store.testing';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { orderPath } from '../../../src/data/orders';
import { post } from '../http/http.testing';
import { STRIPE_EVENTS_PATH } from '../webhook/webhook';
import { syncSubscription } from './subscription-sync';

type Order = Record<string, unknown> & Partial<OrderSubscription> & OrderSubscriptionReading;

const harness = useHarness('subscription-lifecycle');

const HOUR = 3600;

function order(orderId: string): Promise<Order | null> {
  return read<Order>(harness.database, orderPath(orderId));
}

async function subscriptionOf(orderId: string): Promise<Stripe.Subscription> {
  const subscriptionId = (await order(orderId))?.subscriptionId;
  if (!subscriptionId) throw new Error(`order ${orderId} has no subscription`);
  return harness.stripe.subscriptions.retrieve(subscriptionId);
}

async function clockOf(customerId: string): Promise<string> {
  const customer = await harness.stripe.customers.retrieve(customerId);
  if (customer.deleted || typeof customer.test_clock !== 'string') throw new Error(`customer ${customerId} has no test clock`);
  return customer.test_clock;
}

/** Advances the customer's clock with Stripe's API (at most two billing periods, as Stripe
 *  allows), waits until it is ready and every event has reached the webhook. */
async function advance(customerId: string, toSeconds: number): Promise<void> {
  const clockId = await clockOf(customerId);
  await harness.stripe.testHelpers.testClocks.advance(clockId, { frozen_time: toSeconds });
  await expect.poll(async () => (await harness.stripe.testHelpers.testClocks.retrieve(clockId)).status, { timeout: 10_000 }).toBe('ready');
  await settled(harness.standIn);
}

/** Opens the billing portal through stripePortal as the signed-in account does. */
async function portal(account: Account): Promise<string> {
  const answer = await post(harness.urls.portal, { returnURL: `${SITE}/payment-methods` }, bearer(account));
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return (answer.json.data as { url: string }).url;
}

/** Every delivery so far was accepted. */
function expectAllDelivered(): void {
  const refused = harness.standIn.deliveries().filter((delivery) => !delivery.ok);
  expect(refused.map((delivery) => `${delivery.eventType}: ${delivery.status} ${delivery.responseBody ?? delivery.error}`)).toEqual([]);
}

/** A signed-in account's paid monthly checkout, settled. */
async function subscribed(
  choices: Parameters<typeof startCheckout>[1] = {},
  card: string = CARDS.visa,
): Promise<{ account: Account; created: Created; customerId: string }> {
  const account = harness.signIn();
  const created = await buy(harness, choices, { account, card });
  const customerId = (await order(created.orderId))?.customerId;
  if (typeof customerId !== 'string') throw new Error('no customer on the order');
  return { account, created, customerId };
}

describe('stripeCheckout opens a subscription', () => {
  it('for a signed-in buyer: recurring price, metadata on the subscription, one customer created and reused, order fields', async () => {
    const account = harness.signIn({ email: 'Ada.Lovelace@Example.com' });
    const created = await startCheckout(harness, { storage: true, security: true }, account);

    const stored = await read<{ stripeCustomerId: string; createdAt: number }>(harness.database, `${CUSTOMERS_PATH}/${account.uid}`);
    expect(stored).toEqual({ stripeCustomerId: expect.stringMatching(/^cus_/), createdAt: expect.any(Number) });
    expect(harness.standIn.customers()).toEqual([
      expect.objectContaining({ id: stored?.stripeCustomerId, email: 'Ada.Lovelace@Example.com', metadata: { uid: account.uid } }),
    ]);

    const [session] = harness.standIn.sessions();
    expect(session).toMatchObject({
      id: created.id,
      mode: 'subscription',
      customer: stored?.stripeCustomerId,
      client_reference_id: account.uid,
      // earth monthly 7,500.00 + storage 2,500.00 + security 799.99, every month.
      amount_total: 10_799_99,
      metadata: { orderId: created.orderId, service: 'websites', plan: 'earth', period: 'monthly', uid: account.uid },
    });
    // One line per catalogue Price: the plan and each add-on, found by lookup key.
    const lines = (await harness.stripe.checkout.sessions.listLineItems(created.id)).data;
    expect(lines.map((line) => [line.price?.lookup_key, line.price?.unit_amount, line.price?.recurring?.interval])).toEqual([
      ['plan:earth:monthly', 7_500_00, 'month'],
      ['addon:storage:earth:monthly', 2_500_00, 'month'],
      ['addon:security:earth:monthly', 799_99, 'month'],
    ]);

    expect(await order(created.orderId)).toEqual({
      product: 'websites',
      tier: 'earth',
      securitySelected: true,
      marketingSelected: false,
      applicationExist: false,
      additionalStorage: '500GB',
      productAmount: 10_799_99,
      payment_status: 'unpaid',
      buyer: account.uid,
      pushKey: created.orderId,
      stripeId: created.id,
      createdAt: expect.any(Number),
      billingPeriod: 'monthly',
      amountPerPeriod: 10_799_99,
      termPayments: 12,
    });

    // The next purchase reuses the customer.
    const second = await startCheckout(harness, { plan: 'gold', period: 'yearly' }, account);
    expect(harness.standIn.sessions().find((other) => other.id === second.id)?.customer).toBe(stored?.stripeCustomerId);
    expect(harness.standIn.customers()).toHaveLength(1);
  });

  it('creates one customer when two tabs check out at once', async () => {
    const account = harness.signIn();
    const [first, second] = await Promise.all([startCheckout(harness, {}, account), startCheckout(harness, { plan: 'silver' }, account)]);
    const customers = harness.standIn.customers();
    expect(customers).toHaveLength(1);
    const sessions = harness.standIn.sessions();
    expect(sessions.map((session) => session.customer)).toEqual([customers[0].id, customers[0].id]);
    expect(new Set([first.id, second.id]).size).toBe(2);
    expect(await read(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`)).toBe(customers[0].id);
  });

  it('for a visitor: no customer of ours, Checkout creates one, the success URL carries the session id', async () => {
    const created = await startCheckout(harness);
    const [session] = harness.standIn.sessions();
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: null,
      client_reference_id: null,
      success_url: `${SITE}/thank-you?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(harness.standIn.customers()).toEqual([]);
    expect(await pay(created, CARDS.visa, 'Guest@Example.com')).toBe(`${SITE}/thank-you?session_id=${created.id}`);
    await settled(harness.standIn);
    expect(await order(created.orderId)).toMatchObject({
      payment_status: 'paid',
      customerEmail: 'guest@example.com',
      paymentsMade: 1,
      subscriptionStatus: 'active',
    });
    expect(await order(created.orderId)).not.toHaveProperty('buyer');
    expectAllDelivered();
  });

  it('refuses magento (no online price) with 400 and opens nothing', async () => {
    const answer = await post(harness.urls.checkout, { ...checkoutBody(), plan: 'magento' }, bearer(harness.signIn()));
    expect(answer).toEqual({
      status: 400,
      json: { statusCode: 400, error: { field: 'plan', message: expect.stringContaining('cannot be bought online') } },
    });
    expect(harness.standIn.sessions()).toEqual([]);
    expect(harness.standIn.customers()).toEqual([]);
  });
});

describe('stripeWebhook keeps the order true to Stripe', () => {
  it('after paying: active, 1 of 12, the term end set on the subscription, the card and the email', async () => {
    const account = harness.signIn({ email: 'Grace@Example.com' });
    const created = await buy(harness, {}, { account });
    expectAllDelivered();

    const subscription = await subscriptionOf(created.orderId);
    const termEndsAt = termEnd(subscription.start_date * 1000);
    // Checkout cannot set cancel_at; the webhook did, at the term's end.
    expect(subscription.cancel_at).toBe(termEndsAt / 1000);
    expect(subscription.metadata).toMatchObject({ orderId: created.orderId, uid: account.uid });
    const stored = await order(created.orderId);
    expect(stored).toMatchObject({
      payment_status: 'paid',
      subscriptionId: subscription.id,
      customerId: await read(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`),
      customerEmail: 'grace@example.com',
      subscriptionStatus: 'active',
      paymentsMade: 1,
      currentPeriodEnd: subscription.items.data[0].current_period_end * 1000,
      termEndsAt,
      subscriptionFetchedAt: expect.any(Number),
    });
    expect(stored).not.toHaveProperty('cancelAt');
    expect(stored).not.toHaveProperty('endedAt');
    expect(subscriptionState(stored!)).toEqual({ kind: 'active' });
    expect(await read(harness.database, `billing/${account.uid}/card`)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it('a renewal billed by the test clock: 2 of 12 and the next payment date moves a month', async () => {
    const { created, customerId } = await subscribed();
    const before = await order(created.orderId);
    await advance(customerId, before!.currentPeriodEnd! / 1000 + HOUR);
    expectAllDelivered();
    const after = await order(created.orderId);
    expect(after).toMatchObject({ paymentsMade: 2, subscriptionStatus: 'active', payment_status: 'paid', termEndsAt: before!.termEndsAt });
    const subscription = await subscriptionOf(created.orderId);
    expect(after!.currentPeriodEnd).toBe(subscription.items.data[0].current_period_end * 1000);
    expect(after!.currentPeriodEnd! - before!.currentPeriodEnd!).toBeGreaterThanOrEqual(28 * 86_400_000);
  });

  it('a failed renewal makes the order past due; a working card saved in the portal pays it and makes it active', async () => {
    const { account, created, customerId } = await subscribed();
    const portalUrl = await portal(account);
    // The customer saves a card that attaches but whose charges fail.
    expect((await postForm(`${portalUrl}/payment-method`, { card_number: CARDS.failsLater })).status).toBe(303);
    await settled(harness.standIn);
    expect(await read(harness.database, `billing/${account.uid}/card`)).toMatchObject({ last4: '0341' });

    await advance(customerId, (await order(created.orderId))!.currentPeriodEnd! / 1000 + HOUR);
    expect(await order(created.orderId)).toMatchObject({ subscriptionStatus: 'past_due', paymentsMade: 1, payment_status: 'paid' });
    expect(subscriptionState((await order(created.orderId))!)).toEqual({ kind: 'past-due' });

    expect((await postForm(`${portalUrl}/payment-method`, { card_number: CARDS.mastercard })).status).toBe(303);
    await settled(harness.standIn);
    expectAllDelivered();
    expect(await order(created.orderId)).toMatchObject({ subscriptionStatus: 'active', paymentsMade: 2 });
    expect(await read(harness.database, `billing/${account.uid}/card`)).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it('cancel at period end in the portal: cancelAt set, then the clock ends it — canceled, not ended', async () => {
    const { account, created, customerId } = await subscribed();
    const { id: subscriptionId } = await subscriptionOf(created.orderId);
    const periodEnd = (await order(created.orderId))!.currentPeriodEnd!;
    expect((await postForm(`${await portal(account)}/subscriptions/${subscriptionId}/cancel`)).status).toBe(303);
    await settled(harness.standIn);
    const canceling = await order(created.orderId);
    expect(canceling).toMatchObject({ subscriptionStatus: 'active', cancelAt: periodEnd });
    expect(subscriptionState(canceling!)).toEqual({ kind: 'cancels', at: periodEnd });
    // The webhook does not put the term's end back over the customer's choice.
    expect((await subscriptionOf(created.orderId)).cancel_at).toBe(periodEnd / 1000);

    await advance(customerId, periodEnd / 1000 + HOUR);
    expectAllDelivered();
    const ended = await order(created.orderId);
    expect(ended).toMatchObject({ subscriptionStatus: 'canceled', paymentsMade: 1, endedAt: periodEnd, cancelAt: periodEnd });
    expect(subscriptionState(ended!)).toEqual({ kind: 'canceled' });
  });

  it('a cancellation taken back gets the term end back, so the term still ends after 12 payments', async () => {
    const { created } = await subscribed();
    const subscription = await subscriptionOf(created.orderId);
    await harness.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await settled(harness.standIn);
    expect(await order(created.orderId)).toHaveProperty('cancelAt');
    // Taking it back clears cancel_at on Stripe, the term's end included.
    await harness.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    await settled(harness.standIn);
    expect((await subscriptionOf(created.orderId)).cancel_at).toBe(termEnd(subscription.start_date * 1000) / 1000);
    expect(await order(created.orderId)).not.toHaveProperty('cancelAt');
  });

  it('the term ends after 12 monthly payments: ended, 12 of 12, no 13th invoice', async () => {
    const { created, customerId } = await subscribed();
    const { termEndsAt } = (await order(created.orderId))!;
    await harness.standIn.advanceClock(await clockOf(customerId), termEndsAt! / 1000 + 40 * 86_400);
    await settled(harness.standIn);
    expectAllDelivered();
    const ended = await order(created.orderId);
    expect(ended).toMatchObject({ subscriptionStatus: 'canceled', paymentsMade: 12, termPayments: 12, endedAt: termEndsAt });
    expect(ended).not.toHaveProperty('cancelAt');
    expect(subscriptionState(ended!)).toEqual({ kind: 'ended' });
    const invoices = harness.standIn
      .invoices()
      .filter((invoice) => invoice.parent?.subscription_details?.subscription === ended!.subscriptionId);
    expect(invoices.map((invoice) => invoice.status)).toEqual(Array(12).fill('paid'));
  });

  it('a yearly plan is one payment for the term: 1 of 1, cancel_at at the period end, then ended', async () => {
    const { created, customerId } = await subscribed({ plan: 'silver', period: 'yearly', marketing: true });
    const paid = await order(created.orderId);
    const subscription = await subscriptionOf(created.orderId);
    expect(paid).toMatchObject({
      billingPeriod: 'yearly',
      amountPerPeriod: 153_750_00,
      termPayments: 1,
      paymentsMade: 1,
      subscriptionStatus: 'active',
    });
    expect(paid!.currentPeriodEnd).toBe(paid!.termEndsAt);
    expect(subscription.cancel_at! * 1000).toBe(paid!.termEndsAt);
    expect(paid).not.toHaveProperty('cancelAt');
    expect(subscription.items.data[0].price.recurring?.interval).toBe('year');

    await advance(customerId, paid!.termEndsAt! / 1000 + HOUR);
    expectAllDelivered();
    const ended = await order(created.orderId);
    expect(ended).toMatchObject({ subscriptionStatus: 'canceled', paymentsMade: 1, endedAt: paid!.termEndsAt });
    expect(subscriptionState(ended!)).toEqual({ kind: 'ended' });
  });
});

describe('stripeWebhook with repeated, reordered and early events', () => {
  /** Stripe delivering the event again; the status our webhook answered. */
  async function resend(eventId: string): Promise<number | null> {
    const response = await fetch(`${harness.standIn.url}/__events/${eventId}/resend`, { method: 'POST' });
    const { deliveries } = (await response.json()) as { deliveries: { status: number | null }[] };
    return deliveries.at(-1)?.status ?? null;
  }

  /** The events that are about orders and cards (not the test clock's own). */
  function billingEvents(): { id: string; type: string }[] {
    return harness.standIn.events().filter((event) => !event.type.startsWith('test_helpers.'));
  }

  const withoutReadingTimes = (value: Record<string, unknown> | null) => {
    const { subscriptionFetchedAt: _order, cardFetchedAt: _card, invoices, ...rest } = value ?? {};
    if (invoices === undefined) return rest;
    // Each invoice is read again too: only when it was read changes.
    const read = Object.entries(invoices as Record<string, Record<string, unknown>>).map(([id, { fetchedAt: _at, ...invoice }]) => [
      id,
      invoice,
    ]);
    return { ...rest, invoices: Object.fromEntries(read) };
  };

  it('leaves the order as it is when every event comes again, in reverse order, logged or not', async () => {
    const { account, created, customerId } = await subscribed();
    await advance(customerId, (await order(created.orderId))!.currentPeriodEnd! / 1000 + HOUR);
    const finalOrder = await order(created.orderId);
    const finalBilling = await read(harness.database, `billing/${account.uid}`);
    expect(finalOrder).toMatchObject({ paymentsMade: 2, subscriptionStatus: 'active' });
    const events = billingEvents();
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
        'customer.updated',
        'payment_method.attached',
      ]),
    );

    // Repeats are answered from the log without work: nothing changes, not even reading times.
    for (const event of [...events].reverse()) expect(await resend(event.id)).toBe(200);
    expect(await order(created.orderId)).toEqual(finalOrder);

    // Without the log every event is processed afresh, the oldest last: the order ends the same,
    // because each one reads Stripe as it is now rather than trusting its old copy.
    await harness.database.ref(STRIPE_EVENTS_PATH).set(null);
    for (const event of [...events].reverse()) expect(await resend(event.id)).toBe(200);
    await settled(harness.standIn);
    expect(withoutReadingTimes(await order(created.orderId))).toEqual(withoutReadingTimes(finalOrder));
    expect(withoutReadingTimes(await read(harness.database, `billing/${account.uid}`))).toEqual(withoutReadingTimes(finalBilling));
  });

  it('refuses (409) the events of a checkout paid before its order was written, and applies them when Stripe delivers them again', async () => {
    const account = harness.signIn();
    const created = await startCheckout(harness, {}, account);
    // The order as if stripeCheckout had not written it yet.
    const written = await order(created.orderId);
    await harness.database.ref(orderPath(created.orderId)).set(null);
    await pay(created);
    await settled(harness.standIn);
    const refused = harness.standIn.deliveries().filter((delivery) => delivery.status === 409);
    expect(refused.map((delivery) => delivery.eventType)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed']),
    );
    expect(await order(created.orderId)).toBeNull();
    // Only the card, which is the account's whatever happens to the order, was taken.
    const logged = (await read<Record<string, { type: string }>>(harness.database, STRIPE_EVENTS_PATH)) ?? {};
    expect(new Set(Object.values(logged).map((record) => record.type))).toEqual(new Set(['payment_method.attached', 'customer.updated']));

    await harness.database.ref(orderPath(created.orderId)).set(written);
    // invoice.paid first, before checkout.session.completed: it applies on its own.
    const invoicePaid = refused.find((delivery) => delivery.eventType === 'invoice.paid')!;
    expect(await resend(invoicePaid.eventId)).toBe(200);
    expect(await order(created.orderId)).toMatchObject({ payment_status: 'paid', paymentsMade: 1, subscriptionStatus: 'active' });
    for (const delivery of refused) expect(await resend(delivery.eventId)).toBe(200);
    await settled(harness.standIn);
    expect(await order(created.orderId)).toMatchObject({
      payment_status: 'paid',
      paymentsMade: 1,
      subscriptionStatus: 'active',
      termEndsAt: expect.any(Number),
    });
    expect(await read(harness.database, `billing/${account.uid}/card`)).toMatchObject({ last4: '4242' });
  });

  it('a stale reading never overwrites a newer one, even when it is written last', async () => {
    const { created } = await subscribed();
    const { subscriptionId, subscriptionFetchedAt } = (await order(created.orderId))!;
    const deps = { database: harness.database, stripe: harness.stripe };
    const newer = subscriptionFetchedAt! + 60_000;
    expect(await syncSubscription({ ...deps, now: () => newer }, subscriptionId!)).toMatchObject({ outcome: 'applied' });
    // A delivery that read Stripe before the one just written, and writes after it.
    expect(await syncSubscription({ ...deps, now: () => newer - 1 }, subscriptionId!)).toEqual({
      outcome: 'ignored',
      reason: 'a later reading of the subscription is already stored',
      details: { orderId: created.orderId, subscriptionId },
    });
    // Racing deliveries: whatever order their transactions run in, the newest reading stays.
    const times = [newer + 5, newer + 1, newer + 4, newer + 2, newer + 3];
    await Promise.all(times.map((time) => syncSubscription({ ...deps, now: () => time }, subscriptionId!)));
    expect((await order(created.orderId))!.subscriptionFetchedAt).toBe(newer + 5);
  });

  it('ignores, and logs, a subscription that names an order it does not belong to', async () => {
    const { created } = await subscribed();
    const other = await subscribed();
    const otherSubscription = await subscriptionOf(other.created.orderId);
    // Someone with the API key points the other subscription at the first order.
    await harness.stripe.subscriptions.update(otherSubscription.id, { metadata: { orderId: created.orderId } });
    await settled(harness.standIn);
    const [updated] = harness.standIn
      .events()
      .filter((event) => event.type === 'customer.subscription.updated')
      .slice(-1);
    expect(await read(harness.database, `${STRIPE_EVENTS_PATH}/${updated.id}`)).toMatchObject({
      outcome: 'ignored',
      reason: `the order belongs to subscription ${(await order(created.orderId))!.subscriptionId}`,
    });
    expect((await order(created.orderId))!.subscriptionId).not.toBe(otherSubscription.id);
  });
});
