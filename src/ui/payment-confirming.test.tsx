import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_CONFIRMING } from '@/catalog/subscription';
import { isConfirmingPayment, PaymentConfirmingNote } from './payment-confirming';

const LATE = /This is taking longer than usual/;

describe('PaymentConfirmingNote', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('says nothing more for the first minute, then what to do, in a polite live region', async () => {
    render(<PaymentConfirmingNote since={Date.now()} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CONFIRMING.lateAfterMs - 1000));
    expect(region).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(region).toHaveTextContent(LATE);
    expect(region).toHaveTextContent('no need to pay again');
    expect(screen.getByRole('link', { name: /support@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('an order waiting for longer than a minute already says what to do', async () => {
    render(<PaymentConfirmingNote since={Date.now() - 5 * 60_000} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status')).toHaveTextContent(LATE);
  });
});

describe('isConfirmingPayment', () => {
  const checkout = { billingPeriod: 'monthly' as const, amountPerPeriod: 750_000, termPayments: 12 };
  const returned = { checkoutCompletedAt: 1_795_000_000_000 };
  const left = { checkoutCompletedAt: null };
  it('is true for a subscription order the buyer came back to after Pay and the webhook has not settled', () => {
    expect(isConfirmingPayment({ paymentStatus: 'unpaid', subscription: checkout, ...returned })).toBe(true);
  });
  it('is true while Stripe has started the subscription and its payment is pending, whether or not the return was recorded', () => {
    expect(isConfirmingPayment({ paymentStatus: 'unpaid', subscription: { ...checkout, subscriptionStatus: 'incomplete' }, ...left })).toBe(
      true,
    );
  });
  it('is false for a checkout left on Stripe’s page before Pay: that is Not paid yet, not a payment being confirmed', () => {
    expect(isConfirmingPayment({ paymentStatus: 'unpaid', subscription: checkout, ...left })).toBe(false);
  });
  it('is false once settled, for an expired or failed checkout, and for an order without a subscription', () => {
    expect(isConfirmingPayment({ paymentStatus: 'paid', subscription: { ...checkout, subscriptionStatus: 'active' }, ...returned })).toBe(
      false,
    );
    expect(isConfirmingPayment({ paymentStatus: 'expired', subscription: checkout, ...returned })).toBe(false);
    expect(isConfirmingPayment({ paymentStatus: 'failed', subscription: checkout, ...returned })).toBe(false);
    expect(isConfirmingPayment({ paymentStatus: 'unpaid', subscription: null, ...returned })).toBe(false);
  });
});
