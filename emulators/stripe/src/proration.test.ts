// Plan changes on the Stripe stand-in (emulators/stripe), driven by the real `stripe` SDK: a
// subscription to catalogue Prices is updated mid-period and prorated to the second, as Stripe
// does — an upgrade charges the difference for the time left, a downgrade leaves credit, an
// interval change starts a new period, create_prorations waits for the next invoice — and the
// invoice preview says beforehand exactly what the update then bills. Amounts come from the
// tests' own plans (plans.testing.ts) and are checked by hand.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { formatDate } from './core/format';
import { planLookupKey, planProductId, planUnitCents } from './plans.testing';
import { SUCCESS_URL, useStripeStandIn } from './stand-in.testing';

const { standIn, stripe, pay, settledEvents, receiver } = useStripeStandIn('proration');

/** 1 March 2027 00:00 UTC: March has 31 days, so its monthly period is 2,678,400 s long. */
const START = Date.UTC(2027, 2, 1) / 1000;
const PERIOD_END = Date.UTC(2027, 3, 1) / 1000;
/** Exactly half of March: 16 March 12:00 UTC. */
const HALF = START + (PERIOD_END - START) / 2;

const GOLD_MONTHLY = planUnitCents('gold', 'monthly');
const DIAMOND_MONTHLY = planUnitCents('diamond-peak', 'monthly');
const GOLD_YEARLY = planUnitCents('gold', 'yearly');

interface Catalogue {
  goldMonthly: Stripe.Price;
  goldYearly: Stripe.Price;
  diamondMonthly: Stripe.Price;
  storageGoldMonthly: Stripe.Price;
}

/** The catalogue's Gold and Diamond Peak plans (and Gold's storage add-on) as Products and Prices. */
async function catalogue(): Promise<Catalogue> {
  await stripe.products.create({ id: planProductId('gold'), name: 'Leopard Gold plan' });
  await stripe.products.create({ id: planProductId('diamond-peak'), name: 'Leopard Diamond Peak plan' });
  await stripe.products.create({ id: 'leopard-addon-storage', name: 'Leopard extra storage' });
  const price = (product: string, lookup_key: string, unit_amount: number, interval: 'month' | 'year') =>
    stripe.prices.create({ product, lookup_key, unit_amount, currency: 'usd', recurring: { interval }, tax_behavior: 'exclusive' });
  return {
    goldMonthly: await price(planProductId('gold'), planLookupKey('gold', 'monthly'), GOLD_MONTHLY, 'month'),
    goldYearly: await price(planProductId('gold'), planLookupKey('gold', 'yearly'), GOLD_YEARLY, 'year'),
    diamondMonthly: await price(planProductId('diamond-peak'), planLookupKey('diamond-peak', 'monthly'), DIAMOND_MONTHLY, 'month'),
    storageGoldMonthly: await price('leopard-addon-storage', 'addon:storage:gold:monthly', 50_000, 'month'),
  };
}

interface Bought {
  subscription: Stripe.Subscription;
  customer: Stripe.Customer;
  clockId: string;
}

/** A customer on a clock at 1 March 2027 buys `prices` through Checkout with the test card. */
async function buy(prices: Stripe.Price[], email = 'ada@example.com'): Promise<Bought> {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
  const customer = await stripe.customers.create({ email, test_clock: clock.id });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    success_url: SUCCESS_URL,
    line_items: prices.map((price) => ({ price: price.id, quantity: 1 })),
    subscription_data: { metadata: { orderId: 'order-1' } },
  });
  expect((await pay(session)).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  await standIn.settled();
  receiver.clear();
  return { subscription: paid.subscription as Stripe.Subscription, customer, clockId: clock.id };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Stripe.errors.StripeError,
  );

describe('upgrading and downgrading mid-period', () => {
  it('Gold → Diamond Peak with half the month left and always_invoice: pays $5,000.00 at once', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([goldMonthly]);
    expect(subscription.items.data[0].current_period_end).toBe(PERIOD_END);
    await standIn.advanceClock(clockId, HALF);
    receiver.clear();

    const item = subscription.items.data[0];
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: diamondMonthly.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    // The same item, now on the new price; the period does not move.
    expect(updated.items.data).toHaveLength(1);
    expect(updated.items.data[0]).toMatchObject({ id: item.id, price: { id: diamondMonthly.id }, current_period_end: PERIOD_END });

    const invoice = updated.latest_invoice as Stripe.Invoice;
    // Credit: half of $15,000.00; charge: half of $25,000.00; due: $5,000.00.
    expect(GOLD_MONTHLY).toBe(1_500_000);
    expect(DIAMOND_MONTHLY).toBe(2_500_000);
    expect(invoice.lines.data.map((line) => [line.description, line.amount])).toEqual([
      ['Unused time on Leopard Gold plan after 16 Mar 2027', -750_000],
      ['Remaining time on Leopard Diamond Peak plan after 16 Mar 2027', 1_250_000],
    ]);
    expect(invoice.lines.data.every((line) => line.parent?.subscription_item_details?.proration === true)).toBe(true);
    expect(invoice.lines.data[0].period).toEqual({ start: HALF, end: PERIOD_END });
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: 500_000,
      amount_paid: 500_000,
      customer: customer.id,
      parent: { subscription_details: { subscription: subscription.id, metadata: { orderId: 'order-1' } } },
    });
    expect(invoice.number).toMatch(/^[0-9A-F]{8}-0002$/);
    expect(invoice.hosted_invoice_url).toBe(`${standIn.url}/i/${invoice.id}`);
    expect(invoice.invoice_pdf).toBe(`${standIn.url}/i/${invoice.id}/pdf`);

    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const previous = events[0].data.previous_attributes as { items: { data: Stripe.SubscriptionItem[] }; latest_invoice: string };
    expect(previous.items.data[0].price.id).toBe(goldMonthly.id);
    expect(previous.latest_invoice).toBe(subscription.latest_invoice);
    expect(events.every((event) => event.created === HALF)).toBe(true);
  });

  it('Diamond Peak → Gold with half the month left: the $5,000.00 credit goes to the balance and the renewal takes it', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([diamondMonthly]);
    await standIn.advanceClock(clockId, HALF);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: goldMonthly.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      total: -500_000,
      amount_due: 0,
      amount_paid: 0,
      status: 'paid',
      starting_balance: 0,
      ending_balance: -500_000,
    });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ balance: -500_000 });
    // Nothing was charged to the card for it.
    expect(standIn.charges().filter((charge) => charge.customer === customer.id)).toHaveLength(1);

    // The portal lists the invoice by its total, not the $0.00 due, and says the credit balance.
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain(`<tr><td>${formatDate(invoice.created)}</td><td>-$5,000.00</td><td>Paid</td>`);
    expect(html).not.toContain('<td>$0.00</td>');
    expect(html).toContain('<h2 id="credit-heading">Credit balance</h2>');
    expect(html).toContain('<span data-testid="credit-balance">$5,000.00</span> will be applied to your next invoices.');

    await standIn.advanceClock(clockId, PERIOD_END + 60);
    const renewal = (await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] })).latest_invoice as Stripe.Invoice;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: GOLD_MONTHLY,
      starting_balance: -500_000,
      amount_paid: 1_000_000,
      status: 'paid',
    });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(0);
  });

  it('create_prorations leaves the prorations pending; the next invoice bills them with the new price', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    receiver.clear();
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
    });
    expect(updated.latest_invoice).toBe(subscription.latest_invoice);
    expect((await settledEvents()).map((event) => event.type)).toEqual(['customer.subscription.updated']);

    const pending = await stripe.invoiceItems.list({ customer: customer.id, pending: true });
    expect(pending.data.map((item) => item.amount).sort((a, b) => a - b)).toEqual([-750_000, 1_250_000]);
    expect(pending.data.every((item) => item.proration && item.invoice === null)).toBe(true);

    await standIn.advanceClock(clockId, PERIOD_END + 60);
    const renewal = (await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] })).latest_invoice as Stripe.Invoice;
    expect(renewal.lines.data.map((line) => line.amount)).toEqual([DIAMOND_MONTHLY, -750_000, 1_250_000]);
    expect(renewal).toMatchObject({ total: 3_000_000, amount_paid: 3_000_000, status: 'paid' });
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);
  });

  it('proration_behavior=none changes the price with nothing to pay now or later', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
      proration_behavior: 'none',
    });
    expect((await stripe.invoiceItems.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('adds and removes items: the add-on is charged for the time left, a removed one credited', async () => {
    const { goldMonthly, storageGoldMonthly } = await catalogue();
    const { subscription, clockId } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    const added = await stripe.subscriptions.update(subscription.id, {
      items: [{ price: storageGoldMonthly.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(added.items.data.map((item) => item.price.id)).toEqual([goldMonthly.id, storageGoldMonthly.id]);
    expect((added.latest_invoice as Stripe.Invoice).lines.data.map((line) => [line.description, line.amount])).toEqual([
      ['Remaining time on Leopard extra storage after 16 Mar 2027', 25_000],
    ]);
    const storageItem = added.items.data[1];
    const removed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: storageItem.id, deleted: true }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(removed.items.data.map((item) => item.price.id)).toEqual([goldMonthly.id]);
    expect((removed.latest_invoice as Stripe.Invoice).total).toBe(-25_000);
  });
});

describe('tax and discounts on prorations', () => {
  it('a New York buyer with 10 % off forever: the proration invoice and its preview carry the discount and 8.875 % tax', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const coupon = await stripe.coupons.create({ id: 'ten-forever', percent_off: 10, duration: 'forever' });
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
    const customer = await stripe.customers.create({ email: 'ny@example.com', test_clock: clock.id });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      success_url: SUCCESS_URL,
      line_items: [{ price: goldMonthly.id, quantity: 1 }],
      automatic_tax: { enabled: true },
      billing_address_collection: 'required',
      customer_update: { address: 'auto' },
      discounts: [{ coupon: coupon.id }],
    });
    const paid = await pay(session, {
      card_number: '4242 4242 4242 4242',
      name: 'Ada Lovelace',
      country: 'US',
      line1: '1 State St',
      city: 'Albany',
      state: 'NY',
      postal_code: '12207',
    });
    expect(paid.status).toBe(303);
    const subscription = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] }))
      .subscription as Stripe.Subscription;
    await standIn.advanceClock(clock.id, HALF);
    const change = {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
      proration_behavior: 'always_invoice' as const,
      proration_date: HALF,
    };
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id, subscription_details: change });
    const invoice = (await stripe.subscriptions.update(subscription.id, { ...change, expand: ['latest_invoice'] }))
      .latest_invoice as Stripe.Invoice;
    // −750,000 and +1,250,000, 10 % off each (−75,000 and +125,000 off), then 8.875 % on what is left
    // (−675,000 → −59,906.25 → −59,906; 1,125,000 → 99,843.75 → 99,844).
    expect(invoice.lines.data.map((line) => line.discount_amounts?.[0]?.amount)).toEqual([-75_000, 125_000]);
    expect(invoice.lines.data.map((line) => line.taxes?.[0]?.amount)).toEqual([-59_906, 99_844]);
    expect(invoice).toMatchObject({ subtotal: 500_000, total_excluding_tax: 450_000, total: 489_938, amount_paid: 489_938 });
    expect(invoice.total_taxes).toEqual([expect.objectContaining({ amount: 39_938, tax_behavior: 'exclusive' })]);
    expect(invoice.total_discount_amounts?.map((entry) => entry.amount)).toEqual([50_000]);
    expect([preview.subtotal, preview.total, preview.amount_due]).toEqual([invoice.subtotal, invoice.total, invoice.amount_due]);
    expect(preview.total_taxes?.map((tax) => tax.amount)).toEqual([39_938]);
  });
});

describe('changing the interval', () => {
  it('monthly → yearly starts a new year now: the full yearly price less the unused month, billed at once', async () => {
    const { goldMonthly, goldYearly } = await catalogue();
    const { subscription, clockId } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    receiver.clear();
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: goldYearly.id }],
      expand: ['latest_invoice'],
    });
    const yearLater = Date.UTC(2028, 2, 16, 12) / 1000;
    expect(updated.billing_cycle_anchor).toBe(HALF);
    expect(updated.items.data[0]).toMatchObject({ current_period_start: HALF, current_period_end: yearLater });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(GOLD_YEARLY).toBe(18_000_000);
    expect(invoice.lines.data.map((line) => [line.description, line.amount])).toEqual([
      ['1 × Leopard Gold plan (at $180,000.00 / year)', 18_000_000],
      ['Unused time on Leopard Gold plan after 16 Mar 2027', -750_000],
    ]);
    expect(invoice.lines.data[0].period).toEqual({ start: HALF, end: yearLater });
    expect(invoice).toMatchObject({ total: 17_250_000, amount_paid: 17_250_000, status: 'paid', billing_reason: 'subscription_update' });
    expect((await settledEvents()).map((event) => event.type)).toContain('invoice.payment_succeeded');
  });
});

describe('billing_cycle_anchor', () => {
  it('now restarts the period today: the unused half month is credited and a full month billed at once', async () => {
    const { goldMonthly } = await catalogue();
    const { subscription, clockId } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    const updated = await stripe.subscriptions.update(subscription.id, {
      billing_cycle_anchor: { type: 'now' },
      expand: ['latest_invoice'],
    });
    expect(updated.billing_cycle_anchor).toBe(HALF);
    expect(updated.items.data[0]).toMatchObject({ current_period_start: HALF, current_period_end: Date.UTC(2027, 3, 16, 12) / 1000 });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([GOLD_MONTHLY, -750_000]);
    expect(invoice).toMatchObject({ total: 750_000, amount_paid: 750_000, billing_reason: 'subscription_update' });
    // `unchanged` changes nothing.
    const same = await stripe.subscriptions.update(subscription.id, { billing_cycle_anchor: { type: 'unchanged' } });
    expect(same.latest_invoice).toBe(invoice.id);
    expect(same.billing_cycle_anchor).toBe(HALF);
  });
});

describe('the invoice preview', () => {
  it('shows exactly what the update then bills, with no id and no event', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, START + 10 * 86_400);
    receiver.clear();
    const prorationDate = START + 10 * 86_400;
    const change = {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
      proration_behavior: 'always_invoice' as const,
      proration_date: prorationDate,
    };
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: change,
    });
    expect('id' in preview).toBe(false);
    expect(preview.lines.data.every((line) => line.parent?.subscription_item_details?.proration)).toBe(true);
    // 21 of March's 31 days are left: (2,500,000 − 1,500,000) × 21 / 31, each line rounded.
    const credit = -Math.round((1_500_000 * 21) / 31);
    const charge = Math.round((2_500_000 * 21) / 31);
    expect(preview.lines.data.map((line) => line.amount)).toEqual([credit, charge]);
    expect(preview).toMatchObject({ total: credit + charge, amount_due: credit + charge, subtotal: credit + charge });
    await standIn.settled();
    expect(receiver.received).toHaveLength(0);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(goldMonthly.id);

    const updated = await stripe.subscriptions.update(subscription.id, { ...change, expand: ['latest_invoice'] });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.lines.data.map((line) => [line.description, line.amount])).toEqual(
      preview.lines.data.map((line) => [line.description, line.amount]),
    );
    expect([invoice.total, invoice.amount_due, invoice.amount_paid]).toEqual([preview.total, preview.amount_due, preview.amount_due]);
  });

  it('without always_invoice previews the next invoice: the new price for the next period plus the prorations', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }] },
    });
    expect(preview).toMatchObject({ billing_reason: 'upcoming', created: PERIOD_END, period_end: PERIOD_END, total: 3_000_000 });
    expect(preview.lines.data.map((line) => line.amount)).toEqual([DIAMOND_MONTHLY, -750_000, 1_250_000]);
    expect(preview.lines.data[0].period).toEqual({ start: PERIOD_END, end: Date.UTC(2027, 4, 1) / 1000 });
  });

  it('refuses a canceled subscription, another customer’s subscription and unknown parameters', async () => {
    const { goldMonthly } = await catalogue();
    const { subscription } = await buy([goldMonthly]);
    const other = await stripe.customers.create({ email: 'mallory@example.com' });
    expect(await refusal(stripe.invoices.createPreview({ customer: other.id, subscription: subscription.id }))).toMatchObject({
      statusCode: 400,
      param: 'subscription',
    });
    const unknown = await refusal(
      stripe.invoices.createPreview({
        subscription: subscription.id,
        subscription_details: { items: [{ price_data: { currency: 'usd' } }] },
      } as never),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'subscription_details[items][0][price_data]' });
    await stripe.subscriptions.cancel(subscription.id);
    expect(await refusal(stripe.invoices.createPreview({ subscription: subscription.id }))).toMatchObject({
      statusCode: 400,
      code: 'invoice_upcoming_none',
    });
  });
});

describe('refusals, in Stripe’s words', () => {
  it('an item of another subscription, an archived price, another currency or interval, the last item, a canceled subscription', async () => {
    const { goldMonthly, goldYearly, diamondMonthly } = await catalogue();
    const { subscription } = await buy([goldMonthly]);
    const { subscription: theirs } = await buy([diamondMonthly], 'mallory@example.com');
    const item = subscription.items.data[0];
    const update = (params: Stripe.SubscriptionUpdateParams) => refusal(stripe.subscriptions.update(subscription.id, params));

    expect(await update({ items: [{ id: theirs.items.data[0].id, price: goldMonthly.id }] })).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'items[0][id]',
      message: `No such subscription item: '${theirs.items.data[0].id}'`,
    });
    const archived = await stripe.prices.create({
      product: planProductId('diamond-peak'),
      unit_amount: 1,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    await stripe.prices.update(archived.id, { active: false });
    expect(await update({ items: [{ id: item.id, price: archived.id }] })).toMatchObject({
      statusCode: 400,
      param: 'items[0][price]',
      message: 'The price specified is inactive. This field only accepts active prices.',
    });
    expect(await update({ items: [{ id: item.id, price: 'price_nope' }] })).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    const euro = await stripe.prices.create({
      product: planProductId('gold'),
      unit_amount: 1_400_000,
      currency: 'eur',
      recurring: { interval: 'month' },
    });
    expect(await update({ items: [{ id: item.id, price: euro.id }] })).toMatchObject({
      statusCode: 400,
      message: 'Currency and interval fields must match across all plans on this subscription. Found mismatch in currency field.',
    });
    expect(await update({ items: [{ price: goldYearly.id }] })).toMatchObject({
      statusCode: 400,
      message: 'Currency and interval fields must match across all plans on this subscription. Found mismatch in interval field.',
    });
    expect(await update({ items: [{ id: item.id, deleted: true }] })).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('A subscription must have at least one active plan.'),
    });
    expect(await update({ items: [{ id: item.id, price_data: { currency: 'usd' } } as never] })).toMatchObject({
      code: 'parameter_unknown',
      param: 'items[0][price_data]',
    });
    expect(await update({ proration_behavior: 'sometimes' as never })).toMatchObject({ statusCode: 400, param: 'proration_behavior' });
    expect(await update({ items: [{ id: item.id, price: diamondMonthly.id }], proration_date: START - 86_400 })).toMatchObject({
      statusCode: 400,
      param: 'proration_date',
    });

    // Nothing of that changed the subscription.
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    expect(unchanged.items.data.map((entry) => entry.price.id)).toEqual([goldMonthly.id]);
    await stripe.subscriptions.cancel(subscription.id);
    expect(await update({ items: [{ id: item.id, price: diamondMonthly.id }] })).toMatchObject({
      statusCode: 400,
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('a card that fails: error_if_incomplete refuses with 402 and changes nothing; allow_incomplete leaves it past due', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    const card = await fetch(`${standIn.url}/__customers/${customer.id}/card`, {
      method: 'POST',
      body: JSON.stringify({ number: '4000 0000 0000 0341' }),
    });
    expect(card.status).toBe(200);
    await standIn.settled();
    receiver.clear();
    const change = {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
      proration_behavior: 'always_invoice' as const,
    };

    const refused = await refusal(stripe.subscriptions.update(subscription.id, { ...change, payment_behavior: 'error_if_incomplete' }));
    expect(refused).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(goldMonthly.id);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    expect((await stripe.invoiceItems.list({ customer: customer.id })).data).toHaveLength(0);

    const updated = await stripe.subscriptions.update(subscription.id, { ...change, expand: ['latest_invoice'] });
    expect(updated.status).toBe('past_due');
    expect(updated.items.data[0].price.id).toBe(diamondMonthly.id);
    expect(updated.latest_invoice).toMatchObject({ status: 'open', amount_remaining: 500_000, attempt_count: 1 });
    expect((await settledEvents()).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
  });

  it('pending_if_incomplete keeps the plan until the failed invoice is paid with a new card', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId, customer } = await buy([goldMonthly]);
    await standIn.advanceClock(clockId, HALF);
    await fetch(`${standIn.url}/__customers/${customer.id}/card`, {
      method: 'POST',
      body: JSON.stringify({ number: '4000 0000 0000 0341' }),
    });
    const waiting = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(waiting.items.data[0].price.id).toBe(goldMonthly.id);
    expect(waiting.pending_update?.subscription_items?.[0].price.id).toBe(diamondMonthly.id);
    expect(waiting.status).toBe('active');
    await fetch(`${standIn.url}/__customers/${customer.id}/card`, {
      method: 'POST',
      body: JSON.stringify({ number: '4242 4242 4242 4242' }),
    });
    const applied = await stripe.subscriptions.retrieve(subscription.id);
    expect(applied.pending_update).toBeNull();
    expect(applied.items.data[0].price.id).toBe(diamondMonthly.id);
  });
});
