/** Refunds (`/v1/refunds`): of a charge or a PaymentIntent's latest charge, whole or in part. */
import type Stripe from 'stripe';
import { customerNow, type StandIn } from '../core/context';
import { invalidRequest } from '../core/errors';
import type { EventBatch } from '../core/events';
import type { FormObject } from '../core/form-encoding';
import { formatAmount } from '../core/format';
import { randomId } from '../core/ids';
import { asInteger, oneOf, parseMetadata, asString } from '../core/params';
import { idOf, paymentSubjectExpanders } from '../resources/payments';
import { chargeToRefund, getRefund } from '../resources/refunds';
import { createRoute, listRoute, retrieveRoute } from './resource-routes';
import type { Route } from './route';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const CREATE = ['charge', 'payment_intent', 'amount', 'reason', 'metadata', 'expand'];

/** A refund of the charge the form names, whole or what is left of it when no amount is given. */
function createRefund(standIn: StandIn, form: FormObject, batch: EventBatch): Stripe.Refund {
  const amountAsked = asInteger(form.amount, ['amount'], 1);
  const reason = oneOf(form.reason, ['reason'], REASONS) ?? null;
  const metadata = parseMetadata(form.metadata);
  const record = chargeToRefund(standIn, asString(form.charge, ['charge']), asString(form.payment_intent, ['payment_intent']));
  const { charge } = record;
  if (charge.disputed) {
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = amountAsked ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      'amount',
      'amount_too_large',
    );
  }

  const customerId = idOf(charge.customer);
  const at = customerNow(standIn, customerId);
  const refund: Stripe.Refund = {
    id: randomId('re_', 24),
    object: 'refund',
    amount,
    balance_transaction: randomId('txn_', 24),
    charge: charge.id,
    created: at,
    currency: charge.currency,
    customer: customerId,
    customer_account: null,
    destination_details: {
      card: { reference: randomId('', 16), reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata,
    payment_intent: idOf(charge.payment_intent),
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  standIn.store.refunds.set(refund.id, { refund, seq: standIn.store.nextSeq() });
  batch.change('charge.refunded', charge, at, (changed) => {
    changed.amount_refunded += amount;
    changed.refunded = changed.amount_refunded >= changed.amount;
  });
  batch.emit('refund.created', refund, at);
  standIn.settings.log(`refund ${refund.id}: ${amount} ${refund.currency} of charge ${charge.id}`);
  return refund;
}

export const refundRoutes: Route[] = [
  createRoute(/^\/v1\/refunds$/, CREATE, paymentSubjectExpanders, createRefund),
  listRoute({
    url: '/v1/refunds',
    noun: 'refund',
    expanders: paymentSubjectExpanders,
    select: (standIn) => [...standIn.store.refunds.values()],
    objectOf: (_standIn, record) => record.refund,
    where: { charge: (refund) => refund.charge, payment_intent: (refund) => refund.payment_intent },
  }),
  retrieveRoute(/^\/v1\/refunds\/([^/]+)$/, paymentSubjectExpanders, (standIn, id) => getRefund(standIn, id).refund),
];
