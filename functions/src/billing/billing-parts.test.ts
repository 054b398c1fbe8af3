// Unit tests of the small pure parts of billing: ids, emails, customers' keys, the card summary,
// the portal's body and the thank-you page's summary.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardSummary } from './card-summary';
import { summariseOrder } from '../orders/checkout-summary';
import { customerIdempotencyKey, isUid } from '../stripe/customers';
import { normaliseEmail } from '../mail/email';
import { validatePortalRequest } from './portal';
import { idOf, isStripeId } from '../stripe/stripe-ids';

const SITE = 'http://127.0.0.1:4173';

describe('Stripe ids', () => {
  it('accepts ids of the expected kind only', () => {
    expect(isStripeId('subscription', 'sub_1NvAbc_2')).toBe(true);
    expect(isStripeId('subscription', 'cus_1')).toBe(false);
    expect(isStripeId('customer', 'cus_')).toBe(false);
    expect(isStripeId('customer', 'cus_a.b')).toBe(false);
    expect(isStripeId('customer', 42)).toBe(false);
  });

  it('reads the id of an expandable field', () => {
    expect(idOf('cus_1')).toBe('cus_1');
    expect(idOf({ id: 'cus_2' })).toBe('cus_2');
    expect(idOf(null)).toBeNull();
    expect(idOf(undefined)).toBeNull();
  });
});

describe('normaliseEmail', () => {
  it('lower-cases and trims, and refuses what is not an address', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(normaliseEmail('not an email')).toBeNull();
    expect(normaliseEmail(null)).toBeNull();
    expect(normaliseEmail(`${'a'.repeat(250)}@b.co`)).toBeNull();
  });
});

describe('customers', () => {
  it('takes only uids that can be database keys', () => {
    expect(isUid('hZ3kq9Xb1mT0aLw2')).toBe(true);
    expect(isUid('a/b')).toBe(false);
    expect(isUid('')).toBe(false);
    expect(isUid('x'.repeat(129))).toBe(false);
  });

  it('derives one idempotency key per uid and email: two tabs share it, another account does not', () => {
    const key = customerIdempotencyKey('uid-ada', 'ada@example.com');
    expect(customerIdempotencyKey('uid-ada', 'ada@example.com')).toBe(key);
    expect(customerIdempotencyKey('uid-bob', 'ada@example.com')).not.toBe(key);
    expect(key.length).toBeLessThanOrEqual(255);
  });
});

describe('cardSummary', () => {
  it('keeps brand, last four digits and expiry of a card, nothing else', () => {
    const card = {
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
      fingerprint: 'x',
      funding: 'credit',
    } as Stripe.PaymentMethod.Card;
    expect(cardSummary({ card })).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
  });

  it('is null without a card', () => {
    expect(cardSummary(null)).toBeNull();
    expect(cardSummary({ card: undefined })).toBeNull();
  });
});

describe('validatePortalRequest', () => {
  it('accepts a return address on the site', () => {
    expect(validatePortalRequest({ returnURL: `${SITE}/payment-methods` }, [SITE])).toEqual({
      ok: true,
      request: { returnURL: `${SITE}/payment-methods` },
    });
  });

  it('refuses a customer named by the body, and any other field', () => {
    expect(validatePortalRequest({ returnURL: `${SITE}/x`, customer: 'cus_other' }, [SITE])).toMatchObject({
      ok: false,
      field: 'customer',
    });
    expect(validatePortalRequest({ returnURL: `${SITE}/x`, uid: 'someone' }, [SITE])).toMatchObject({ ok: false, field: 'uid' });
  });

  it('refuses a return address elsewhere, a missing one and a body that is not an object', () => {
    expect(validatePortalRequest({ returnURL: 'https://evil.example/' }, [SITE])).toMatchObject({ ok: false, field: 'returnURL' });
    expect(validatePortalRequest({ returnURL: 'javascript:alert(1)' }, [SITE])).toMatchObject({ ok: false, field: 'returnURL' });
    expect(validatePortalRequest({}, [SITE])).toMatchObject({ ok: false, field: 'returnURL' });
    expect(validatePortalRequest([], [SITE])).toMatchObject({ ok: false, field: 'body' });
  });
});

describe('summariseOrder', () => {
  const order = {
    product: 'websites',
    tier: 'earth',
    billingPeriod: 'monthly',
    amountPerPeriod: 750_000,
    productAmount: 750_000,
    termPayments: 12,
    paymentsMade: 1,
    subscriptionStatus: 'active',
    customerEmail: 'a@b.co',
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
  };

  const ID = '-Nsummary00000000001';

  it('answers only what the thank-you page shows: no email, no Stripe ids', () => {
    const charged = { subtotal: 830_000, discount: 83_000, tax: 54_158, total: 801_158, promotionCode: 'LEOPARD10' };
    expect(
      summariseOrder(ID, { ...order, securitySelected: true, additionalStorage: '500GB', checkoutTotals: { ...charged, extra: 1 } }),
    ).toEqual({
      service: 'websites',
      plan: 'earth',
      period: 'monthly',
      amountPerPeriod: 750_000,
      termPayments: 12,
      paymentsMade: 1,
      subscriptionStatus: 'active',
      orderReference: ID,
      addOns: { storage: '500GB', security: true, marketing: false },
      charged,
    });
  });

  it('has no charged figures until the webhook kept them, nor from a malformed record', () => {
    expect(summariseOrder(ID, order)).toMatchObject({ charged: null });
    expect(summariseOrder(ID, { ...order, checkoutTotals: { subtotal: '1', discount: 0, tax: 0, total: 1 } })).toMatchObject({
      charged: null,
    });
  });

  it('shows an order the webhook has not reached yet as no payments and no status', () => {
    const { paymentsMade: _p, subscriptionStatus: _s, ...fresh } = order;
    expect(summariseOrder(ID, fresh)).toMatchObject({ paymentsMade: 0, subscriptionStatus: null });
  });

  it('is null for an order it cannot describe', () => {
    expect(summariseOrder(ID, { ...order, tier: 'magento' })).toBeNull();
    expect(summariseOrder(ID, { ...order, billingPeriod: undefined })).toBeNull();
  });
});
