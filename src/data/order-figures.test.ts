import { describe, expect, it } from 'vitest';
import { orderFigures } from './order-figures';

const NOW = Date.UTC(2026, 10, 29);
/** all_orders/<id> as the functions store a plan's order. */
const stored = (fields: Record<string, unknown>) => ({
  product: 'websites',
  tier: 'gold',
  billingPeriod: 'monthly',
  amountPerPeriod: 0,
  termPayments: 12,
  ...fields,
});

describe('orderFigures', () => {
  it('counts a plan the customer has now, active, past due or canceled for a date to come, at its monthly charge', () => {
    expect(orderFigures(stored({ subscriptionStatus: 'active', amountPerPeriod: 15_000_00 }))).toEqual({
      activePlans: 1,
      mrrCents: 15_000_00,
    });
    expect(orderFigures(stored({ subscriptionStatus: 'past_due', amountPerPeriod: 1_000_01 }))).toEqual({
      activePlans: 1,
      mrrCents: 1_000_01,
    });
    expect(
      orderFigures(
        stored({ subscriptionStatus: 'active', amountPerPeriod: 50_00, cancelAt: NOW + 86_400_000, termEndsAt: NOW + 10 * 86_400_000 }),
      ),
    ).toEqual({ activePlans: 1, mrrCents: 50_00 });
  });

  it('counts a yearly plan at a twelfth of its yearly charge, rounded to whole cents per order', () => {
    // 10 000 / 12 = 833.33 → 833; 10 006 / 12 = 833.83 → 834.
    expect(
      orderFigures(stored({ subscriptionStatus: 'active', billingPeriod: 'yearly', termPayments: 1, amountPerPeriod: 100_00 })),
    ).toEqual({
      activePlans: 1,
      mrrCents: 833,
    });
    expect(
      orderFigures(stored({ subscriptionStatus: 'active', billingPeriod: 'yearly', termPayments: 1, amountPerPeriod: 100_06 })).mrrCents,
    ).toBe(834);
  });

  it('counts nothing for an order that is no plan now: canceled, not paid yet, no subscription, an unknown product, no record', () => {
    for (const order of [
      stored({ subscriptionStatus: 'canceled', amountPerPeriod: 99_999_00 }),
      stored({ amountPerPeriod: 77_00 }),
      { product: 'websites', tier: 'gold', productAmount: 500_00, payment_status: 'paid' },
      stored({ product: 'time_travel', subscriptionStatus: 'active', amountPerPeriod: 10_00 }),
      stored({ subscriptionStatus: 'active', amountPerPeriod: -5 }),
      null,
      'not an order',
      [1, 2],
    ])
      expect(orderFigures(order)).toEqual({ activePlans: 0, mrrCents: 0 });
  });
});
