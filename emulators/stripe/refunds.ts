/**
 * Refunds (`/v1/refunds`): full or partial, of a charge or of a PaymentIntent's charge, refused as
 * Stripe refuses them (more than what remains, a charge already refunded, a charge under
 * dispute). A refund succeeds at once (card refunds are `succeeded` in test mode) and sends
 * `charge.refunded` (the charge, with `amount_refunded` and `refunded` in `previous_attributes`)
 * and `refund.created`.
 */
import type Stripe from 'stripe';
import { customerNow, newBatch, type StandIn } from './context';
import { invalidRequest, noSuch } from './errors';
import { assertExpandable, expandObject, itemPaths, type Expanders } from './expand';
import { formatAmount } from './html';
import { randomId } from './ids';
import { listPage, newestFirst, parseListParams } from './lists';
import { asInteger, asString, oneOf, parseExpand, parseMetadata, rejectUnknown } from './params';
import { getCharge, getPaymentIntent, idOf } from './payments';
import { ok, type Route } from './route';
import type { ChargeRecord, RefundRecord } from './store';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const expanders = (standIn: StandIn): Expanders => ({
  charge: (id) => standIn.store.charges.get(id as string)?.charge ?? id,
  payment_intent: (id) => standIn.store.paymentIntents.get(id as string)?.paymentIntent ?? id,
});

function getRefund(standIn: StandIn, id: string): RefundRecord {
  const record = standIn.store.refunds.get(id);
  if (!record) throw noSuch('refund', id);
  return record;
}

/** The charge a refund request names: `charge`, or the latest charge of `payment_intent`. */
function chargeToRefund(standIn: StandIn, chargeId: string | undefined, paymentIntentId: string | undefined): ChargeRecord {
  if (chargeId !== undefined && paymentIntentId !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: charge, payment_intent.', 'charge');
  }
  if (chargeId !== undefined) return getCharge(standIn, chargeId, 'charge');
  if (paymentIntentId === undefined) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
      undefined,
      'parameter_missing',
    );
  }
  const latest = idOf(getPaymentIntent(standIn, paymentIntentId, 'payment_intent').paymentIntent.latest_charge);
  const charge = latest === null ? undefined : standIn.store.charges.get(latest);
  if (!charge || charge.charge.status !== 'succeeded') {
    throw invalidRequest(`This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`, 'payment_intent');
  }
  return charge;
}

export const refundRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    handle(standIn, { form, origin }) {
      rejectUnknown(form, ['charge', 'payment_intent', 'amount', 'reason', 'metadata', 'expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
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
      const batch = newBatch(standIn, origin);
      batch.change('charge.refunded', charge, at, (changed) => {
        changed.amount_refunded += amount;
        changed.refunded = changed.amount_refunded >= changed.amount;
      });
      batch.emit('refund.created', refund, at);
      standIn.settings.log(`refund ${refund.id}: ${amount} ${refund.currency} of charge ${charge.id}`);
      void batch.deliver();
      return ok(expandObject(refund, expand, expanders(standIn)));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds$/,
    handle(standIn, { form }) {
      const params = parseListParams(form, ['charge', 'payment_intent']);
      const chargeId = asString(form.charge, ['charge']);
      const paymentIntentId = asString(form.payment_intent, ['payment_intent']);
      const records = [...standIn.store.refunds.values()].filter(
        ({ refund }) =>
          (chargeId === undefined || refund.charge === chargeId) &&
          (paymentIntentId === undefined || refund.payment_intent === paymentIntentId),
      );
      const refunds = newestFirst(records, (record) => record.refund.created).map((record) => record.refund);
      const paths = itemPaths(params.expand);
      assertExpandable(paths, expanders(standIn));
      const page = listPage(refunds, params, '/v1/refunds', 'refund');
      return ok({ ...page, data: page.data.map((refund) => expandObject(refund, paths, expanders(standIn))) });
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(expandObject(getRefund(standIn, id).refund, expand, expanders(standIn)));
    },
  },
];
