import { describe, expect, it } from 'vitest';
import { nextPaymentStatus, PAYMENT_STATUSES, type PaymentStatus } from './payment-status';

// Every (status now, status reported) pair, with the status the order must end with.
const EXPECTED: Record<PaymentStatus, Record<PaymentStatus, PaymentStatus>> = {
  unpaid: { unpaid: 'unpaid', paid: 'paid', expired: 'expired', failed: 'failed' },
  // paid is final: a late expired/failed (or a pending completed) never downgrades it.
  paid: { unpaid: 'paid', paid: 'paid', expired: 'paid', failed: 'paid' },
  // Money that arrived wins over an earlier expiry or failure heard first; nothing else moves it.
  expired: { unpaid: 'expired', paid: 'paid', expired: 'expired', failed: 'expired' },
  failed: { unpaid: 'failed', paid: 'paid', expired: 'failed', failed: 'failed' },
};

describe('nextPaymentStatus', () => {
  for (const current of PAYMENT_STATUSES) {
    for (const reported of PAYMENT_STATUSES) {
      it(`${current} + event reporting ${reported} → ${EXPECTED[current][reported]}`, () => {
        expect(nextPaymentStatus(current, reported)).toBe(EXPECTED[current][reported]);
      });
    }
  }

  it('is idempotent: applying the same event twice ends where applying it once does', () => {
    for (const current of PAYMENT_STATUSES) {
      for (const reported of PAYMENT_STATUSES) {
        const once = nextPaymentStatus(current, reported);
        expect(nextPaymentStatus(once, reported)).toBe(once);
      }
    }
  });

  it('ends paid whatever order paid and expired arrive in', () => {
    expect(nextPaymentStatus(nextPaymentStatus('unpaid', 'paid'), 'expired')).toBe('paid');
    expect(nextPaymentStatus(nextPaymentStatus('unpaid', 'expired'), 'paid')).toBe('paid');
  });

  it('keeps the first of expired and failed', () => {
    expect(nextPaymentStatus(nextPaymentStatus('unpaid', 'failed'), 'expired')).toBe('failed');
    expect(nextPaymentStatus(nextPaymentStatus('unpaid', 'expired'), 'failed')).toBe('expired');
  });
});
