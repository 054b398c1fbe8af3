import { describe, expect, it } from 'vitest';
import { planFeatures, planTeam } from './plan-features';
import { isPlanId, isPricedPlan, PLAN_DETAILS, PLAN_IDS, PLAN_NAMES, PLAN_PRICES } from './plans';

describe('plans', () => {
  it('lists the seven plans of the store in order', () => {
    expect(PLAN_IDS).toEqual(['earth', 'bronze', 'silver', 'gold', 'diamond-peak', 'platinum-unlimited', 'magento']);
    for (const id of PLAN_IDS) expect(PLAN_NAMES[id]).toMatch(/^[A-Z]/);
  });

  it('prices every plan as in docs/product.md#plans-and-prices (platinum-unlimited at 50,000 a month)', () => {
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

describe('plan figures', () => {
  it('carries every figure of the section-9 table', () => {
    const rows = Object.fromEntries(
      PLAN_IDS.map((id) => {
        const f = PLAN_DETAILS[id].figures;
        return [id, f && [f.engineers, f.projectCapacity, f.database, f.teamSsd, f.storageAddOn.priceCents / 100, f.storageAddOn.size]];
      }),
    );
    expect(rows).toEqual({
      earth: [5, '1-2', '8GB', '256GB', 2_500, '500GB'],
      bronze: [7, '3-4', '16GB', '500GB', 3_000, '1TB'],
      silver: [8, '5-6', '32GB', '1TB', 3_500, '2TB'],
      gold: [9, '7-8', '32GB', '1.5TB', 4_000, '3TB'],
      'diamond-peak': [14, '9-10', '64GB', '2TB', 4_500, '4TB'],
      'platinum-unlimited': [25, '10+', '128GB', '5TB', 5_000, '5TB'],
      magento: null,
    });
  });

  it('gives each plan one team figure, the engineers of the section-9 table', () => {
    expect(PLAN_IDS.map(planTeam)).toEqual([
      '5 dedicated engineers',
      '7 dedicated engineers',
      '8 dedicated engineers',
      '9 dedicated engineers',
      '14 dedicated engineers',
      '25 dedicated engineers',
      'A team sized to your store',
    ]);
    for (const id of PLAN_IDS) {
      expect(Object.keys(PLAN_DETAILS[id])).toEqual(['description', 'figures']);
      const features = planFeatures(id);
      expect(features.join(' ')).not.toMatch(/Developers|Teams|Team:/);
      // The team is said once, and the same way on the card and in Learn More.
      expect(features.filter((feature) => /engineers|team sized/i.test(feature))).toEqual([planTeam(id)]);
    }
  });

  it('lists the features the Learn More popup shows', () => {
    expect(planFeatures('silver')).toEqual([
      '8 dedicated engineers',
      '5-6 projects at a time',
      '32GB database',
      '1TB team SSD',
      'Optional 2TB storage for $3,500',
      'Zero downtime, 24/7/365',
    ]);
    expect(planFeatures('magento')).toEqual([
      'Pay as you go: billed for the work done',
      'Magento and Adobe Commerce specialists',
      'A team sized to your store',
      'Zero downtime, 24/7/365',
    ]);
    expect(planFeatures('magento')).toContain('Zero downtime, 24/7/365');
    expect(isPricedPlan('magento')).toBe(false);
    expect(isPricedPlan('earth')).toBe(true);
  });
});
