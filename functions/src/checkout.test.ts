import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest } from '../../src/catalog/checkout';
import { priceConfiguration } from '../../src/catalog/pricing';
import { checkoutSessionParams } from './checkout';

const request = buildCheckoutRequest(
  { service: 'websites', plan: 'earth', period: 'monthly', storage: true, security: true, marketing: false, tradeIn: null },
  {
    imageURL: 'http://127.0.0.1:4173/images/plans/earth.png',
    successURL: 'http://127.0.0.1:4173/orders',
    cancelURL: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
  },
);
const charges = priceConfiguration(request);

describe('checkoutSessionParams', () => {
  it("asks Stripe for one line at the catalogue's price and name, tagged with the order", () => {
    expect(checkoutSessionParams({ ...request, productTitle: 'Anything the browser says' }, charges, '-Norder1', null)).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            // earth monthly 7,500.00 + storage 2,500.00 + security 799.99
            unit_amount: 10_799_99,
            product_data: { name: 'Web Apps — Earth plan, billed monthly', images: ['http://127.0.0.1:4173/images/plans/earth.png'] },
          },
        },
      ],
      success_url: 'http://127.0.0.1:4173/orders',
      cancel_url: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
      metadata: { orderId: '-Norder1', service: 'websites', plan: 'earth', period: 'monthly' },
    });
  });

  it('asks for no product image when the request has none', () => {
    const { imageURL: _omitted, ...withoutImage } = request;
    const [line] = checkoutSessionParams(withoutImage, charges, '-Norder1', null).line_items ?? [];
    expect(line.price_data?.product_data).toEqual({ name: 'Web Apps — Earth plan, billed monthly' });
  });

  it('names the signed-in customer: uid as client_reference_id, email prefilled', () => {
    const params = checkoutSessionParams(request, charges, '-Norder1', { uid: 'uid-ada', email: 'ada@example.com' });
    expect(params).toMatchObject({ client_reference_id: 'uid-ada', customer_email: 'ada@example.com' });
    expect(checkoutSessionParams(request, charges, '-Norder1', { uid: 'uid-ada', email: null })).not.toHaveProperty('customer_email');
  });
});
