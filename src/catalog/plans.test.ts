import { describe, expect, it } from 'vitest';
import { isPlanId, PLAN_IDS, PLAN_NAMES, PLAN_PRICES } from './plans';

describe('plans', () => {
  it('lists the seven plans of the store in order', () => {
    expect(PLAN_IDS).toEqual(['earth', 'bronze', 'silver', 'gold', 'diamond-peak', 'platinum-unlimited', 'magento']);
    for (const id of PLAN_IDS) expect(PLAN_NAMES[id]).toMatch(/^[A-Z]/);
  });

  it('prices every plan as in spec section 9 (platinum-unlimited at 50,000 a month)', () => {
    const dollars = Object.fromEntries(
      PLAN_IDS.map((id) => {
        const price = PLAN_PRICES[id];
        return [id, price && [price.monthlyCents / 100, price.yearlyCents / 100]];
      }),
    );
    expect(dollars).toEqual({
      earth: [7_500, 90_000],
      bronze: [10_000, 120_000],
      silver: [12_500, 150_000],
      gold: [15_000, 180_000],
      'diamond-peak': [25_000, 300_000],
      'platinum-unlimited': [50_000, 600_000],
      magento: null,
    });
  });

  it('keeps every price in integer cents, a year costing twelve months', () => {
    for (const id of PLAN_IDS) {
      const price = PLAN_PRICES[id];
      if (!price) continue;
      expect(Number.isSafeInteger(price.monthlyCents)).toBe(true);
      expect(price.yearlyCents).toBe(price.monthlyCents * 12);
    }
  });

  it('recognises plan ids and nothing else', () => {
    expect(isPlanId('diamond-peak')).toBe(true);
    expect(isPlanId('contact')).toBe(false);
    expect(isPlanId('sign-in')).toBe(false);
  });
});
