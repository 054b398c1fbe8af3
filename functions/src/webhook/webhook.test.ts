import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HANDLED_EVENT_TYPES, reportedStatus, routeEvent } from './webhook-events';

const event = (type: string, payment_status = 'unpaid') =>
  ({ type, data: { object: { object: 'checkout.session', payment_status } } }) as unknown as Pick<Stripe.Event, 'type' | 'data'>;

describe('reportedStatus', () => {
  it('reads a completed session as paid only when its payment is', () => {
    expect(reportedStatus(event('checkout.session.completed', 'paid'))).toBe('paid');
    // A delayed method (e.g. a bank debit): completed, still unpaid until the async event.
    expect(reportedStatus(event('checkout.session.completed', 'unpaid'))).toBe('unpaid');
  });

  it('maps the async and expiry events', () => {
    expect(reportedStatus(event('checkout.session.async_payment_succeeded'))).toBe('paid');
    expect(reportedStatus(event('checkout.session.async_payment_failed'))).toBe('failed');
    expect(reportedStatus(event('checkout.session.expired'))).toBe('expired');
  });

  it('reports no status for events that are not Checkout’s', () => {
    expect(reportedStatus(event('payment_intent.succeeded'))).toBeNull();
    expect(reportedStatus(event('invoice.paid'))).toBeNull();
  });
});

const ORDER_ID = '-NabcdefghijklmnopqR';

function stripeEvent(type: string, object: Record<string, unknown>, id = 'evt_test_1') {
  return { id, type, data: { object } } as unknown as Stripe.Event;
}

describe('routeEvent', () => {
  it('ignores event types the webhook does not handle', () => {
    expect(routeEvent(stripeEvent('customer.created', { id: 'cus_1' }))).toBeNull();
    expect(routeEvent(stripeEvent('payment_intent.succeeded', { id: 'pi_1' }))).toBeNull();
  });

  it('routes a completed subscription Checkout to its session, order and reported status', () => {
    const session = { id: 'cs_test_1', payment_status: 'paid', metadata: { orderId: ORDER_ID }, subscription: 'sub_1' };
    expect(routeEvent(stripeEvent('checkout.session.completed', session))).toEqual({
      ok: true,
      eventId: 'evt_test_1',
      subject: { kind: 'checkout-session', sessionId: 'cs_test_1', orderId: ORDER_ID, reported: 'paid', session },
    });
  });

  it('routes invoices to their subscription (string or expanded), and an invoice of no subscription to none', () => {
    const parent = (subscription: unknown) => ({ type: 'subscription_details', subscription_details: { subscription, metadata: {} } });
    for (const type of ['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']) {
      expect(routeEvent(stripeEvent(type, { id: 'in_1', parent: parent('sub_1') }))).toMatchObject({
        ok: true,
        subject: { kind: 'subscription', subscriptionId: 'sub_1' },
      });
    }
    expect(routeEvent(stripeEvent('invoice.paid', { id: 'in_1', parent: parent({ id: 'sub_2' }) }))).toMatchObject({
      subject: { subscriptionId: 'sub_2' },
    });
    expect(routeEvent(stripeEvent('invoice.paid', { id: 'in_1', parent: null }))).toMatchObject({
      ok: true,
      subject: { kind: 'subscription', subscriptionId: null },
    });
  });

  it('routes an invoice’s own changes to the invoice alone, and the payments to the subscription with the invoice', () => {
    for (const type of ['invoice.created', 'invoice.finalized', 'invoice.updated', 'invoice.voided', 'invoice.marked_uncollectible']) {
      expect(routeEvent(stripeEvent(type, { id: 'in_1' }))).toMatchObject({ ok: true, subject: { kind: 'invoice', invoiceId: 'in_1' } });
    }
    expect(routeEvent(stripeEvent('invoice.finalized', { id: 'in_1/../x' }))).toMatchObject({ ok: false, field: 'data.object.id' });
    expect(
      routeEvent(stripeEvent('invoice.paid', { id: 'in_2', parent: { subscription_details: { subscription: 'sub_1' } } })),
    ).toMatchObject({ subject: { kind: 'subscription', subscriptionId: 'sub_1', invoiceId: 'in_2' } });
  });

  it('routes subscription events to the subscription, customer and payment-method events to the customer', () => {
    for (const type of ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']) {
      expect(routeEvent(stripeEvent(type, { id: 'sub_1' }))).toMatchObject({
        ok: true,
        subject: { kind: 'subscription', subscriptionId: 'sub_1' },
      });
    }
    expect(routeEvent(stripeEvent('customer.updated', { id: 'cus_1' }))).toMatchObject({
      ok: true,
      subject: { kind: 'customer', customerId: 'cus_1' },
    });
    expect(routeEvent(stripeEvent('payment_method.attached', { id: 'pm_1', customer: 'cus_1' }))).toMatchObject({
      ok: true,
      subject: { kind: 'customer', customerId: 'cus_1' },
    });
    expect(routeEvent(stripeEvent('payment_method.attached', { id: 'pm_1', customer: null }))).toMatchObject({
      ok: true,
      subject: { kind: 'customer', customerId: null },
    });
  });

  it.each([
    ['an event id that is no key', stripeEvent('invoice.paid', { id: 'in_1', parent: null }, 'evt_a/b'), 'id'],
    ['an empty event id', stripeEvent('customer.updated', { id: 'cus_1' }, ''), 'id'],
    ['a session id with a slash', stripeEvent('checkout.session.completed', { id: 'cs_a/b' }), 'data.object.id'],
    [
      'an order id of 21 characters',
      stripeEvent('checkout.session.expired', { id: 'cs_1', metadata: { orderId: `${ORDER_ID}x` } }),
      'data.object.metadata.orderId',
    ],
    [
      'a session whose subscription is no id',
      stripeEvent('checkout.session.completed', { id: 'cs_1', subscription: 'sub_../x' }),
      'data.object.subscription',
    ],
    [
      'an invoice whose subscription is no id',
      stripeEvent('invoice.paid', { id: 'in_1', parent: { subscription_details: { subscription: '../x' } } }),
      'data.object.parent.subscription_details.subscription',
    ],
    ['a subscription event without a sub_ id', stripeEvent('customer.subscription.updated', { id: 'cus_1' }), 'data.object.id'],
    ['a customer event without a cus_ id', stripeEvent('customer.updated', { id: '' }), 'data.object.id'],
    [
      'a payment method whose customer is no id',
      stripeEvent('payment_method.attached', { id: 'pm_1', customer: 'cus_$' }),
      'data.object.customer',
    ],
  ])('refuses %s, naming the field', (_label, input, field) => {
    expect(routeEvent(input)).toMatchObject({ ok: false, field });
  });
});

/** README's "Deploying" section, up to the next section. */
function deployingSection(readme: string): string {
  const start = readme.indexOf('\n## Deploying');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('HANDLED_EVENT_TYPES', () => {
  it('is the one list: the runbook sends the operator to npm run stripe:webhook, which reads it, and copies no event type by hand', () => {
    const deploying = deployingSection(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8'));
    expect(deploying).toContain('npm run stripe:webhook');
    expect(HANDLED_EVENT_TYPES.filter((type) => deploying.includes(`\`${type}\``))).toEqual([]);
  });

  it('is every type the webhook acts on: any other is ignored before its object is read', () => {
    for (const type of HANDLED_EVENT_TYPES) expect(routeEvent(stripeEvent(type, {})), type).not.toBeNull();
    for (const type of ['payment_intent.succeeded', 'invoice.upcoming', 'customer.deleted', 'charge.succeeded']) {
      expect(routeEvent(stripeEvent(type, { id: 'x' })), type).toBeNull();
    }
  });
});
