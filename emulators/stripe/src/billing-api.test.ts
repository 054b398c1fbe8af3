// The Stripe stand-in's (emulators/stripe) Customers, Test Clocks, PaymentMethods, list and error
// behaviour, driven by the real `stripe` SDK: shapes, filters and cursor pagination, Stripe's
// error shapes, expand[], idempotency of the new POSTs, and the test controls.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useStripeStandIn } from './stand-in.testing';

const DAY = 24 * 60 * 60;

const { standIn, stripe, settledEvents, subscribe } = useStripeStandIn('billing-api');

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe('customers', () => {
  it('creates a customer on a test clock of its own, and sends customer.created with the request’s id', async () => {
    const before = Math.floor(Date.now() / 1000);
    const customer = await stripe.customers.create(
      { email: 'ada@example.com', name: 'Ada', metadata: { uid: 'uid-ada' } },
      { idempotencyKey: 'create-ada' },
    );
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { uid: 'uid-ada' },
      livemode: false,
      balance: 0,
      invoice_settings: { default_payment_method: null },
    });
    expect(customer.id).toMatch(/^cus_/);
    const clock = await stripe.testHelpers.testClocks.retrieve(customer.test_clock as string);
    expect(clock.frozen_time).toBeGreaterThanOrEqual(before);
    expect(customer.created).toBe(clock.frozen_time);
    const [created] = await settledEvents();
    expect(created).toMatchObject({
      type: 'customer.created',
      data: { object: { id: customer.id } },
      request: { id: customer.lastResponse.requestId, idempotency_key: 'create-ada' },
    });
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({ id: customer.id, email: 'ada@example.com' });
  });

  it('creates customers on a named clock, and their time is that clock’s', async () => {
    const frozen = Date.UTC(2027, 5, 1) / 1000;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozen, name: 'June' });
    const customer = await stripe.customers.create({ email: 'june@example.com', test_clock: clock.id });
    expect(customer).toMatchObject({ test_clock: clock.id, created: frozen });
    const { subscription } = await subscribe({ customer: customer.id });
    expect(subscription.start_date).toBe(frozen);
    expect((await stripe.customers.list({ test_clock: clock.id })).data.map((entry) => entry.id)).toEqual([customer.id]);
    const unknown = await refusal(stripe.customers.create({ test_clock: 'clock_nope' }));
    expect(unknown).toMatchObject({ statusCode: 404, param: 'test_clock', code: 'resource_missing' });
  });

  it('updates email, metadata and the default card, with customer.updated and its previous attributes', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { uid: 'uid-ada', tier: 'earth' } });
    const { subscription } = await subscribe({ customer: customer.id });
    const card = subscription.default_payment_method as string;

    const updated = await stripe.customers.update(customer.id, {
      email: 'ada@lovelace.dev',
      metadata: { tier: '', plan: 'growth' },
      invoice_settings: { default_payment_method: card },
    });
    expect(updated).toMatchObject({
      email: 'ada@lovelace.dev',
      metadata: { uid: 'uid-ada', plan: 'growth' },
      invoice_settings: { default_payment_method: card },
    });
    const [event] = await settledEvents();
    expect(event.type).toBe('customer.updated');
    expect(event.data.previous_attributes).toEqual({ email: 'ada@example.com', metadata: { tier: 'earth', plan: null } });

    const expanded = (await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    })) as Stripe.Customer;
    expect(expanded.invoice_settings.default_payment_method).toMatchObject({ id: card, object: 'payment_method', card: { last4: '4242' } });

    const other = await stripe.customers.create({ email: 'bob@example.com' });
    const foreign = await refusal(stripe.customers.update(other.id, { invoice_settings: { default_payment_method: card } }));
    expect(foreign).toMatchObject({
      statusCode: 400,
      param: 'invoice_settings[default_payment_method]',
      message: expect.stringContaining('must be attached to the customer'),
    });
  });

  it('lists customers newest first, by email, with cursors', async () => {
    const made: string[] = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) made.push((await stripe.customers.create({ email })).id);
    const page = await stripe.customers.list({ limit: 2 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(page.data.map((customer) => customer.id)).toEqual([made[2], made[1]]);
    const rest = await stripe.customers.list({ limit: 2, starting_after: made[1] });
    expect(rest.data.map((customer) => customer.id)).toEqual([made[0]]);
    expect(rest.has_more).toBe(false);
    expect((await stripe.customers.list({ email: 'b@example.com' })).data.map((customer) => customer.id)).toEqual([made[1]]);
    expect(await stripe.customers.list({ limit: 1 }).autoPagingToArray({ limit: 10 })).toHaveLength(3);
  });
});

describe('payment methods', () => {
  it('retrieves the card saved at checkout and lists the customer’s cards', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const { subscription } = await subscribe({ customer: customer.id });
    const id = subscription.default_payment_method as string;
    const card = await stripe.paymentMethods.retrieve(id);
    expect(card).toMatchObject({
      id,
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      livemode: false,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
    });
    expect(card.id).toMatch(/^pm_/);
    const list = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(list.data.map((method) => method.id)).toEqual([id]);
    expect(list.url).toBe(`/v1/customers/${customer.id}/payment_methods`);
    expect(await refusal(stripe.customers.listPaymentMethods(customer.id, { expand: ['data.email'] }))).toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (email).',
    });
    expect(await refusal(stripe.paymentMethods.retrieve('pm_nope'))).toMatchObject({
      statusCode: 404,
      message: "No such PaymentMethod: 'pm_nope'",
    });
    expect(await refusal(stripe.customers.listPaymentMethods('cus_nope'))).toMatchObject({
      statusCode: 404,
      message: "No such customer: 'cus_nope'",
    });
  });
});

describe('test clocks', () => {
  it('creates, retrieves, lists and deletes clocks; deleting one deletes its customers', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Date.UTC(2027, 0, 1) / 1000, name: 'New year' });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      status: 'ready',
      name: 'New year',
      frozen_time: Date.UTC(2027, 0, 1) / 1000,
      livemode: false,
      status_details: {},
    });
    expect(clock.id).toMatch(/^clock_/);
    expect(clock.deletes_after).toBe(clock.created + 30 * DAY);
    const customer = await stripe.customers.create({ email: 'ada@example.com', test_clock: clock.id });
    const listed = await stripe.testHelpers.testClocks.list();
    expect(listed.data.map((entry) => entry.id)).toContain(clock.id);

    const deleted = await stripe.testHelpers.testClocks.del(clock.id);
    expect(deleted).toMatchObject({ id: clock.id, object: 'test_helpers.test_clock', deleted: true });
    expect(await refusal(stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await refusal(stripe.customers.retrieve(customer.id))).toMatchObject({
      statusCode: 404,
      message: `No such customer: '${customer.id}'`,
    });
    expect((await settledEvents()).map((event) => event.type)).toEqual([
      'test_helpers.test_clock.created',
      'customer.created',
      'test_helpers.test_clock.deleted',
    ]);
    expect(await refusal(stripe.testHelpers.testClocks.create({} as Stripe.TestHelpers.TestClockCreateParams))).toMatchObject({
      code: 'parameter_missing',
      param: 'frozen_time',
    });
  });

  it('advances with nothing on it to any later time', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Date.UTC(2027, 0, 1) / 1000 });
    const target = Date.UTC(2030, 0, 1) / 1000;
    await expect(standIn.advanceClock(clock.id, target)).resolves.toMatchObject({ status: 'ready', frozen_time: target });
  });
});

describe('lists of subscriptions and invoices', () => {
  it('filters by customer and status (canceled only when asked), newest first, with cursors', async () => {
    const ada = await stripe.customers.create({ email: 'ada@example.com' });
    const bob = await stripe.customers.create({ email: 'bob@example.com' });
    const { subscription: first } = await subscribe({ customer: ada.id, name: 'Plan one' });
    const { subscription: second } = await subscribe({ customer: ada.id, name: 'Plan two' });
    const { subscription: third } = await subscribe({ customer: ada.id, name: 'Plan three' });
    const { subscription: bobs } = await subscribe({ customer: bob.id });
    await stripe.subscriptions.cancel(second.id);

    const live = await stripe.subscriptions.list({ customer: ada.id });
    expect(live.data.map((subscription) => subscription.id)).toEqual([third.id, first.id]);
    expect((await stripe.subscriptions.list({ customer: ada.id, status: 'canceled' })).data.map((subscription) => subscription.id)).toEqual(
      [second.id],
    );
    const all = await stripe.subscriptions.list({ customer: ada.id, status: 'all', limit: 2 });
    expect(all).toMatchObject({ object: 'list', has_more: true, url: '/v1/subscriptions' });
    expect(all.data.map((subscription) => subscription.id)).toEqual([third.id, second.id]);
    const next = await stripe.subscriptions.list({ customer: ada.id, status: 'all', limit: 2, starting_after: second.id });
    expect(next.data.map((subscription) => subscription.id)).toEqual([first.id]);
    expect(next.has_more).toBe(false);
    expect(
      (await stripe.subscriptions.list({ status: 'all' }).autoPagingToArray({ limit: 10 })).map((subscription) => subscription.id),
    ).toEqual([bobs.id, third.id, second.id, first.id]);
    const expanded = await stripe.subscriptions.list({ customer: bob.id, expand: ['data.latest_invoice', 'data.customer'] });
    expect(expanded.data[0].latest_invoice).toMatchObject({ object: 'invoice', status: 'paid' });
    expect(expanded.data[0].customer).toMatchObject({ object: 'customer', id: bob.id });

    const invoices = await stripe.invoices.list({ customer: ada.id, limit: 2 });
    expect(invoices.has_more).toBe(true);
    expect(invoices.data.map((invoice) => invoice.parent?.subscription_details?.subscription)).toEqual([third.id, second.id]);
    expect((await stripe.invoices.list({ subscription: first.id })).data.map((invoice) => invoice.id)).toEqual([first.latest_invoice]);
    expect((await stripe.invoices.list({ customer: ada.id, status: 'paid' })).data).toHaveLength(3);
    expect((await stripe.invoices.list({ customer: ada.id, status: 'open' })).data).toHaveLength(0);
  });

  it('refuses unknown filters, statuses and cursors', async () => {
    expect(await refusal(stripe.subscriptions.list({ customer: 'cus_nope' }))).toMatchObject({
      statusCode: 404,
      param: 'customer',
      message: "No such customer: 'cus_nope'",
    });
    expect(await refusal(stripe.invoices.list({ subscription: 'sub_nope' }))).toMatchObject({
      statusCode: 404,
      param: 'subscription',
      message: "No such subscription: 'sub_nope'",
    });
    expect(await refusal(stripe.invoices.list({ status: 'weird' as 'paid' }))).toMatchObject({ statusCode: 400, param: 'status' });
    expect(await refusal(stripe.subscriptions.list({ starting_after: 'sub_nope' }))).toMatchObject({
      statusCode: 404,
      param: 'starting_after',
    });
    expect(await refusal(stripe.subscriptions.list({ limit: 101 }))).toMatchObject({ statusCode: 400, param: 'limit' });
    expect(await refusal(stripe.invoices.list({ colour: 'blue' } as Stripe.InvoiceListParams))).toMatchObject({
      statusCode: 400,
      message: 'Received unknown parameter: colour',
    });
    expect(await refusal(stripe.subscriptions.list({ expand: ['latest_invoice'] }))).toMatchObject({ statusCode: 400, param: 'expand' });
  });
});

describe('errors and idempotency', () => {
  it('answers unknown ids with 404 resource_missing in Stripe’s words', async () => {
    const cases: [Promise<unknown>, string][] = [
      [stripe.customers.retrieve('cus_nope'), "No such customer: 'cus_nope'"],
      [stripe.customers.update('cus_nope', { name: 'x' }), "No such customer: 'cus_nope'"],
      [stripe.subscriptions.retrieve('sub_nope'), "No such subscription: 'sub_nope'"],
      [stripe.subscriptions.cancel('sub_nope'), "No such subscription: 'sub_nope'"],
      [stripe.invoices.retrieve('in_nope'), "No such invoice: 'in_nope'"],
      [stripe.testHelpers.testClocks.retrieve('clock_nope'), "No such test_helpers.test_clock: 'clock_nope'"],
    ];
    for (const [call, message] of cases) {
      const error = await refusal(call);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, type: 'StripeInvalidRequestError', code: 'resource_missing', message });
    }
  });

  it('names unknown and bad parameters', async () => {
    expect(await refusal(stripe.customers.create({ email: 'not-an-email' }))).toMatchObject({
      statusCode: 400,
      code: 'email_invalid',
      param: 'email',
    });
    expect(await refusal(stripe.customers.create({ phone: '+1' } as Stripe.CustomerCreateParams))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'phone',
      message: 'Received unknown parameter: phone',
    });
    expect(await refusal(stripe.customers.update('cus_x', { invoice_settings: { footer: 'x' } }))).toMatchObject({
      param: 'invoice_settings[footer]',
    });
    expect(await refusal(stripe.customers.retrieve('cus_x', { expand: ['email'] }))).toMatchObject({
      param: 'expand',
      message: 'This property cannot be expanded (email).',
    });
    expect(await refusal(stripe.testHelpers.testClocks.create({ frozen_time: 'soon' as unknown as number }))).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'frozen_time',
    });
    expect(standIn.customers()).toHaveLength(0);
  });

  it('replays the new POSTs for the same Idempotency-Key, without doing them twice', async () => {
    const first = await stripe.customers.create({ email: 'ada@example.com' }, { idempotencyKey: 'customer-ada' });
    const again = await stripe.customers.create({ email: 'ada@example.com' }, { idempotencyKey: 'customer-ada' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.customers()).toHaveLength(1);
    expect(await refusal(stripe.customers.create({ email: 'bob@example.com' }, { idempotencyKey: 'customer-ada' }))).toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );

    const { subscription } = await subscribe({ customer: first.id });
    const update = { metadata: { note: 'once' } };
    await stripe.subscriptions.update(subscription.id, update, { idempotencyKey: 'note-once' });
    const replay = await stripe.subscriptions.update(subscription.id, update, { idempotencyKey: 'note-once' });
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await settledEvents('customer.subscription.updated')).toHaveLength(1);

    const portal = await stripe.billingPortal.sessions.create({ customer: first.id }, { idempotencyKey: 'portal-1' });
    expect((await stripe.billingPortal.sessions.create({ customer: first.id }, { idempotencyKey: 'portal-1' })).id).toBe(portal.id);

    const clock = first.test_clock as string;
    const target = subscription.start_date + DAY;
    const advanced = await stripe.testHelpers.testClocks.advance(clock, { frozen_time: target }, { idempotencyKey: 'advance-1' });
    const replayed = await stripe.testHelpers.testClocks.advance(clock, { frozen_time: target }, { idempotencyKey: 'advance-1' });
    expect(replayed).toMatchObject({ id: advanced.id, status: 'advancing' });
    expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    await standIn.settled();
    expect(await settledEvents('test_helpers.test_clock.ready')).toHaveLength(1);
  });
});

describe('test controls', () => {
  it('lists customers, subscriptions, invoices and clocks; advances a clock; sets a customer’s card', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const { subscription } = await subscribe({ customer: customer.id });
    const read = async (path: string) => (await fetch(`${standIn.url}${path}`)).json() as Promise<{ id: string }[]>;
    expect((await read('/__customers')).map((entry) => entry.id)).toEqual([customer.id]);
    expect((await read('/__subscriptions')).map((entry) => entry.id)).toEqual([subscription.id]);
    expect((await read('/__invoices')).map((entry) => entry.id)).toEqual([subscription.latest_invoice]);
    expect((await read('/__test_clocks')).map((entry) => entry.id)).toEqual([customer.test_clock]);

    const card = await fetch(`${standIn.url}/__customers/${customer.id}/card`, {
      method: 'POST',
      body: JSON.stringify({ number: '4000 0000 0000 0341' }),
    });
    expect(card.status).toBe(200);
    const periodEnd = subscription.items.data[0].current_period_end;
    const advanced = await fetch(`${standIn.url}/__test_clocks/${customer.test_clock}/advance`, {
      method: 'POST',
      body: JSON.stringify({ frozen_time: periodEnd + 70 * DAY }),
    });
    expect(advanced.status).toBe(200);
    expect(await advanced.json()).toMatchObject({ status: 'ready', frozen_time: periodEnd + 70 * DAY });
    // Three renewals (two steps: at most two months at a time), all failing on the 0341 card.
    const invoices = (await read('/__invoices')) as unknown as Stripe.Invoice[];
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'open', 'open', 'open']);
    await expect(stripe.subscriptions.retrieve(subscription.id)).resolves.toMatchObject({ status: 'past_due' });
    const declined = await fetch(`${standIn.url}/__customers/${customer.id}/card`, {
      method: 'POST',
      body: JSON.stringify({ number: '4000000000000002' }),
    });
    expect(declined.status).toBe(402);
    await fetch(`${standIn.url}/__customers/${customer.id}/card`, { method: 'POST', body: JSON.stringify({ number: '4242424242424242' }) });
    expect(((await read('/__invoices')) as unknown as Stripe.Invoice[]).map((invoice) => invoice.status)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
    ]);
    await expect(stripe.subscriptions.retrieve(subscription.id)).resolves.toMatchObject({ status: 'active' });
    const settled = await fetch(`${standIn.url}/__deliveries?settled=true`);
    expect(((await settled.json()) as { ok: boolean }[]).every((delivery) => delivery.ok)).toBe(true);
  });
});
