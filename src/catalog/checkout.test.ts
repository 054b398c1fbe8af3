import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest, planOnly, validateCheckoutRequest, type CheckoutChoices } from './checkout';
import { EARTH_WEBSITE_CHOICES } from './checkout.testing';
import { PLAN_PRICES } from './plans';

const choices: CheckoutChoices = EARTH_WEBSITE_CHOICES;
const urls = {
  imageURL: 'https://leopard.example.com/images/store/earth.svg',
  successURL: 'https://leopard.example.com/order-history',
  cancelURL: 'https://leopard.example.com/product-details?service=websites&plan=earth',
};

function refusal(body: unknown) {
  const result = validateCheckoutRequest(body);
  if (result.ok) throw new Error('expected a refusal');
  return result;
}

describe('buildCheckoutRequest', () => {
  it('sends the choices with the spec payload fields priced from the catalogue', () => {
    expect(buildCheckoutRequest(choices, urls)).toEqual({
      ...choices,
      ...urls,
      productTitle: 'Web Apps — Earth plan, billed monthly',
      developersAmount: 5,
      productAmount: 10_799_99,
    });
  });
});

describe('validateCheckoutRequest', () => {
  it('accepts what the page builds and recomputes the charges', () => {
    const result = validateCheckoutRequest(
      JSON.parse(JSON.stringify(buildCheckoutRequest({ ...choices, period: 'yearly', tradeIn: 'wix' }, urls))),
    );
    expect(result).toMatchObject({ ok: true, charges: { monthlyCents: 10_799_99, yearlyCents: 93_299_99, amountDueCents: 93_299_99 } });
  });

  it('refuses a forged amount, naming the field', () => {
    const forged = { ...buildCheckoutRequest(choices, urls), productAmount: 100 };
    expect(refusal(forged)).toMatchObject({ field: 'productAmount', message: expect.stringContaining('does not match') });
    expect(refusal({ ...forged, productAmount: 10_799.99 })).toMatchObject({ field: 'productAmount' });
  });

  it('refuses unknown services, plans and trade-in platforms', () => {
    const valid = buildCheckoutRequest(choices, urls);
    expect(refusal({ ...valid, plan: 'titanium' })).toMatchObject({ field: 'plan', message: 'Unknown plan "titanium".' });
    expect(refusal({ ...valid, service: 'seo' })).toMatchObject({ field: 'service' });
    expect(refusal({ ...valid, tradeIn: 'myspace' })).toMatchObject({ field: 'tradeIn' });
    expect(refusal({ ...valid, period: 'weekly' })).toMatchObject({ field: 'period' });
  });

  it('refuses magento, which is sold by phone', () => {
    expect(refusal({ ...buildCheckoutRequest(choices, urls), plan: 'magento' })).toMatchObject({
      field: 'plan',
      message: expect.stringContaining('cannot be bought online'),
    });
  });

  it('takes imageURL as optional: absent or empty means no picture, anything else must be http(s)', () => {
    const { imageURL: _omitted, ...withoutImage } = buildCheckoutRequest(choices, urls);
    expect(validateCheckoutRequest(withoutImage)).toMatchObject({ ok: true });
    expect(validateCheckoutRequest(withoutImage)).not.toHaveProperty('request.imageURL');
    const empty = validateCheckoutRequest({ ...withoutImage, imageURL: '' });
    expect(empty).toMatchObject({ ok: true });
    expect(empty).not.toHaveProperty('request.imageURL');
    expect(validateCheckoutRequest(buildCheckoutRequest(choices, urls))).toMatchObject({ ok: true, request: { imageURL: urls.imageURL } });
    expect(refusal({ ...withoutImage, imageURL: 'javascript:alert(1)' })).toMatchObject({ field: 'imageURL' });
    expect(refusal({ ...withoutImage, imageURL: null })).toMatchObject({ field: 'imageURL' });
  });

  it('refuses a wrong engineer count, bad addresses, wrong types and unknown fields', () => {
    const valid = buildCheckoutRequest(choices, urls);
    expect(refusal({ ...valid, developersAmount: 50 })).toMatchObject({ field: 'developersAmount' });
    expect(refusal({ ...valid, successURL: 'javascript:alert(1)' })).toMatchObject({ field: 'successURL' });
    expect(refusal({ ...valid, storage: 'yes' })).toMatchObject({ field: 'storage' });
    expect(refusal({ ...valid, productTitle: '' })).toMatchObject({ field: 'productTitle' });
    expect(refusal({ ...valid, discount: 100 })).toMatchObject({ field: 'discount' });
    expect(refusal([valid])).toMatchObject({ field: 'body' });
    expect(refusal(null)).toMatchObject({ field: 'body' });
  });
});

describe('planOnly', () => {
  it('is the plan billed monthly with no add-ons, and prices as the plan alone', () => {
    const request = buildCheckoutRequest(planOnly('websites', 'earth'), urls);
    expect({ ...choices, storage: false, security: false }).toEqual(planOnly('websites', 'earth'));
    const validation = validateCheckoutRequest(request);
    expect(validation.ok && validation.charges.amountDueCents).toBe(PLAN_PRICES.earth?.monthlyCents);
  });
});
