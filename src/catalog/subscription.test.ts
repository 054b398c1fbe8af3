import { describe, expect, it } from 'vitest';
import { PRICED_PLANS, PRICE_TABLE } from './plan-table.testing';
import type { PricedPlanId } from './plans';
import {
  paymentsLabel,
  periodSuffix,
  recurringPrice,
  subscriptionState,
  subscriptionStatusLabel,
  termEnd,
  type OrderSubscription,
} from './subscription';

describe('recurringPrice', () => {
  it('bills every plan × period × add-on combination as a 12-month term: 12 monthly payments or 1 yearly', () => {
    let checked = 0;
    for (const plan of PRICED_PLANS)
      for (const period of ['monthly', 'yearly'] as const)
        for (const storage of [false, true])
          for (const security of [false, true])
            for (const marketing of [false, true]) {
              const [monthly, yearly, storageAddOn] = PRICE_TABLE[plan];
              const extras = (storage ? storageAddOn : 0) + (security ? 799.99 : 0) + (marketing ? 3_750 : 0);
              const cents = Math.round(((period === 'monthly' ? monthly : yearly) + extras) * 100);
              expect(
                recurringPrice({ plan, period, storage, security, marketing }),
                `${plan} ${period} ${storage} ${security} ${marketing}`,
              ).toEqual(
                period === 'monthly'
                  ? { unitAmountCents: cents, interval: 'month', termPayments: 12 }
                  : { unitAmountCents: cents, interval: 'year', termPayments: 1 },
              );
              expect(Number.isSafeInteger(cents)).toBe(true);
              checked += 1;
            }
    expect(checked).toBe(96);
  });

  it('refuses magento, which has no online price', () => {
    expect(() =>
      recurringPrice({ plan: 'magento' as PricedPlanId, period: 'monthly', storage: false, security: false, marketing: false }),
    ).toThrow('The magento plan has no online price');
  });
});

describe('termEnd', () => {
  it('is twelve calendar months later, at the same time of day', () => {
    expect(new Date(termEnd(Date.UTC(2026, 10, 22, 15, 30))).toISOString()).toBe('2027-11-22T15:30:00.000Z');
  });

  it('ends on the last day of the month when the start day does not exist then', () => {
    expect(new Date(termEnd(Date.UTC(2028, 1, 29))).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(new Date(termEnd(Date.UTC(2027, 0, 31))).toISOString()).toBe('2028-01-31T00:00:00.000Z');
  });
});

describe('the status in words', () => {
  const START = Date.UTC(2026, 10, 22);
  const monthly: OrderSubscription = {
    billingPeriod: 'monthly',
    amountPerPeriod: 750_000,
    termPayments: 12,
    subscriptionStatus: 'active',
    paymentsMade: 1,
    termEndsAt: termEnd(START),
  };
  const label = (order: Partial<OrderSubscription>) => subscriptionStatusLabel(subscriptionState(order));

  it('says Active, Past due, Cancels on <date>, Canceled and Ended', () => {
    expect(label(monthly)).toBe('Active');
    expect(label({ ...monthly, subscriptionStatus: 'past_due' })).toBe('Past due');
    expect(label({ ...monthly, cancelAt: Date.UTC(2026, 11, 22) })).toBe('Cancels on Dec 22, 2026');
    expect(label({ ...monthly, subscriptionStatus: 'canceled', endedAt: Date.UTC(2026, 11, 22) })).toBe('Canceled');
    expect(label({ ...monthly, subscriptionStatus: 'canceled', paymentsMade: 12, endedAt: termEnd(START) })).toBe('Ended');
  });

  it('does not call the term’s own end a cancellation', () => {
    expect(label({ ...monthly, cancelAt: termEnd(START) })).toBe('Active');
  });

  it('waits for Stripe before saying anything about an order just checked out', () => {
    expect(label({ billingPeriod: 'monthly', amountPerPeriod: 750_000, termPayments: 12 })).toBe('Confirming your payment…');
  });

  it('counts payments of the term and names the period', () => {
    expect(paymentsLabel({ termPayments: 12, paymentsMade: 2 })).toBe('Payments: 2 of 12');
    expect(paymentsLabel({ termPayments: 1 })).toBe('Payments: 0 of 1');
    expect(paymentsLabel({ termPayments: 12, paymentsMade: 12 })).toBe('Payments: 12 of 12');
    // A renewed term counts afresh: the 13th monthly payment is the first of the second term.
    expect(paymentsLabel({ termPayments: 12, paymentsMade: 13 })).toBe('Payments: 1 of 12');
    expect(paymentsLabel({ termPayments: 1, paymentsMade: 2 })).toBe('Payments: 1 of 1');
    expect(periodSuffix('monthly')).toBe('/ month');
    expect(periodSuffix('yearly')).toBe('/ year');
  });
});
