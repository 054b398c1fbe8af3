// Subscription billing on the Stripe stand-in (emulators/stripe) over time, driven by the real
// `stripe` SDK: test clocks advance, renewals are invoiced and charged, `cancel_at` ends a
// 12-month term after its twelfth payment, and subscriptions.update / cancel change the plan.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addMonths, useStripeStandIn } from './stand-in.testing';

const DAY = 24 * 60 * 60;

const { receiver, standIn, stripe, subscribe, settledEvents } = useStripeStandIn('billing');

/** Advances through the API as a test against Stripe would: the clock answers `advancing`, and
 *  is polled until it is `ready`. */
async function advance(clockId: string, frozenTime: number): Promise<Stripe.TestHelpers.TestClock> {
  const answer = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: frozenTime });
  expect(answer).toMatchObject({ id: clockId, status: 'advancing', status_details: { advancing: { target_frozen_time: frozenTime } } });
  for (let i = 0; i < 500; i++) {
    const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    if (clock.status === 'ready') return clock;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the clock did not get ready');
}

describe('test clocks and renewals', () => {
  it('advancing past the period end invoices the next period, charges the card and moves the period', async () => {
    const { subscription, customer, clockId } = await subscribe();
    const first = subscription.items.data[0];
    const target = first.current_period_end + DAY;
    const clock = await advance(clockId, target);
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', status: 'ready', frozen_time: target, status_details: {} });

    expect(receiver.types()).toEqual([
      'test_helpers.test_clock.advancing',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
      'test_helpers.test_clock.ready',
    ]);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    const item = renewed.items.data[0];
    expect(renewed.status).toBe('active');
    expect(item.current_period_start).toBe(first.current_period_end);
    expect(item.current_period_end).toBe(addMonths(subscription.start_date, 2));

    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 750_000,
      customer: customer.id,
      created: first.current_period_end,
      // Stripe's "usage period" of a renewal is the period just ended; the line bills the new one.
      period_start: first.current_period_start,
      period_end: first.current_period_end,
      parent: { subscription_details: { subscription: subscription.id, metadata: { orderId: 'order-1' } } },
    });
    expect(invoice.lines.data[0].period).toEqual({ start: item.current_period_start, end: item.current_period_end });
    expect(invoice.number).toMatch(/-0002$/);

    const [updated] = await settledEvents('customer.subscription.updated');
    expect(updated.data.previous_attributes).toMatchObject({
      latest_invoice: subscription.latest_invoice,
      items: { data: [expect.objectContaining({ current_period_end: first.current_period_end })] },
    });
    expect(updated.created).toBe(first.current_period_end);

    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((entry) => entry.billing_reason)).toEqual(['subscription_cycle', 'subscription_create']);
  });

  it('counts periods in calendar months from the start date (Jan 31 → Feb 28 → Mar 31 → Apr 30)', async () => {
    const start = Date.UTC(2027, 0, 31, 10, 0, 0) / 1000;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'month ends' });
    const customer = await stripe.customers.create({ email: 'eve@example.com', test_clock: clock.id });
    const { subscription } = await subscribe({ customer: customer.id });
    expect(subscription.start_date).toBe(start);
    expect(subscription.items.data[0].current_period_end).toBe(Date.UTC(2027, 1, 28, 10) / 1000);
    await advance(clock.id, Date.UTC(2027, 2, 1) / 1000);
    await advance(clock.id, Date.UTC(2027, 3, 1) / 1000);
    const item = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0];
    expect([item.current_period_start, item.current_period_end]).toEqual([
      Date.UTC(2027, 2, 31, 10) / 1000,
      Date.UTC(2027, 3, 30, 10) / 1000,
    ]);
  });

  it('refuses to go back in time, to jump more than two billing intervals, or to advance while advancing', async () => {
    const { subscription, clockId } = await subscribe();
    const now = subscription.start_date;
    const back = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: now }).catch((e: unknown) => e);
    expect(back).toMatchObject({ statusCode: 400, param: 'frozen_time' });
    const far = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: addMonths(now, 2) + 1 }).catch((e: unknown) => e);
    expect(far).toMatchObject({ statusCode: 400, param: 'frozen_time', message: expect.stringContaining('two intervals') });

    receiver.answers = [500, 500, 500, 500]; // the first event's retries keep the clock advancing a while
    await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: now + DAY });
    const busy = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: now + 2 * DAY }).catch((e: unknown) => e);
    expect(busy).toMatchObject({ statusCode: 400, message: expect.stringContaining('advancing') });

    const unknown = await stripe.testHelpers.testClocks.advance('clock_nope', { frozen_time: now + DAY }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('the term: cancel_at', () => {
  it('monthly for 12 months: twelve payments, then canceled at the term’s end, with no 13th invoice', async () => {
    const { subscription, clockId } = await subscribe();
    const termEnd = addMonths(subscription.start_date, 12);
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at: termEnd });
    expect(updated).toMatchObject({
      cancel_at: termEnd,
      cancel_at_period_end: false,
      canceled_at: subscription.start_date,
      status: 'active',
    });

    await standIn.advanceClock(clockId, termEnd + 3 * DAY);
    const invoices = await stripe.invoices.list({ subscription: subscription.id, limit: 100 });
    expect(invoices.data).toHaveLength(12);
    expect(invoices.data.every((invoice) => invoice.status === 'paid' && invoice.amount_paid === 750_000)).toBe(true);
    // Newest first; each bills the next calendar month from the start date.
    expect(invoices.data.map((invoice) => invoice.lines.data[0].period.start).reverse()).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonths(subscription.start_date, i)),
    );

    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: termEnd, cancel_at: termEnd, canceled_at: subscription.start_date });
    const deleted = await settledEvents('customer.subscription.deleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].data.object).toMatchObject({ id: subscription.id, status: 'canceled', ended_at: termEnd });
    expect(await settledEvents('invoice.paid')).toHaveLength(11);

    await standIn.advanceClock(clockId, addMonths(termEnd, 2));
    expect((await stripe.invoices.list({ subscription: subscription.id, limit: 100 })).data).toHaveLength(12);
    expect((await stripe.subscriptions.list({ customer: ended.customer as string })).data).toEqual([]);
    expect(
      (await stripe.subscriptions.list({ customer: ended.customer as string, status: 'ended' })).data.map((entry) => entry.id),
    ).toEqual([subscription.id]);
  });

  it('yearly for 12 months: one payment, then it ends', async () => {
    const { subscription, clockId } = await subscribe({ interval: 'year', amount: 8_500_000 });
    const termEnd = addMonths(subscription.start_date, 12);
    expect(subscription.items.data[0]).toMatchObject({
      current_period_end: termEnd,
      price: { recurring: { interval: 'year', interval_count: 1 } },
    });
    await stripe.subscriptions.update(subscription.id, { cancel_at: termEnd });
    await standIn.settled();
    receiver.clear();
    await advance(clockId, termEnd + DAY);
    expect(receiver.types()).toEqual([
      'test_helpers.test_clock.advancing',
      'customer.subscription.deleted',
      'test_helpers.test_clock.ready',
    ]);
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    await expect(stripe.subscriptions.retrieve(subscription.id)).resolves.toMatchObject({ status: 'canceled', ended_at: termEnd });
  });
});

describe('subscriptions.update and cancel', () => {
  it('sets and clears cancel_at and cancel_at_period_end, with customer.subscription.updated and its previous attributes', async () => {
    const { subscription } = await subscribe();
    const periodEnd = subscription.items.data[0].current_period_end;
    const later = addMonths(subscription.start_date, 12);

    const set = await stripe.subscriptions.update(subscription.id, { cancel_at: later }, { idempotencyKey: 'term-end-1' });
    expect(set).toMatchObject({
      cancel_at: later,
      cancel_at_period_end: false,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    const [event] = await settledEvents('customer.subscription.updated');
    expect(event.data.previous_attributes).toEqual({ cancel_at: null, canceled_at: null, cancellation_details: { reason: null } });
    expect(event.request).toEqual({ id: set.lastResponse.requestId, idempotency_key: 'term-end-1' });

    const cleared = await stripe.subscriptions.update(subscription.id, { cancel_at: '' });
    expect(cleared).toMatchObject({ cancel_at: null, canceled_at: null, cancel_at_period_end: false });

    const atPeriodEnd = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(atPeriodEnd).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd });
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const metadata = await stripe.subscriptions.update(subscription.id, { metadata: { plan: 'earth', orderId: '' } });
    expect(metadata.metadata).toEqual({ plan: 'earth' });
    expect(await settledEvents('customer.subscription.updated')).toHaveLength(5);

    // Nothing changed: no event.
    await stripe.subscriptions.update(subscription.id, { metadata: { plan: 'earth' } });
    expect(await settledEvents('customer.subscription.updated')).toHaveLength(5);
  });

  it('refuses bad updates with Stripe’s errors', async () => {
    const { subscription } = await subscribe();
    const refusal = (params: Stripe.SubscriptionUpdateParams) =>
      stripe.subscriptions.update(subscription.id, params).catch((e: unknown) => e);
    expect(await refusal({ cancel_at: subscription.start_date - 1 })).toMatchObject({ statusCode: 400, param: 'cancel_at' });
    expect(await refusal({ cancel_at: subscription.start_date + DAY, cancel_at_period_end: true })).toMatchObject({
      statusCode: 400,
      param: 'cancel_at',
    });
    expect(await refusal({ default_payment_method: 'pm_nope' })).toMatchObject({
      statusCode: 404,
      param: 'default_payment_method',
      message: "No such PaymentMethod: 'pm_nope'",
    });
    expect(await refusal({ colour: 'blue' } as Stripe.SubscriptionUpdateParams)).toMatchObject({
      statusCode: 400,
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    expect(await refusal({ cancel_at_period_end: 'yes' as unknown as boolean })).toMatchObject({
      statusCode: 400,
      param: 'cancel_at_period_end',
    });
    const missing = await stripe.subscriptions.update('sub_nope', { metadata: { a: 'b' } }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such subscription: 'sub_nope'" });
    expect(await settledEvents('customer.subscription.updated')).toHaveLength(0);
  });

  it('cancel ends it now; a canceled subscription takes only metadata', async () => {
    const { subscription } = await subscribe();
    const canceled = await stripe.subscriptions.cancel(subscription.id, { cancellation_details: { comment: 'moving on' } });
    expect(canceled).toMatchObject({
      status: 'canceled',
      canceled_at: subscription.start_date,
      ended_at: subscription.start_date,
      cancellation_details: { comment: 'moving on' },
    });
    expect(await settledEvents('customer.subscription.deleted')).toHaveLength(1);
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }).catch((e: unknown) => e)).toMatchObject({
      statusCode: 400,
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
    await expect(stripe.subscriptions.update(subscription.id, { metadata: { note: 'kept' } })).resolves.toMatchObject({
      metadata: { orderId: 'order-1', note: 'kept' },
    });
    expect(await stripe.subscriptions.cancel(subscription.id).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
  });
});
