/**
 * PaymentMethods: the cards buyers type on the hosted pages, saved on their customer as Stripe
 * saves them (`pm_…`, type `card`); `GET /v1/payment_methods/:id`. What a card does when charged
 * comes from its test number (`cards.ts`).
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { TEST_CARD_EXPIRY, type TestCard } from './cards';
import type { StandIn } from '../core/context';
import { noSuchPaymentMethod, found } from '../core/errors';
import type { EventBatch } from '../core/events';
import { expandObject, type Expanders } from '../core/expand';
import { randomId } from '../core/ids';
import type { CustomerRecord, PaymentMethodRecord } from '../core/store';

/** Saves `card` on the customer: `payment_method.attached`. */
export function attachCard(standIn: StandIn, batch: EventBatch, owner: CustomerRecord, card: TestCard, at: number): PaymentMethodRecord {
  const { customer } = owner;
  const paymentMethod: Stripe.PaymentMethod = {
    id: randomId('pm_', 24),
    object: 'payment_method',
    allow_redisplay: 'limited',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: customer.email,
      name: customer.name ?? null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
      exp_month: TEST_CARD_EXPIRY.month,
      exp_year: TEST_CARD_EXPIRY.year,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: at,
    customer: customer.id,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  const record: PaymentMethodRecord = { paymentMethod, outcome: card.outcome, seq: standIn.store.nextSeq() };
  standIn.store.paymentMethods.set(paymentMethod.id, record);
  batch.emit('payment_method.attached', paymentMethod, at);
  return record;
}

export function getPaymentMethod(standIn: StandIn, id: string, param = 'id'): PaymentMethodRecord {
  return found(standIn.store.paymentMethods.get(id), () => noSuchPaymentMethod(id, param));
}

export const expanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
});

export function renderPaymentMethod(standIn: StandIn, paymentMethod: Stripe.PaymentMethod, expand: readonly string[]) {
  return expandObject(paymentMethod, expand, expanders(standIn));
}
