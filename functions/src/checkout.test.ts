import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest } from '../../src/catalog/checkout';
import { checkoutSessionParams } from './checkout';

const request = buildCheckoutRequest(
  { service: 'websites', plan: 'earth', period: 'monthly', storage: true, security: true, marketing: false, tradeIn: null },
  {
    imageURL: 'http://127.0.0.1:4173/images/plans/earth.png',
    successURL: 'http://127.0.0.1:4173/orders',
    cancelURL: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
  },
);

describe('checkoutSessionParams', () => {
  it("asks Stripe for a subscription to one monthly line at the catalogue's price and name, tagged with the order", () => {
    const metadata = { orderId: '-Norder1', service: 'websites', plan: 'earth', period: 'monthly' };
    expect(checkoutSessionParams({ ...request, productTitle: 'Anything the browser says', productAmount: 1 }, '-Norder1', null)).toEqual({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            // earth monthly 7,500.00 + storage 2,500.00 + security 799.99, every month
            unit_amount: 10_799_99,
            recurring: { interval: 'month' },
            product_data: { name: 'Web Apps — Earth plan, billed monthly', images: ['http://127.0.0.1:4173/images/plans/earth.png'] },
          },
        },
      ],
      success_url: 'http://127.0.0.1:4173/orders',
      cancel_url: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
      metadata,
      // The subscription carries the same tags, so its invoices and updates find the order.
      subscription_data: { metadata },
    });
  });

  it('bills a yearly plan once a year at the yearly price plus add-ons', () => {
    const yearly = buildCheckoutRequest(
      { service: 'mobile_apps', plan: 'gold', period: 'yearly', storage: true, security: true, marketing: true, tradeIn: null },
      { imageURL: '', successURL: 'http://127.0.0.1:4173/orders', cancelURL: 'http://127.0.0.1:4173/store' },
    );
    const [line] = checkoutSessionParams(yearly, '-Norder2', null).line_items ?? [];
    // 180,000.00 a year + 4,000.00 storage + 799.99 security + 3,750.00 marketing.
    expect(line.price_data).toMatchObject({ unit_amount: 188_549_99, recurring: { interval: 'year' } });
  });

  it('asks for no product image when the request has none', () => {
    const { imageURL: _omitted, ...withoutImage } = request;
    const [line] = checkoutSessionParams(withoutImage, '-Norder1', null).line_items ?? [];
    expect(line.price_data?.product_data).toEqual({ name: 'Web Apps — Earth plan, billed monthly' });
  });

  it('names the signed-in buyer: their customer, uid as client_reference_id and in both metadata', () => {
    const params = checkoutSessionParams(request, '-Norder1', { uid: 'uid-ada', customerId: 'cus_ada' });
    expect(params).toMatchObject({ client_reference_id: 'uid-ada', customer: 'cus_ada' });
    expect(params.metadata).toMatchObject({ orderId: '-Norder1', uid: 'uid-ada' });
    expect(params.subscription_data?.metadata).toEqual(params.metadata);
    // Stripe refuses customer together with customer_email: the customer has the account's email.
    expect(params).not.toHaveProperty('customer_email');
  });

  it('lets Checkout create a visitor’s customer: no customer, no client_reference_id, no uid', () => {
    const params = checkoutSessionParams(request, '-Norder1', null);
    expect(params).not.toHaveProperty('customer');
    expect(params).not.toHaveProperty('client_reference_id');
    expect(params.metadata).not.toHaveProperty('uid');
  });
});
