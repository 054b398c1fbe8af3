// Checkout in subscription mode on the Stripe stand-in (emulators/stripe), driven by the real
// `stripe` SDK: the session, Pay on the hosted page with a card number, the customer, card,
// subscription and first invoice it creates, and the signed events in Stripe's order.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addMonths, monthlyLine, SUBSCRIPTION_PAID_EVENTS, SUCCESS_URL, useStripeStandIn } from './stand-in.testing';

const { receiver, standIn, stripe, verifiedEvents, pay } = useStripeStandIn('subscription-checkout');

/** A monthly plan as the shop sells it: $7,500.00 a month. */
const subscriptionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'subscription',
  success_url: SUCCESS_URL,
  cancel_url: 'http://127.0.0.1:4173/products/app?cancelled=1',
  client_reference_id: 'uid-ada',
  customer_email: 'ada@example.com',
  metadata: { orderId: 'order-1' },
  subscription_data: { metadata: { orderId: 'order-1', plan: 'growth' }, description: 'Mobile app — Growth plan' },
  line_items: [monthlyLine('Mobile app — Growth plan', 750_000)],
  ...overrides,
});

describe('a subscription-mode session', () => {
  it('is open and unpaid, with the recurring price in its line items', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 750_000,
      currency: 'usd',
      customer: null,
      subscription: null,
      customer_email: 'ada@example.com',
      client_reference_id: 'uid-ada',
      metadata: { orderId: 'order-1' },
      url: `${standIn.url}/c/pay/${session.id}`,
    });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({
      description: 'Mobile app — Growth plan',
      amount_total: 750_000,
      price: { type: 'recurring', unit_amount: 750_000, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
    });
    expect(items.data[0].price!.product).toMatch(/^prod_/);

    const expanded = await stripe.checkout.sessions.create(subscriptionParams({ expand: ['line_items'] }));
    expect(expanded.line_items?.data.map((item) => item.price?.recurring?.interval)).toEqual(['month']);
  });

  it('shows the price per month and a card number field on the hosted page', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<h1>Checkout</h1>');
    expect(html).toContain('$7,500.00 / month');
    expect(html).toMatch(
      /<label for="card-number">Card number<\/label>\s*<input id="card-number" name="card_number"[^>]*value="4242 4242 4242 4242"/,
    );
    expect(html).toMatch(/<button type="submit"[^>]*>Pay<\/button>/);
    expect(html).not.toMatch(/<script|(src|href)="https?:/);

    const yearly = await stripe.checkout.sessions.create(
      subscriptionParams({
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: 8_500_000, recurring: { interval: 'year' }, product_data: { name: 'Yearly plan' } },
          },
        ],
      }),
    );
    expect(await (await fetch(yearly.url!)).text()).toContain('$85,000.00 / year');
  });

  it('names what is wrong with subscription parameters', async () => {
    const oneTime = { quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'x' } } };
    const monthly = {
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: 1000, recurring: { interval: 'month' as const }, product_data: { name: 'x' } },
    };
    const refusal = (params: Stripe.Checkout.SessionCreateParams) =>
      stripe.checkout.sessions.create(params).catch((error: unknown) => error);

    expect(await refusal(subscriptionParams({ line_items: [oneTime] }))).toMatchObject({
      statusCode: 400,
      param: 'line_items',
      message: expect.stringContaining('recurring price'),
    });
    expect(await refusal(subscriptionParams({ mode: 'payment', subscription_data: undefined, line_items: [monthly] }))).toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price_data][recurring]',
      message: expect.stringContaining('You specified `payment` mode but passed a recurring price'),
    });
    expect(
      await refusal(
        subscriptionParams({
          line_items: [{ ...monthly, price_data: { ...monthly.price_data, recurring: { interval: 'fortnight' as 'month' } } }],
        }),
      ),
    ).toMatchObject({
      param: 'line_items[0][price_data][recurring][interval]',
    });
    expect(
      await refusal(
        subscriptionParams({
          line_items: [
            { ...monthly, price_data: { ...monthly.price_data, recurring: { interval_count: 2 } as unknown as { interval: 'month' } } },
          ],
        }),
      ),
    ).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][price_data][recurring][interval]',
    });
    expect(await refusal(subscriptionParams({ customer: 'cus_nobody' }))).toMatchObject({
      param: 'customer',
      message: 'You may only specify one of these parameters: customer, customer_email.',
    });
    expect(await refusal(subscriptionParams({ customer_email: undefined, customer: 'cus_nobody' }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_nobody'",
    });
    expect(await refusal(subscriptionParams({ mode: 'payment', line_items: [oneTime] }))).toMatchObject({ param: 'subscription_data' });
    expect(await refusal(subscriptionParams({ subscription_data: { trial_period_days: 7 } }))).toMatchObject({
      param: 'subscription_data[trial_period_days]',
      message: 'Received unknown parameter: subscription_data[trial_period_days]',
    });
    expect(await refusal(subscriptionParams({ expand: ['payment_link'] }))).toMatchObject({
      param: 'expand',
      message: 'This property cannot be expanded (payment_link).',
    });
    expect(standIn.sessions()).toHaveLength(0);
  });
});

describe('Pay on the hosted page', () => {
  it('creates the customer, its card, the subscription and its paid first invoice, and sends the events in Stripe’s order', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    const answer = await pay(session);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`http://127.0.0.1:4173/checkout/success?session_id=${session.id}`);

    // All delivered (and verifiable) before the buyer is sent back.
    const events = verifiedEvents({ firstDeliveryOnly: true });
    expect(events.map((event) => event.type)).toEqual(['customer.created', ...SUBSCRIPTION_PAID_EVENTS]);
    for (const event of events)
      expect(event).toMatchObject({
        object: 'event',
        api_version: '2026-10-28.endive',
        livemode: false,
        request: { id: null, idempotency_key: null },
      });

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer', 'line_items'] });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: { email: 'ada@example.com' },
      line_items: { object: 'list' },
    });
    const subscription = done.subscription as Stripe.Subscription;
    const customer = done.customer as Stripe.Customer;
    expect(subscription.id).toMatch(/^sub_/);
    expect(customer.id).toMatch(/^cus_/);
    expect(done.invoice).toBe(subscription.latest_invoice);

    // The subscription, as the SDK's type describes it at this API version.
    const item = subscription.items.data[0];
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      metadata: { orderId: 'order-1', plan: 'growth' },
      description: 'Mobile app — Growth plan',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      livemode: false,
      currency: 'usd',
      test_clock: customer.test_clock,
    });
    expect(subscription.billing_cycle_anchor).toBe(subscription.start_date);
    expect(subscription.created).toBe(subscription.start_date);
    expect(item).toMatchObject({
      object: 'subscription_item',
      quantity: 1,
      subscription: subscription.id,
      current_period_start: subscription.start_date,
      current_period_end: addMonths(subscription.start_date, 1),
      price: { unit_amount: 750_000, currency: 'usd', recurring: { interval: 'month', interval_count: 1 }, type: 'recurring' },
    });
    expect(String(item.price.unit_amount_decimal)).toBe('750000');

    // The customer: on its own test clock, with the card as its default.
    expect(customer).toMatchObject({ object: 'customer', email: 'ada@example.com', test_clock: expect.stringMatching(/^clock_/) });
    const clock = await stripe.testHelpers.testClocks.retrieve(customer.test_clock as string);
    expect(clock).toMatchObject({ status: 'ready', frozen_time: subscription.start_date });
    const card = (await stripe.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] })) as Stripe.Customer;
    const paymentMethod = card.invoice_settings.default_payment_method as Stripe.PaymentMethod;
    expect(paymentMethod).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit' },
    });
    expect(subscription.default_payment_method).toBe(paymentMethod.id);

    // The first invoice: paid, for the first period.
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      customer: customer.id,
      amount_due: 750_000,
      amount_paid: 750_000,
      amount_remaining: 0,
      currency: 'usd',
      billing_reason: 'subscription_create',
      attempt_count: 1,
      next_payment_attempt: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { orderId: 'order-1', plan: 'growth' } },
      },
      created: subscription.start_date,
    });
    expect(invoice.number).toMatch(/^[0-9A-F]{8}-0001$/);
    expect(invoice.lines.data).toEqual([
      expect.objectContaining({
        amount: 750_000,
        period: { start: item.current_period_start, end: item.current_period_end },
        description: '1 × Mobile app — Growth plan (at $7,500.00 / month)',
      }),
    ]);
    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain(`Invoice ${invoice.number}`);

    // Each event carries its object as it was then.
    const byType = (type: string) => events.filter((event) => event.type === type).map((event) => event.data);
    expect(byType('customer.updated')[0].previous_attributes).toEqual({ invoice_settings: { default_payment_method: null } });
    expect((byType('customer.subscription.created')[0].object as Stripe.Subscription).status).toBe('incomplete');
    expect((byType('invoice.created')[0].object as Stripe.Invoice).status).toBe('draft');
    expect((byType('invoice.finalized')[0].object as Stripe.Invoice).status).toBe('open');
    expect((byType('invoice.paid')[0].object as Stripe.Invoice).status).toBe('paid');
    const activated = byType('customer.subscription.updated')[0];
    expect(activated.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect(activated.previous_attributes).toEqual({ status: 'incomplete' });
    expect(byType('checkout.session.completed')[0].object).toMatchObject({
      id: session.id,
      subscription: subscription.id,
      customer: customer.id,
      payment_status: 'paid',
    });
  });

  it('bills an existing customer (created through the API, on its clock) and asks for no email', async () => {
    const customer = await stripe.customers.create({ email: 'bob@example.com', name: 'Bob', metadata: { uid: 'uid-bob' } });
    expect(customer.test_clock).toMatch(/^clock_/);
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: undefined, customer: customer.id }));
    expect(session.customer).toBe(customer.id);
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('Paying as bob@example.com');
    expect(html).not.toContain('name="email"');
    receiver.clear();

    expect((await pay(session, { card_number: '5555 5555 5555 4444' })).status).toBe(303);
    expect(receiver.types()).toEqual([...SUBSCRIPTION_PAID_EVENTS]);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ customer: customer.id, customer_details: { email: 'bob@example.com', name: 'Bob' } });
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription.id).toBe(done.subscription);
    const methods = await stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((method) => [method.card?.brand, method.card?.last4])).toEqual([['mastercard', '4444']]);
    expect(standIn.customers()).toHaveLength(1);
  });

  it('asks for the email when the session has none, and uses it for the new customer', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: undefined }));
    const html = await (await fetch(session.url!)).text();
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" autocomplete="email" required/);
    const missing = await pay(session, { card_number: '4242424242424242' });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('Enter your email address.');
    expect((await pay(session, { card_number: '4242424242424242', email: 'cleo@example.com' })).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect(done.customer_details?.email).toBe('cleo@example.com');
    expect((done.customer as Stripe.Customer).email).toBe('cleo@example.com');
  });

  it('refuses a declined card on the page and leaves the session open, with nothing created', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    for (const [number, status, message] of [
      ['4000 0000 0000 0002', 402, 'Your card was declined.'],
      // "Attaches, but charges fail": Checkout charges at once, so it is declined here.
      ['4000000000000341', 402, 'Your card was declined.'],
      ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
      ['4242 4242 4242 4241', 400, 'Your card number is invalid.'],
      ['4242', 400, 'Your card number is incomplete.'],
    ] as const) {
      const answer = await pay(session, { card_number: number });
      expect(answer.status, number).toBe(status);
      expect(answer.html).toContain(`<p class="error" role="alert">${message}</p>`);
      expect(answer.html).toContain(`value="${number}"`);
      expect(answer.html).toContain('<h1>Checkout</h1>');
    }
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
    });
    expect(receiver.received).toHaveLength(0);
    expect(standIn.customers()).toHaveLength(0);
    expect(standIn.subscriptions()).toHaveLength(0);

    expect((await pay(session)).status).toBe(303);
    expect(standIn.subscriptions()).toHaveLength(1);
  });

  it('in payment mode declines the test cards too, and Pay without a card number pays with 4242', async () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      success_url: SUCCESS_URL,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 129_900, product_data: { name: 'One-off' } } }],
    };
    const declined = await stripe.checkout.sessions.create(params);
    const answer = await pay(declined, { card_number: '4000 0000 0000 0002' });
    expect(answer.status).toBe(402);
    expect(answer.html).toContain('Your card was declined.');
    const paid = await stripe.checkout.sessions.create(params);
    expect((await pay(paid, {})).status).toBe(303); // no card_number field at all
    expect(receiver.types()).toEqual(['checkout.session.completed']);
  });

  it('keeps delivering when the webhook refuses some events: each is retried on its own, and Pay waits for them all', async () => {
    let refusals = 0;
    receiver.answer = (event) =>
      event.type === 'customer.subscription.created' && refusals++ === 0 ? 409 : event.type === 'invoice.paid' ? 500 : undefined;
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    expect((await pay(session)).status).toBe(303);

    const types = receiver.types();
    // The refused event's retry comes after later events: one refusal holds nothing up.
    expect(types.indexOf('invoice.created')).toBeLessThan(types.lastIndexOf('customer.subscription.created'));
    expect(new Set(types).size).toBe(10);
    const attempts = (type: string) =>
      standIn
        .deliveries()
        .filter((delivery) => delivery.eventType === type)
        .map((delivery) => delivery.status);
    expect(attempts('customer.subscription.created')).toEqual([409, 200]);
    expect(attempts('invoice.paid')).toEqual([500, 500, 500, 500]);
    expect(attempts('checkout.session.completed')).toEqual([200]);
  });

  it('replays a subscription session for the same Idempotency-Key', async () => {
    const first = await stripe.checkout.sessions.create(subscriptionParams(), { idempotencyKey: 'order-1' });
    const again = await stripe.checkout.sessions.create(subscriptionParams(), { idempotencyKey: 'order-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const changed = await stripe.checkout.sessions
      .create(subscriptionParams({ subscription_data: { metadata: { orderId: 'order-2' } } }), { idempotencyKey: 'order-1' })
      .catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
