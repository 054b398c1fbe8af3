import { describe, expect, it } from 'vitest';
import { MARKETING_ADD_ON_CENTS, SECURITY_ADD_ON_CENTS } from './add-ons';
import { PRICED_PLANS, PRICE_TABLE } from './plan-table.testing';
import { priceConfiguration, UnpricedPlanError, type PlanConfiguration } from './pricing';

function* everyConfiguration(): Generator<PlanConfiguration> {
  for (const plan of PRICED_PLANS)
    for (const period of ['monthly', 'yearly'] as const)
      for (const storage of [false, true])
        for (const security of [false, true]) for (const marketing of [false, true]) yield { plan, period, storage, security, marketing };
}

describe('priceConfiguration', () => {
  it('matches the section-9 table for every plan, period and add-on combination', () => {
    let checked = 0;
    for (const configuration of everyConfiguration()) {
      const [monthly, yearly, storage] = PRICE_TABLE[configuration.plan];
      const extrasDollars =
        (configuration.storage ? storage : 0) + (configuration.security ? 799.99 : 0) + (configuration.marketing ? 3_750 : 0);
      const expectedMonthly = Math.round((monthly + extrasDollars) * 100);
      const expectedYearly = Math.round((yearly + extrasDollars) * 100);
      expect(priceConfiguration(configuration)).toEqual({
        monthlyCents: expectedMonthly,
        yearlyCents: expectedYearly,
        amountDueCents: configuration.period === 'monthly' ? expectedMonthly : expectedYearly,
      });
      checked += 1;
    }
    expect(checked).toBe(6 * 2 * 2 * 2 * 2);
  });

  it('gives the worked examples of the issue', () => {
    const earth = { plan: 'earth', period: 'monthly', storage: true, security: false, marketing: false } as const;
    expect(priceConfiguration(earth).amountDueCents).toBe(10_000_00);
    expect(priceConfiguration({ ...earth, security: true }).amountDueCents).toBe(10_799_99);
    expect(priceConfiguration({ ...earth, security: true, period: 'yearly' }).amountDueCents).toBe(93_299_99);
    expect(priceConfiguration({ ...earth, storage: false, marketing: true }).monthlyCents).toBe(11_250_00);
  });

  it('charges monthly by default and adds each add-on to both charges exactly once', () => {
    const base = priceConfiguration({ plan: 'gold', period: 'monthly', storage: false, security: false, marketing: false });
    const all = priceConfiguration({ plan: 'gold', period: 'monthly', storage: true, security: true, marketing: true });
    const extras = 4_000_00 + SECURITY_ADD_ON_CENTS + MARKETING_ADD_ON_CENTS;
    expect(all.monthlyCents - base.monthlyCents).toBe(extras);
    expect(all.yearlyCents - base.yearlyCents).toBe(extras);
    expect(all.amountDueCents).toBe(all.monthlyCents);
  });

  it('always answers integer cents', () => {
    for (const configuration of everyConfiguration()) {
      for (const value of Object.values(priceConfiguration(configuration))) expect(Number.isSafeInteger(value)).toBe(true);
    }
  });

  it('refuses to price magento, which has no online checkout', () => {
    const magento = { plan: 'magento', period: 'monthly', storage: false, security: false, marketing: false };
    expect(() => priceConfiguration(magento as unknown as PlanConfiguration)).toThrow(UnpricedPlanError);
  });
});
