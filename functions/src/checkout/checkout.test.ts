import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest } from '../../../src/catalog/checkout';
import { TERM_TEXTS } from '../../../src/catalog/term';
import { checkoutSessionParams } from './checkout';

const request = buildCheckoutRequest(
  { service: 'websites', plan: 'earth', period: 'monthly', storage: true, security: true, marketing: false, tradeIn: null },
  {
    imageURL: 'http://127.0.0.1:4173/images/plans/earth.png',
    successURL: 'http://127.0.0.1:4173/orders',
    cancelURL: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
  },
);

const CONTEXT = { priceIds: ['price_plan', 'price_storage', 'price_security'], siteUrl: 'https://leopard.example/' };

describe('checkoutSessionParams', () => {
  it("asks Stripe for a subscription to the catalogue's Prices, with the Terms, address, tax and promotion codes, tagged with the order", () => {
    const metadata = { orderId: '-Norder1', service: 'websites', plan: 'earth', period: 'monthly' };
    expect(
      checkoutSessionParams({ ...request, productTitle: 'Anything the browser says', productAmount: 1 }, '-Norder1', null, CONTEXT),
    ).toEqual({
      mode: 'subscription',
      // Found by lookup key and checked against the catalogue by findCataloguePrices; never an
      // amount from the browser.
      line_items: [
        { price: 'price_plan', quantity: 1 },
        { price: 'price_storage', quantity: 1 },
        { price: 'price_security', quantity: 1 },
      ],
      // A card payment provider (the spec); never a bank debit that settles days later.
      allowed_payment_method_types: ['card'],
      success_url: 'http://127.0.0.1:4173/orders',
      cancel_url: 'http://127.0.0.1:4173/product-details?service=websites&plan=earth',
      metadata,
      // The subscription carries the same tags, so its invoices and updates find the order.
      subscription_data: { metadata },
      consent_collection: { terms_of_service: 'required' },
      custom_text: {
        terms_of_service_acceptance: {
          message: `I agree to the [Terms of Service](https://leopard.example/legal/terms-of-service). ${TERM_TEXTS.summary}`,
        },
      },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: true },
      automatic_tax: { enabled: true },
      allow_promotion_codes: true,
    });
  });

  it('names the signed-in buyer: their customer, uid as client_reference_id and in both metadata, address and name saved on it', () => {
    const params = checkoutSessionParams(request, '-Norder1', { uid: 'uid-ada', customerId: 'cus_ada' }, CONTEXT);
    expect(params).toMatchObject({
      client_reference_id: 'uid-ada',
      customer: 'cus_ada',
      customer_update: { address: 'auto', name: 'auto' },
    });
    expect(params.metadata).toMatchObject({ orderId: '-Norder1', uid: 'uid-ada' });
    expect(params.subscription_data?.metadata).toEqual(params.metadata);
    // Stripe refuses customer together with customer_email: the customer has the account's email.
    expect(params).not.toHaveProperty('customer_email');
  });

  it('lets Checkout create a visitor’s customer: no customer, no client_reference_id, no uid', () => {
    const params = checkoutSessionParams(request, '-Norder1', null, CONTEXT);
    expect(params).not.toHaveProperty('customer');
    expect(params).not.toHaveProperty('customer_update');
    expect(params).not.toHaveProperty('client_reference_id');
    expect(params.metadata).not.toHaveProperty('uid');
  });
});
