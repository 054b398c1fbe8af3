// The Stripe stand-in's (emulators/stripe) money after an invoice is paid, driven by the real
// `stripe` SDK: the PaymentIntent and charge of each paid invoice and the way from a charge back to
// its invoice (InvoicePayments), refunds (full, partial, refused), disputes through the test
// controls, and customer balance transactions that the next invoice takes.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addMonths, useStripeStandIn } from './stand-in.testing';

const { standIn, stripe, settledEvents, subscribe, receiver } = useStripeStandIn('refunds');

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

/** The charge of the subscription's first (paid) invoice. */
async function firstCharge(subscription: Stripe.Subscription): Promise<Stripe.Charge> {
  const [charge] = (await stripe.charges.list({ customer: subscription.customer as string })).data;
  return charge;
}

async function control(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${standIn.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the payment of a paid invoice', () => {
  it('is a PaymentIntent with a charge, and the charge leads back to its invoice and subscription', async () => {
    const { subscription, customer } = await subscribe();
    const charges = await stripe.charges.list({ customer: customer.id });
    expect(charges.data).toHaveLength(1);
    const [charge] = charges.data;
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 750_000,
      amount_captured: 750_000,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      paid: true,
      status: 'succeeded',
      currency: 'usd',
      customer: customer.id,
      payment_method: subscription.default_payment_method,
    });
    expect(charge.id).toMatch(/^ch_/);
    expect(charge).not.toHaveProperty('invoice');
    expect(charge).not.toHaveProperty('refunds');

    const paymentIntent = await stripe.paymentIntents.retrieve(charge.payment_intent as string);
    expect(paymentIntent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 750_000, latest_charge: charge.id });
    await expect(stripe.charges.retrieve(charge.id)).resolves.toMatchObject({ id: charge.id, payment_intent: paymentIntent.id });

    const payments = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent.id } });
    expect(payments.data).toHaveLength(1);
    const [payment] = payments.data;
    expect(payment).toMatchObject({ object: 'invoice_payment', status: 'paid', amount_paid: 750_000, is_default: true });
    const invoice = await stripe.invoices.retrieve(payment.invoice as string, { expand: ['payments'] });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.payments?.data.map((entry) => entry.id)).toEqual([payment.id]);
    expect(await stripe.invoices.retrieve(invoice.id)).not.toHaveProperty('payments');
  });

  it('is made again for each renewal, each charge with its own invoice', async () => {
    const { subscription, clockId } = await subscribe();
    await standIn.advanceClock(clockId, addMonths(subscription.start_date, 1) + 60);
    const charges = (await stripe.charges.list({ customer: subscription.customer as string })).data;
    expect(charges).toHaveLength(2);
    const invoices = await Promise.all(
      charges.map(async (charge) => {
        const [payment] = (
          await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: charge.payment_intent as string } })
        ).data;
        return (await stripe.invoices.retrieve(payment.invoice as string)).billing_reason;
      }),
    );
    expect(invoices).toEqual(['subscription_cycle', 'subscription_create']);
  });

  it('refuses unknown ids in Stripe’s words', async () => {
    expect(await refusal(stripe.charges.retrieve('ch_nope'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such charge: 'ch_nope'",
    });
    expect(await refusal(stripe.paymentIntents.retrieve('pi_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await refusal(stripe.invoicePayments.list({ payment: { payment_intent: 'pi_x' } as never }))).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'payment[type]',
    });
  });
});

describe('refunds', () => {
  it('refunds a charge in full: charge.refunded and refund.created, the charge refunded', async () => {
    const { subscription } = await subscribe();
    const charge = await firstCharge(subscription);
    const refund = await stripe.refunds.create({ charge: charge.id }, { idempotencyKey: 'refund-all' });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 750_000,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
    });
    expect(refund.id).toMatch(/^re_/);
    await expect(stripe.charges.retrieve(charge.id)).resolves.toMatchObject({ amount_refunded: 750_000, refunded: true });
    await expect(stripe.refunds.retrieve(refund.id)).resolves.toMatchObject({ id: refund.id, amount: 750_000 });

    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created']);
    const [refunded] = events;
    expect(refunded.data.object).toMatchObject({ id: charge.id, amount_refunded: 750_000, refunded: true });
    expect(refunded.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    expect(refunded.request).toEqual({ id: refund.lastResponse.requestId, idempotency_key: 'refund-all' });

    const again = await refusal(stripe.refunds.create({ charge: charge.id }));
    expect(again).toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
      message: `Charge ${charge.id} has already been refunded.`,
    });
  });

  it('refunds part of a payment intent’s charge, then what remains, and refuses more than remains', async () => {
    const { subscription } = await subscribe();
    const charge = await firstCharge(subscription);
    const part = await stripe.refunds.create({
      payment_intent: charge.payment_intent as string,
      amount: 250_000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({ amount: 250_000, charge: charge.id, reason: 'requested_by_customer' });
    await expect(stripe.charges.retrieve(charge.id)).resolves.toMatchObject({ amount_refunded: 250_000, refunded: false });

    const tooMuch = await refusal(stripe.refunds.create({ charge: charge.id, amount: 500_001 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount ($5,000.01) is greater than unrefunded amount on charge ($5,000.00)',
    });

    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(500_000);
    const expanded = await stripe.charges.retrieve(charge.id, { expand: ['refunds'] });
    expect(expanded).toMatchObject({ amount_refunded: 750_000, refunded: true });
    expect(expanded.refunds?.data.map((entry) => entry.amount)).toEqual([500_000, 250_000]);
    expect((await stripe.refunds.list({ charge: charge.id })).data).toHaveLength(2);
    // Includable, not expandable: a listed charge has its refunds only when asked for.
    const [plain] = (await stripe.charges.list({ payment_intent: charge.payment_intent as string })).data;
    expect(plain.refunds).toBeUndefined();
    const [listed] = (await stripe.charges.list({ payment_intent: charge.payment_intent as string, expand: ['data.refunds'] })).data;
    expect(listed.refunds?.data.map((entry) => entry.amount)).toEqual([500_000, 250_000]);

    const refunded = await settledEvents('charge.refunded');
    expect(refunded.map((event) => (event.data.object as Stripe.Charge).amount_refunded)).toEqual([250_000, 750_000]);
  });

  it('refuses a refund naming nothing, or an unknown charge', async () => {
    expect(await refusal(stripe.refunds.create({}))).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
    expect(await refusal(stripe.refunds.create({ charge: 'ch_nope' }))).toMatchObject({
      statusCode: 404,
      param: 'charge',
      code: 'resource_missing',
    });
    expect(await refusal(stripe.refunds.create({ payment_intent: 'pi_nope' }))).toMatchObject({ statusCode: 404, param: 'payment_intent' });
    expect(await refusal(stripe.refunds.create({ charge: 'ch_x', amount: 0 }))).toMatchObject({ statusCode: 400, param: 'amount' });
  });
});

describe('disputes (test controls)', () => {
  it('opens a dispute on a charge (charge.dispute.created, the charge disputed) and closes it lost', async () => {
    const { subscription } = await subscribe();
    const charge = await firstCharge(subscription);
    const opened = await control('/__disputes', { charge: charge.id });
    expect(opened.status).toBe(200);
    const id = opened.json.id as string;
    expect(id).toMatch(/^dp_/);
    const dispute = await stripe.disputes.retrieve(id);
    expect(dispute).toMatchObject({
      object: 'dispute',
      status: 'needs_response',
      amount: 750_000,
      charge: charge.id,
      reason: 'fraudulent',
    });
    await expect(stripe.charges.retrieve(charge.id)).resolves.toMatchObject({ disputed: true });
    expect((await stripe.disputes.list({ charge: charge.id })).data.map((entry) => entry.id)).toEqual([id]);
    // The control answers once the event is delivered.
    expect(receiver.received).toHaveLength(1);
    expect((await settledEvents()).map((event) => event.type)).toEqual(['charge.dispute.created']);

    const refund = await refusal(stripe.refunds.create({ charge: charge.id }));
    expect(refund).toMatchObject({ statusCode: 400, code: 'charge_disputed' });
    expect((await control('/__disputes', { charge: charge.id })).status).toBe(400);

    receiver.clear();
    const closed = await control(`/__disputes/${id}/close`, { status: 'lost' });
    expect(closed.json).toMatchObject({ id, status: 'lost' });
    const [event] = await settledEvents();
    expect(event).toMatchObject({
      type: 'charge.dispute.closed',
      data: { object: { id, status: 'lost' }, previous_attributes: { status: 'needs_response' } },
    });
    await expect(stripe.charges.retrieve(charge.id)).resolves.toMatchObject({ disputed: true });
    expect((await control(`/__disputes/${id}/close`, { status: 'won' })).status).toBe(400);
  });

  it('refuses a bad status, an unknown charge, or an unknown dispute', async () => {
    expect((await control('/__disputes', { charge: 'ch_nope' })).status).toBe(404);
    expect((await control('/__disputes', {})).status).toBe(400);
    expect((await control('/__disputes/dp_nope/close', { status: 'won' })).status).toBe(404);
    const { subscription } = await subscribe();
    const charge = await firstCharge(subscription);
    const { json } = await control('/__disputes', { charge: charge.id, amount: 100 });
    expect(json).toMatchObject({ amount: 100 });
    expect((await control(`/__disputes/${json.id as string}/close`, { status: 'maybe' })).status).toBe(400);
    const won = await standIn.closeDispute(json.id as string, 'won');
    expect(won.status).toBe('won');
  });
});

describe('lists of what happened to a payment', () => {
  it('keep the refunds, disputes and charges of the charge, payment intent or customer asked for, and refuse a hash as a filter', async () => {
    const first = await subscribe();
    const second = await subscribe();
    const refunded = await firstCharge(first.subscription);
    const disputed = await firstCharge(second.subscription);
    const refund = await stripe.refunds.create({ charge: refunded.id, amount: 100 });
    const dispute = (await control('/__disputes', { charge: disputed.id })).json;

    const ids = (list: { data: { id: string }[] }) => list.data.map((object) => object.id);
    expect(ids(await stripe.refunds.list({ charge: refunded.id }))).toEqual([refund.id]);
    expect(ids(await stripe.refunds.list({ payment_intent: refunded.payment_intent as string }))).toEqual([refund.id]);
    expect(ids(await stripe.refunds.list({ charge: disputed.id }))).toEqual([]);
    expect(ids(await stripe.disputes.list({ charge: disputed.id }))).toEqual([dispute.id]);
    expect(ids(await stripe.disputes.list({ charge: refunded.id, payment_intent: disputed.payment_intent as string }))).toEqual([]);
    expect(ids(await stripe.charges.list({ customer: first.customer.id }))).toEqual([refunded.id]);
    expect(ids(await stripe.charges.list({ customer: first.customer.id, payment_intent: disputed.payment_intent as string }))).toEqual([]);

    const hash = { charge: { id: refunded.id } } as unknown as Stripe.RefundListParams;
    expect(await refusal(stripe.refunds.list(hash))).toMatchObject({ statusCode: 400, param: 'charge' });
    expect((await stripe.refunds.list({ charge: refunded.id })).url).toBe('/v1/refunds');
    expect((await stripe.customers.listBalanceTransactions(first.customer.id)).url).toBe(
      `/v1/customers/${first.customer.id}/balance_transactions`,
    );
  });
});

describe('customer balance transactions', () => {
  it('credits the balance once per idempotency key, and the next invoice takes the credit', async () => {
    const { subscription, customer, clockId } = await subscribe({ amount: 50_000 });
    const credit = (key: string) =>
      stripe.customers.createBalanceTransaction(
        customer.id,
        { amount: -75_000, currency: 'usd', description: 'Trade-in credit', metadata: { orderId: 'order-1' } },
        { idempotencyKey: key },
      );
    const first = await credit('trade-in-order-1');
    expect(first).toMatchObject({
      object: 'customer_balance_transaction',
      amount: -75_000,
      ending_balance: -75_000,
      type: 'adjustment',
      customer: customer.id,
      description: 'Trade-in credit',
      metadata: { orderId: 'order-1' },
      invoice: null,
    });
    const replay = await credit('trade-in-order-1');
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({ balance: -75_000, currency: 'usd' });
    expect((await stripe.customers.listBalanceTransactions(customer.id)).data.map((entry) => entry.id)).toEqual([first.id]);
    await expect(stripe.customers.retrieveBalanceTransaction(customer.id, first.id)).resolves.toMatchObject({ id: first.id });
    const [updated] = await settledEvents();
    expect(updated).toMatchObject({ type: 'customer.updated', data: { previous_attributes: { balance: 0 } } });

    // Renewal 1 ($500.00) is covered by the credit; renewal 2 takes the $250.00 left.
    await standIn.advanceClock(clockId, addMonths(subscription.start_date, 2) + 60);
    const [second, first_renewal] = (await stripe.invoices.list({ subscription: subscription.id, limit: 2 })).data;
    expect(first_renewal).toMatchObject({
      total: 50_000,
      starting_balance: -75_000,
      ending_balance: -25_000,
      amount_due: 0,
      status: 'paid',
    });
    expect(second).toMatchObject({
      total: 50_000,
      starting_balance: -25_000,
      ending_balance: 0,
      amount_due: 25_000,
      amount_paid: 25_000,
      status: 'paid',
    });
    const charges = (await stripe.charges.list({ customer: customer.id })).data.map((charge) => charge.amount);
    expect(charges).toEqual([25_000, 50_000]);
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({ balance: 0 });
    const moves = (await stripe.customers.listBalanceTransactions(customer.id)).data;
    expect(moves.map((entry) => [entry.type, entry.amount, entry.invoice])).toEqual([
      ['applied_to_invoice', 25_000, second.id],
      ['applied_to_invoice', 50_000, first_renewal.id],
      ['adjustment', -75_000, null],
    ]);
    const page = await (await fetch(first_renewal.hosted_invoice_url!)).text();
    expect(page).toContain('Applied balance');
    expect(page).toContain('-$500.00');
  });

  it('refuses a different request under the same key, a missing amount, zero, or another currency', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    await stripe.customers.createBalanceTransaction(customer.id, { amount: -100, currency: 'usd' }, { idempotencyKey: 'k' });
    const mismatch = await refusal(
      stripe.customers.createBalanceTransaction(customer.id, { amount: -200, currency: 'usd' }, { idempotencyKey: 'k' }),
    );
    expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(await refusal(stripe.customers.createBalanceTransaction(customer.id, { currency: 'usd' } as never))).toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
    });
    expect(await refusal(stripe.customers.createBalanceTransaction(customer.id, { amount: 0, currency: 'usd' }))).toMatchObject({
      param: 'amount',
    });
    expect(await refusal(stripe.customers.createBalanceTransaction(customer.id, { amount: -1, currency: 'eur' }))).toMatchObject({
      param: 'currency',
    });
    expect(await refusal(stripe.customers.createBalanceTransaction('cus_nope', { amount: -1, currency: 'usd' }))).toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({ balance: -100 });
  });
});
