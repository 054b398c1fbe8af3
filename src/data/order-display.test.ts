import { describe, expect, it } from 'vitest';
import { isRemovedByBuyer, orderStatus, paymentIssue, paymentIssueLines } from './order-display';
import { tradeInLine } from './trade-in';
import { toOrders, type StoredOrder } from './orders';
import { PAID_MONTHLY_EARTH } from './orders.testing';

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 9, 30);

/** A paid, active monthly Earth plan as the webhook leaves it, with `fields` on top. */
function stored(fields: StoredOrder = {}): StoredOrder {
  return {
    ...PAID_MONTHLY_EARTH,
    productAmount: 750_000,
    amountPerPeriod: 750_000,
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    paymentsMade: 2,
    currentPeriodEnd: T0 + 60 * DAY_MS,
    termEndsAt: T0 + 365 * DAY_MS,
    createdAt: T0,
    ...fields,
  };
}

const read = (fields: StoredOrder) => toOrders({ '-Order00000000000001': stored(fields) })[0]!;

const refund = (amountRefunded: number, chargedAt: number, chargeAmount = 750_000) => ({
  amountRefunded,
  chargeAmount,
  chargedAt,
  fetchedAt: chargedAt + 1,
});

describe('refunds and disputes on an order', () => {
  it('a plan with none says its own status', () => {
    expect(orderStatus(read({}))).toEqual({ label: 'Active', tone: 'good' });
    expect(paymentIssue(read({}))).toBeNull();
  });

  it('a full refund of the latest refunded payment says Refunded; a partial one the amounts', () => {
    expect(orderStatus(read({ refunds: { ch_a: refund(750_000, T0) } }))).toEqual({ label: 'Refunded', tone: 'over' });
    expect(orderStatus(read({ refunds: { ch_a: refund(25_000, T0) } }))).toEqual({
      label: 'Refunded $250.00 of $7,500.00',
      tone: 'waiting',
    });
    // Two payments refunded: the newer charge speaks for the order.
    const both = read({ refunds: { ch_old: refund(750_000, T0), ch_new: refund(100, T0 + 30 * DAY_MS) } });
    expect(both.refunds.map((entry) => entry.chargeId)).toEqual(['ch_new', 'ch_old']);
    expect(orderStatus(both).label).toBe('Refunded $1.00 of $7,500.00');
    expect(paymentIssueLines(both)).toEqual(['Refunded $1.00 of $7,500.00', 'Refunded $7,500.00']);
  });

  it('an open dispute says Disputed over everything; lost says Dispute lost; won leaves the plan’s status', () => {
    const dispute = (status: string) => ({ dp_1: { chargeId: 'ch_a', status, amount: 750_000, fetchedAt: T0 } });
    for (const open of ['needs_response', 'under_review', 'warning_needs_response']) {
      expect(orderStatus(read({ disputes: dispute(open), refunds: { ch_b: refund(1, T0) } }))).toEqual({
        label: 'Disputed',
        tone: 'failed',
      });
    }
    expect(orderStatus(read({ disputes: dispute('lost') }))).toEqual({ label: 'Dispute lost', tone: 'failed' });
    expect(orderStatus(read({ disputes: dispute('won') }))).toEqual({ label: 'Active', tone: 'good' });
    expect(paymentIssueLines(read({ disputes: dispute('won') }))).toEqual(['Dispute won']);
    expect(paymentIssueLines(read({ disputes: dispute('needs_response') }))).toEqual(['Disputed $7,500.00']);
  });

  it('leaves out entries it cannot read rather than guess', () => {
    const order = read({
      refunds: { ch_a: { amountRefunded: 'lots' }, ch_b: 'junk', ch_c: refund(0, T0) } as never,
      disputes: { dp_1: { status: 'lost' }, dp_2: null } as never,
    });
    expect(order.refunds).toEqual([]);
    expect(order.disputes).toEqual([]);
    expect(orderStatus(order).label).toBe('Active');
  });
});

describe('the declared trade-in', () => {
  it('says the platform and the state: awaiting review, being credited, credited with the amount, declined', () => {
    const declared = { applicationExist: true, modelExistsOn: 'wordpress' };
    const line = (fields: Record<string, unknown>) => {
      const { declaredTradeIn } = read(fields);
      return declaredTradeIn && tradeInLine(declaredTradeIn);
    };
    expect(line(declared)).toBe('Trade-in: WordPress — awaiting review');
    expect(line({ ...declared, tradeIn: { status: 'crediting', amount: 75_000 } })).toBe('Trade-in: WordPress — being credited');
    expect(line({ ...declared, tradeIn: { status: 'credited', amount: 75_000, creditedAt: T0, creditedBy: 'uid-admin' } })).toBe(
      'Trade-in: WordPress — credited $750',
    );
    expect(line({ ...declared, tradeIn: { status: 'declined', amount: 0, declinedAt: T0, declinedBy: 'uid-admin' } })).toBe(
      'Trade-in: WordPress — declined',
    );
    // A state nobody writes reads as not decided yet; no trade-in declared, no line.
    expect(line({ ...declared, tradeIn: { status: 'given' } })).toBe('Trade-in: WordPress — awaiting review');
    expect(line({ applicationExist: false })).toBeNull();
  });
});

describe('an order its buyer removed', () => {
  const unpaid = { payment_status: 'expired', subscriptionStatus: undefined, subscriptionId: undefined, paymentsMade: undefined };
  it('is left out once removed, and not before', () => {
    expect(isRemovedByBuyer(read({ ...unpaid, removedAt: T0 }))).toBe(true);
    expect(isRemovedByBuyer(read(unpaid))).toBe(false);
  });

  it('shows again when Stripe says it was paid after all (an expiry heard before the payment)', () => {
    expect(isRemovedByBuyer(read({ removedAt: T0 }))).toBe(false);
    expect(isRemovedByBuyer(read({ ...unpaid, payment_status: 'paid', removedAt: T0 }))).toBe(false);
  });
});
