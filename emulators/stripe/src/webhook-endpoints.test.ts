// The Stripe stand-in's webhook endpoints (`/v1/webhook_endpoints`), driven by the real `stripe`
// SDK: what creating one answers (its secret, once), what it refuses in Stripe's words, what an
// update may change (never the API version), and the events each endpoint is delivered, signed
// with its own secret at its own version, beside the stand-in's webhook URL.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookReceiver } from './peers.testing';
import { useStripeStandIn } from './stand-in.testing';

const { standIn, stripe, receiver, webhookSecret, settledEvents } = useStripeStandIn('webhook-endpoints');

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

/** A second receiver, for the endpoints the tests create. */
const endpointReceiver = new WebhookReceiver();
beforeAll(() => endpointReceiver.start());
afterAll(() => endpointReceiver.stop());
beforeEach(() => endpointReceiver.clear());

const OTHER_VERSION = '2025-03-31.basil';

/** What the endpoint's receiver got, verified with `secret` (the SDK throws on a wrong one). */
function receivedBy(secret: string): Stripe.Event[] {
  return endpointReceiver.received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, secret));
}

describe('webhook endpoints', () => {
  it('creates an endpoint with its events, version and metadata; only the creation answers its secret', async () => {
    const created = await stripe.webhookEndpoints.create({
      url: endpointReceiver.url,
      enabled_events: ['checkout.session.completed', 'invoice.paid'],
      api_version: OTHER_VERSION,
      description: 'Orders',
      metadata: { leopard: 'stripeWebhook' },
    });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: endpointReceiver.url,
      enabled_events: ['checkout.session.completed', 'invoice.paid'],
      api_version: OTHER_VERSION,
      description: 'Orders',
      metadata: { leopard: 'stripeWebhook' },
      status: 'enabled',
      livemode: false,
      application: null,
    });
    expect(created.id).toMatch(/^we_/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);

    const retrieved = await stripe.webhookEndpoints.retrieve(created.id);
    expect(retrieved).not.toHaveProperty('secret');
    expect(retrieved).toMatchObject({ id: created.id, api_version: OTHER_VERSION });
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((endpoint) => endpoint.id)).toEqual([created.id]);
    expect(listed.data[0]).not.toHaveProperty('secret');

    const plain = await stripe.webhookEndpoints.create({ url: endpointReceiver.url, enabled_events: ['*'] });
    expect(plain).toMatchObject({ api_version: null, description: null, metadata: {} });
    expect(plain.secret).not.toBe(created.secret);
  });

  it('refuses an event type Stripe does not have, in Stripe’s words, and a missing url or event list', async () => {
    const unknown = await refusal(
      stripe.webhookEndpoints.create({
        url: endpointReceiver.url,
        enabled_events: ['invoice.paid', 'invoice.teleported' as Stripe.WebhookEndpointCreateParams.EnabledEvent],
      }),
    );
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ statusCode: 400, param: 'enabled_events[1]' });
    expect((unknown as Error).message).toMatch(
      /^Invalid enabled_events\[1\]: must be one of account\.application\.authorized, account\.application\.deauthorized, /,
    );
    expect(await refusal(stripe.webhookEndpoints.create({ enabled_events: ['*'] } as Stripe.WebhookEndpointCreateParams))).toMatchObject({
      code: 'parameter_missing',
      param: 'url',
    });
    expect(
      await refusal(stripe.webhookEndpoints.create({ url: endpointReceiver.url } as Stripe.WebhookEndpointCreateParams)),
    ).toMatchObject({ code: 'parameter_missing', param: 'enabled_events' });
    expect(await stripe.webhookEndpoints.list()).toMatchObject({ data: [] });
  });

  it('updates the events, url, description, metadata and status, but never the API version', async () => {
    const created = await stripe.webhookEndpoints.create({ url: endpointReceiver.url, enabled_events: ['invoice.paid'] });
    const updated = await stripe.webhookEndpoints.update(created.id, {
      enabled_events: ['invoice.paid', 'charge.refunded'],
      url: `${endpointReceiver.url}?moved`,
      description: 'Moved',
      metadata: { leopard: 'stripeWebhook' },
      disabled: true,
    });
    expect(updated).toMatchObject({
      enabled_events: ['invoice.paid', 'charge.refunded'],
      url: `${endpointReceiver.url}?moved`,
      description: 'Moved',
      metadata: { leopard: 'stripeWebhook' },
      status: 'disabled',
    });
    expect(updated).not.toHaveProperty('secret');
    expect(await stripe.webhookEndpoints.update(created.id, { disabled: false })).toMatchObject({ status: 'enabled' });

    const version = await refusal(
      stripe.webhookEndpoints.update(created.id, { api_version: OTHER_VERSION } as Stripe.WebhookEndpointUpdateParams),
    );
    expect(version).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'api_version',
      message: 'Received unknown parameter: api_version',
    });
    expect(await stripe.webhookEndpoints.retrieve(created.id)).toMatchObject({ api_version: null });
  });

  it('deletes an endpoint; then it is no such webhook_endpoint', async () => {
    const created = await stripe.webhookEndpoints.create({ url: endpointReceiver.url, enabled_events: ['*'] });
    expect(await stripe.webhookEndpoints.del(created.id)).toMatchObject({ id: created.id, object: 'webhook_endpoint', deleted: true });
    expect(await refusal(stripe.webhookEndpoints.retrieve(created.id))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: `No such webhook_endpoint: '${created.id}'`,
    });
  });
});

describe('delivery to webhook endpoints', () => {
  it('sends an endpoint the types it enabled, signed with its secret, at its API version; the webhook URL still gets everything', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: endpointReceiver.url,
      enabled_events: ['customer.created'],
      api_version: OTHER_VERSION,
    });
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    await stripe.customers.update(customer.id, { name: 'Ada' });
    await standIn.settled();

    const atEndpoint = receivedBy(endpoint.secret!);
    expect(atEndpoint.map((event) => [event.type, event.api_version])).toEqual([['customer.created', OTHER_VERSION]]);
    // The same event (same id), signed for the endpoint only: the stand-in's own secret does not verify it.
    const own = (await settledEvents()).find((event) => event.type === 'customer.created')!;
    expect(atEndpoint[0].id).toBe(own.id);
    expect(own.api_version).toBe(Stripe.API_VERSION);
    const [delivered] = endpointReceiver.received;
    expect(() => stripe.webhooks.constructEvent(delivered.body, delivered.signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(receiver.types()).toEqual(expect.arrayContaining(['customer.created', 'customer.updated']));
    expect(standIn.deliveries().filter((delivery) => delivery.url === endpointReceiver.url)).toMatchObject([
      { eventType: 'customer.created', status: 200, ok: true },
    ]);
  });

  it('sends every type to `*`, keeps an endpoint’s own version when it has none, and sends nothing to a disabled or deleted one', async () => {
    const all = await stripe.webhookEndpoints.create({ url: endpointReceiver.url, enabled_events: ['*'] });
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    await standIn.settled();
    const types = receivedBy(all.secret!).map((event) => [event.type, event.api_version]);
    expect(types).toContainEqual(['customer.created', Stripe.API_VERSION]);
    expect(types).toHaveLength(receiver.received.length);

    endpointReceiver.clear();
    await stripe.webhookEndpoints.update(all.id, { disabled: true });
    await stripe.customers.update(customer.id, { name: 'Ada' });
    await stripe.webhookEndpoints.del(all.id);
    await stripe.customers.update(customer.id, { name: 'Ada Lovelace' });
    await standIn.settled();
    expect(endpointReceiver.received).toEqual([]);
    expect(receiver.types().filter((type) => type === 'customer.updated')).toHaveLength(2);
  });

  it('counts each endpoint in the event’s pending_webhooks', async () => {
    await stripe.webhookEndpoints.create({ url: endpointReceiver.url, enabled_events: ['customer.created'] });
    await stripe.customers.create({ email: 'ada@example.com' });
    expect((await settledEvents('customer.created'))[0].pending_webhooks).toBe(2);
  });
});
