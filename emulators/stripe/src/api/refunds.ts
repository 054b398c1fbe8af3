/** Refunds (`/v1/refunds`): of a charge or a PaymentIntent's latest charge, whole or in part. */
import type Stripe from 'stripe';
import { customerNow, newBatch, type StandIn } from '../resources/context';
import { invalidRequest } from '../resources/errors';
import { assertExpandable, expandObject, itemPaths, type Expanders } from '../resources/expand';
import { formatAmount } from '../resources/format';
import { randomId } from '../resources/ids';
import { parseListParams, newestFirst, listPage } from '../resources/lists';
import { rejectUnknown, parseExpand, asInteger, oneOf, parseMetadata, asString } from '../resources/params';
import { idOf } from '../resources/payments';
import { chargeToRefund, getRefund } from '../resources/refunds';
import { type Route, ok } from './route';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const expanders = (standIn: StandIn): Expanders => ({
  charge: (id) => standIn.store.charges.get(id as string)?.charge ?? id,
  payment_intent: (id) => standIn.store.paymentIntents.get(id as string)?.paymentIntent ?? id,
});

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
