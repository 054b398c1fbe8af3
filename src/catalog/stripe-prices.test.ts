import { describe, expect, it } from 'vitest';
import { priceConfiguration, type PlanConfiguration } from './pricing';
import {
  CATALOGUE_PRICES,
  CATALOGUE_PRODUCTS,
  PRICED_PLAN_IDS,
  addOnLookupKey,
  cataloguePrice,
  configurationOf,
  configurationPrices,
  planLookupKey,
  priceIdentity,
  sameConfiguration,
} from './stripe-prices';

const GOLD: PlanConfiguration = { plan: 'gold', period: 'monthly', storage: true, security: false, marketing: true };

describe('the catalogue as Stripe objects', () => {
  it('has a product per priced plan and per add-on, with the ids Stripe is given', () => {
    expect(CATALOGUE_PRODUCTS.map((product) => product.id)).toEqual([
      'leopard-plan-earth',
      'leopard-plan-bronze',
      'leopard-plan-silver',
      'leopard-plan-gold',
      'leopard-plan-diamond-peak',
      'leopard-plan-platinum-unlimited',
      'leopard-addon-storage',
      'leopard-addon-security',
      'leopard-addon-marketing',
    ]);
    expect(PRICED_PLAN_IDS).not.toContain('magento');
  });

  it('has a price per plan × period and per add-on × plan × period, each key once', () => {
    expect(CATALOGUE_PRICES).toHaveLength(6 * 2 + 3 * 6 * 2);
    expect(new Set(CATALOGUE_PRICES.map((price) => price.lookupKey)).size).toBe(CATALOGUE_PRICES.length);
    expect(cataloguePrice(planLookupKey('gold', 'yearly'))).toMatchObject({
      product: 'leopard-plan-gold',
      unitAmount: 180_000_00,
      currency: 'usd',
      interval: 'year',
      metadata: { plan: 'gold', period: 'yearly' },
    });
    // An add-on costs the same per month and per year (each add-on counts once).
    expect(cataloguePrice(addOnLookupKey('storage', 'gold', 'yearly'))).toMatchObject({
      product: 'leopard-addon-storage',
      unitAmount: 4_000_00,
      interval: 'year',
      metadata: { addon: 'storage', plan: 'gold', period: 'yearly' },
    });
    expect(cataloguePrice('plan:magento:monthly')).toBeNull();
  });

  it('bills every configuration with prices that add up to the catalogue amount', () => {
    for (const plan of PRICED_PLAN_IDS) {
      for (const period of ['monthly', 'yearly'] as const) {
        for (let bits = 0; bits < 8; bits += 1) {
          const configuration = { plan, period, storage: (bits & 1) > 0, security: (bits & 2) > 0, marketing: (bits & 4) > 0 };
          const prices = configurationPrices(configuration);
          expect(prices.reduce((sum, price) => sum + price.unitAmount, 0)).toBe(priceConfiguration(configuration).amountDueCents);
          expect(configurationOf(prices.map((price) => priceIdentity(price.metadata)))).toEqual(configuration);
        }
      }
    }
  });

  it('reads a configuration back only from exactly one plan and add-ons of that plan and period', () => {
    const identities = configurationPrices(GOLD).map((price) => priceIdentity(price.metadata));
    expect(configurationOf(identities)).toEqual(GOLD);
    // A one-off price_data of an order bought before has no metadata.
    expect(configurationOf([...identities, priceIdentity({})])).toBeNull();
    expect(configurationOf(identities.slice(1))).toBeNull();
    expect(configurationOf([...identities, priceIdentity({ addon: 'security', plan: 'earth', period: 'monthly' })])).toBeNull();
    expect(priceIdentity({ plan: 'magento', period: 'monthly' })).toBeNull();
    expect(priceIdentity({ addon: 'jetpack', plan: 'gold', period: 'monthly' })).toBeNull();
  });

  it('compares configurations field by field', () => {
    expect(sameConfiguration(GOLD, { ...GOLD })).toBe(true);
    expect(sameConfiguration(GOLD, { ...GOLD, security: true })).toBe(false);
    expect(sameConfiguration(GOLD, { ...GOLD, period: 'yearly' })).toBe(false);
  });
});
