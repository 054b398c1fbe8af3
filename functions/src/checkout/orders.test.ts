import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest, type CheckoutChoices, type CheckoutRequest } from '../../../src/catalog/checkout';
import { priceConfiguration } from '../../../src/catalog/pricing';
import { buildOrderRecord } from './orders';

const URLS = {
  imageURL: 'http://127.0.0.1:4173/images/plans/earth.png',
  successURL: 'http://127.0.0.1:4173/orders?checkout=success',
  cancelURL: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
};

function order(choices: Partial<CheckoutChoices>, buyer: string | null) {
  const request: CheckoutRequest = buildCheckoutRequest(
    { service: 'websites', plan: 'earth', period: 'monthly', storage: false, security: false, marketing: false, tradeIn: null, ...choices },
    URLS,
  );
  return buildOrderRecord({
    orderId: '-Norder1',
    request,
    charges: priceConfiguration(request),
    stripeSessionId: 'cs_test_1',
    buyer,
    createdAt: 'SERVER_TIME',
  });
}

describe('buildOrderRecord', () => {
  it("writes exactly the order fields of a visitor's plain checkout: no buyer, no trade-in, no storage", () => {
    expect(order({}, null)).toEqual({
      product: 'websites',
      tier: 'earth',
      securitySelected: false,
      marketingSelected: false,
      applicationExist: false,
      productAmount: 7_500_00,
      payment_status: 'unpaid',
      pushKey: '-Norder1',
      stripeId: 'cs_test_1',
      createdAt: 'SERVER_TIME',
      billingPeriod: 'monthly',
      amountPerPeriod: 7_500_00,
      termPayments: 12,
    });
  });

  it('records the signed-in buyer, the add-ons, the storage size and the trade-in platform, awaiting review', () => {
    expect(
      order(
        {
          service: 'mobile_apps',
          plan: 'gold',
          period: 'yearly',
          storage: true,
          security: true,
          marketing: true,
          tradeIn: 'developer_ade',
        },
        'uid-ada',
      ),
    ).toEqual({
      product: 'mobile_apps',
      tier: 'gold',
      securitySelected: true,
      marketingSelected: true,
      applicationExist: true,
      modelExistsOn: 'developer_ade',
      tradeInState: 'awaiting',
      additionalStorage: '3TB',
      // 180,000.00 a year + 4,000.00 storage + 799.99 security + 3,750.00 marketing.
      productAmount: 188_549_99,
      payment_status: 'unpaid',
      buyer: 'uid-ada',
      pushKey: '-Norder1',
      stripeId: 'cs_test_1',
      createdAt: 'SERVER_TIME',
      // One payment for the 12-month term.
      billingPeriod: 'yearly',
      amountPerPeriod: 188_549_99,
      termPayments: 1,
    });
  });

  it('stores the storage label of the chosen plan', () => {
    expect(order({ plan: 'earth', storage: true }, null).additionalStorage).toBe('500GB');
    expect(order({ plan: 'platinum-unlimited', storage: true }, null).additionalStorage).toBe('5TB');
  });

  it('sets modelExistsOn only with a trade-in', () => {
    expect(order({ tradeIn: 'shopify' }, null)).toMatchObject({ applicationExist: true, modelExistsOn: 'shopify' });
    expect(order({ tradeIn: null }, null)).not.toHaveProperty('modelExistsOn');
    expect(order({ tradeIn: null }, null)).not.toHaveProperty('tradeInState');
  });
});
