import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { reportedStatus } from './webhook';

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

  it('ignores every other event type', () => {
    expect(reportedStatus(event('payment_intent.succeeded'))).toBeNull();
    expect(reportedStatus(event('customer.created'))).toBeNull();
  });
});
