// The Stripe stand-in (emulators/stripe) driven by the real `stripe` SDK, as the cloud functions
// drive it, plus its hosted checkout page and signed webhooks, checked with the SDK's own verifier.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { start } from './server';
import { useStripeStandIn } from './stand-in.testing';

const { receiver, standIn, stripe, secretKey, webhookSecret, verifiedEvents } = useStripeStandIn('stand-in');

const sessionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  success_url: 'http://127.0.0.1:4173/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://127.0.0.1:4173/products/app?cancelled=1',
  client_reference_id: 'order-123',
  customer_email: 'ada@example.com',
  metadata: { orderId: 'order-123' },
  line_items: [
    {
      quantity: 1,
      price_data: {
        currency: 'usd',
        unit_amount: 129_900,
        product_data: { name: 'Mobile app — Growth plan, billed monthly', images: ['http://127.0.0.1:4173/images/app.png'] },
      },
    },
  ],
  ...overrides,
});

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('Checkout Sessions API', () => {
  it('creates an open, unpaid session with a hosted checkout URL and the fields we sent', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await stripe.checkout.sessions.create(sessionParams());
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 129_900,
      amount_total: 129_900,
      currency: 'usd',
      client_reference_id: 'order-123',
      customer_email: 'ada@example.com',
      metadata: { orderId: 'order-123' },
      success_url: 'http://127.0.0.1:4173/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:4173/products/app?cancelled=1',
      livemode: false,
      payment_intent: null,
      url: `${standIn.url}/c/pay/${session.id}`,
    });
    expect(session.created).toBeGreaterThanOrEqual(before);
    expect(session.expires_at).toBe(session.created + 24 * 60 * 60);
    // Naming no payment methods offers the Dashboard's, bank debits among them, as Stripe does.
    expect(session).toMatchObject({ allowed_payment_method_types: null, payment_method_types: ['card', 'link', 'us_bank_account'] });
    expect(session.lastResponse.requestId).toMatch(/^req_/);
  });

  it('narrows the payment methods to allowed_payment_method_types, and takes no payment_method_types (gone from this API version)', async () => {
    const cardOnly = await stripe.checkout.sessions.create(sessionParams({ allowed_payment_method_types: ['card'] }));
    expect(cardOnly).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
    const nothingOn = await stripe.checkout.sessions
      .create(sessionParams({ allowed_payment_method_types: ['klarna'] }))
      .catch((e: unknown) => e);
    expect(nothingOn).toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
    const removed = await stripe.checkout.sessions
      .create({ ...sessionParams(), payment_method_types: ['card'] } as Stripe.Checkout.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(removed).toMatchObject({
      statusCode: 400,
      param: 'payment_method_types',
      message: 'Received unknown parameter: payment_method_types',
    });
  });

  it('retrieves a session and its line items', async () => {
    const created = await stripe.checkout.sessions.create(sessionParams({ metadata: { orderId: 'o-retrieve' } }));
    const retrieved = await stripe.checkout.sessions.retrieve(created.id);
    expect(retrieved.id).toBe(created.id);
    expect(retrieved.metadata).toEqual({ orderId: 'o-retrieve' });
    const items = await stripe.checkout.sessions.listLineItems(created.id);
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({ description: 'Mobile app — Growth plan, billed monthly', quantity: 1, amount_total: 129_900 });
  });

  it('replays the same session for the same Idempotency-Key and parameters', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'order-123-attempt' });
    const again = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'order-123-attempt' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.sessions()).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key with different parameters (StripeIdempotencyError)', async () => {
    await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'reused-key' });
    const error = await stripe.checkout.sessions
      .create(sessionParams({ client_reference_id: 'another-order' }), { idempotencyKey: 'reused-key' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(400);
    expect((error as Error).message).toContain("Try using a key other than 'reused-key'");
  });

  it('refuses a wrong API key and a missing one (StripeAuthenticationError)', async () => {
    const wrong = new Stripe('sk_test_wrong_key_9876', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
    const error = await wrong.checkout.sessions.create(sessionParams()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+9876$/);

    const anonymous = await fetch(`${standIn.url}/v1/checkout/sessions/cs_test_x`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('request-id')).toMatch(/^req_/);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/^You did not provide an API key/);
    expect(standIn.sessions()).toHaveLength(0);
  });

  it('names the missing and the unknown parameter (StripeInvalidRequestError with param)', async () => {
    const { success_url: _omitted, ...withoutSuccessUrl } = sessionParams();
    const missing = await stripe.checkout.sessions
      .create(withoutSuccessUrl as Stripe.Checkout.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'success_url' });

    const unknown = await stripe.checkout.sessions
      .create({ ...sessionParams(), colour: 'blue' } as Stripe.Checkout.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, param: 'colour', message: 'Received unknown parameter: colour' });

    const nested = await stripe.checkout.sessions
      .create(
        sessionParams({
          line_items: [
            { quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'x' }, tax_behavior: 'inclusive' } },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(nested).toMatchObject({ param: 'line_items[0][price_data][tax_behavior]' });
  });

  it('checks amounts: integers only, and at least 50 cents in total', async () => {
    const item = (unit_amount: unknown) => ({
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: unit_amount as number, product_data: { name: 'x' } },
    });
    const fractional = await stripe.checkout.sessions.create(sessionParams({ line_items: [item(10.5)] })).catch((e: unknown) => e);
    expect(fractional).toMatchObject({ statusCode: 400, param: 'line_items[0][price_data][unit_amount]' });
    const negative = await stripe.checkout.sessions.create(sessionParams({ line_items: [item(-100)] })).catch((e: unknown) => e);
    expect(negative).toMatchObject({ statusCode: 400, param: 'line_items[0][price_data][unit_amount]' });
    const tooSmall = await stripe.checkout.sessions.create(sessionParams({ line_items: [item(49)] })).catch((e: unknown) => e);
    expect(tooSmall).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooSmall).toMatchObject({ code: 'amount_too_small' });
    expect((tooSmall as Error).message).toContain('$0.50');
    await expect(stripe.checkout.sessions.create(sessionParams({ line_items: [item(50)] }))).resolves.toMatchObject({ amount_total: 50 });
  });

  it('answers 404 resource_missing for an unknown session', async () => {
    const error = await stripe.checkout.sessions.retrieve('cs_test_doesnotexist').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_doesnotexist'" });
  });

  it('answers malformed bodies with a Stripe error instead of failing', async () => {
    const post = (body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(`${standIn.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': type },
        body,
      });
    for (const response of [
      await post('line_items[0=x'),
      await post('mode=payment&mode[x]=y'),
      await post('{"mode":"payment"}', 'application/json'),
      await post('x'.repeat(300_000)),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    }
    expect((await stripe.checkout.sessions.create(sessionParams())).status).toBe('open');
  });
});

describe('starting it', () => {
  it('refuses a webhook URL without the secret that signs its deliveries', async () => {
    await expect(start({ port: 0, quiet: true, secretKey, webhookUrl: receiver.url })).rejects.toThrow(
      'webhookSecret is required with webhookUrl',
    );
  });
});

describe('hosted checkout page', () => {
  it('shows the product, the amount in dollars, a test-mode banner, and Pay/Cancel buttons', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('Mobile app — Growth plan, billed monthly');
    expect(html).toContain('$1,299.00');
    expect(html).toContain('Test mode');
    // The Pay form carries the card number (Stripe's test card by default).
    expect(html).toMatch(
      /<form method="post" action="\/c\/pay\/[^"]+\/pay">[^]*<label for="card-number">Card number<\/label>[^]*<button type="submit"[^>]*>Pay<\/button>/,
    );
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toMatch(/<form method="post" action="\/c\/pay\/[^"]+\/cancel"><button type="submit"[^>]*>Cancel<\/button>/);
    expect(html).not.toMatch(/<script|src="http|href="http/);
  });

  it('answers an unknown session with a 404 page', async () => {
    const response = await fetch(`${standIn.url}/c/pay/cs_test_unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Checkout not found</h1>');
  });

  it('Pay completes the session, delivers a verifiable checkout.session.completed, then redirects to success_url', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:4173/checkout/success?session_id=${session.id}`);

    // Delivered before the redirect: the shop has heard by the time the buyer is back.
    expect(receiver.received).toHaveLength(1);
    const { body, signature } = receiver.received[0];
    const event = stripe.webhooks.constructEvent(body, signature, webhookSecret);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.id).toMatch(/^evt_/);
    expect(event).toMatchObject({ object: 'event', livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null } });
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { orderId: 'order-123' },
      amount_total: 129_900,
    });
    expect(paid.payment_intent).toMatch(/^pi_/);
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_some_other_secret')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
    });
    expect(standIn.deliveries()).toEqual([expect.objectContaining({ eventId: event.id, status: 200, ok: true, attempt: 1 })]);

    const twice = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('already been paid');
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a delivery the webhook answers with 500, until it is accepted', async () => {
    receiver.answers = [500, 200];
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect(standIn.deliveries().map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
  });

  it('gives up after three retries and still sends the buyer back', async () => {
    receiver.answers = [500, 502, 503, 500];
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(standIn.deliveries().map((d) => d.status)).toEqual([500, 502, 503, 500]);
  });

  it('Cancel redirects to cancel_url and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await fetch(`${standIn.url}/c/pay/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:4173/products/app?cancelled=1');
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('events and test controls', () => {
  it('expire closes an open session and sends checkout.session.expired; a second expire is refused', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    const delivered = await waitFor(() => receiver.received[0], 'the expired event');
    const event = stripe.webhooks.constructEvent(delivered.body, delivered.signature, webhookSecret);
    expect(event.type).toBe('checkout.session.expired');
    expect((event.data.object as Stripe.Checkout.Session).status).toBe('expired');

    const again = await stripe.checkout.sessions.expire(session.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((again as Error).message).toContain('This Checkout Session has a status of `expired`');
    const page = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(409);
  });

  it('resends an event as-is: the receiver sees the same event id twice, both signed', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    const [event] = (await (await fetch(`${standIn.url}/__events`)).json()) as Stripe.Event[];
    expect(event.type).toBe('checkout.session.completed');
    const resend = await fetch(`${standIn.url}/__events/${event.id}/resend`, { method: 'POST' });
    expect(resend.status).toBe(200);
    expect(receiver.received).toHaveLength(2);
    const ids = verifiedEvents().map((event) => event.id);
    expect(ids).toEqual([event.id, event.id]);
    expect(((await (await fetch(`${standIn.url}/__deliveries`)).json()) as unknown[]).length).toBe(2);
  });

  it('/__control makes the next session creations fail with the given Stripe error', async () => {
    const control = await fetch(`${standIn.url}/__control`, {
      method: 'POST',
      body: JSON.stringify({ fail: { status: 500, type: 'api_error', message: 'Stripe is having a bad day', times: 1 } }),
    });
    expect(control.status).toBe(200);
    const error = await stripe.checkout.sessions.create(sessionParams()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 500, message: 'Stripe is having a bad day' });
    await expect(stripe.checkout.sessions.create(sessionParams())).resolves.toMatchObject({ status: 'open' });
  });

  it('/__control with match fails only the creations it names', async () => {
    standIn.fail({
      status: 402,
      type: 'card_error',
      message: 'declined for plan gold',
      times: 1,
      match: { 'metadata[plan]': 'gold', customer_email: 'ada@example.com' },
    });
    await expect(stripe.checkout.sessions.create(sessionParams({ metadata: { orderId: 'o-1', plan: 'earth' } }))).resolves.toMatchObject({
      status: 'open',
    });
    await expect(
      stripe.checkout.sessions.create(sessionParams({ metadata: { orderId: 'o-2', plan: 'gold' }, customer_email: 'bob@example.com' })),
    ).resolves.toMatchObject({ status: 'open' });
    const error = await stripe.checkout.sessions
      .create(sessionParams({ metadata: { orderId: 'o-3', plan: 'gold' } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ message: 'declined for plan gold' });
    await expect(stripe.checkout.sessions.create(sessionParams({ metadata: { orderId: 'o-4', plan: 'gold' } }))).resolves.toMatchObject({
      status: 'open',
    });
  });

  it('the hosted page needs nothing from the network, not even a favicon', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('a controlled 5xx is kept under its Idempotency-Key, so the SDK’s own retries see it too', async () => {
    standIn.fail({ status: 503, type: 'api_error', message: 'Try again later', times: 1 });
    const retrying = new Stripe(secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 1 });
    const error = await retrying.checkout.sessions.create(sessionParams()).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 503, message: 'Try again later' });
    expect(standIn.sessions()).toHaveLength(0);

    await fetch(`${standIn.url}/__control`, {
      method: 'POST',
      body: JSON.stringify({ fail: { status: 402, type: 'card_error', message: 'declined' } }),
    });
    await fetch(`${standIn.url}/__control`, { method: 'DELETE' });
    await expect(stripe.checkout.sessions.create(sessionParams())).resolves.toMatchObject({ status: 'open' });
  });

  it('/__reset forgets sessions and events', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(session.id);
    expect((await fetch(`${standIn.url}/__reset`, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(`${standIn.url}/__sessions`)).json()).toEqual([]);
    expect(await (await fetch(`${standIn.url}/__events`)).json()).toEqual([]);
    await expect(stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
