/**
 * The money behind a paid invoice, in Stripe's shapes at this API version: a PaymentIntent
 * (`pi_…`, `succeeded`), the charge it made (`ch_…`) and the InvoicePayment (`inpay_…`) that ties
 * the PaymentIntent to the invoice — a Charge names no invoice at this version, so
 * `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=pi_…` is how one
 * gets from a charge to its invoice, as on Stripe. Here too: retrieving and listing them.
 */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';
import { noSuch, found } from '../core/errors';
import { expandObject, type Expanders } from '../core/expand';
import { randomId } from '../core/ids';
import { newestFirst } from '../core/lists';
import type { ChargeRecord, InvoiceRecord, PaymentIntentRecord, PaymentMethodRecord } from '../core/store';

export const noSuchCharge = (id: string, param = 'id') => noSuch('charge', id, param);
export const noSuchPaymentIntent = (id: string, param = 'id') => noSuch('payment_intent', id, param);
export function getCharge(standIn: StandIn, id: string, param = 'id'): ChargeRecord {
  return found(standIn.store.charges.get(id), () => noSuchCharge(id, param));
}

export function getPaymentIntent(standIn: StandIn, id: string, param = 'id'): PaymentIntentRecord {
  return found(standIn.store.paymentIntents.get(id), () => noSuchPaymentIntent(id, param));
}

/** The id an expandable field holds, expanded or not. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What Stripe names an invoice's payment. */
const paymentDescription = (invoice: Stripe.Invoice) =>
  invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update';

function newCharge(invoice: Stripe.Invoice, paymentIntentId: string, paymentMethod: PaymentMethodRecord, at: number): Stripe.Charge {
  const { paymentMethod: method } = paymentMethod;
  return {
    id: randomId('ch_', 24),
    object: 'charge',
    amount: invoice.amount_due,
    amount_captured: invoice.amount_due,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: randomId('txn_', 24),
    billing_details: method.billing_details,
    calculated_statement_descriptor: invoice.account_name?.toUpperCase().slice(0, 22) ?? null,
    captured: true,
    created: at,
    currency: invoice.currency,
    customer: invoice.customer as string,
    description: paymentDescription(invoice),
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: paymentIntentId,
    payment_method: method.id,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

function newPaymentIntent(
  id: string,
  invoice: Stripe.Invoice,
  chargeId: string,
  paymentMethodId: string,
  at: number,
): Stripe.PaymentIntent {
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: invoice.amount_due,
    amount_capturable: 0,
    amount_received: invoice.amount_due,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: null,
    confirmation_method: 'automatic',
    created: at,
    currency: invoice.currency,
    customer: invoice.customer as string,
    customer_account: null,
    description: paymentDescription(invoice),
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: chargeId,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethodId,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_group: null,
  };
}

/**
 * The invoice was paid with `paymentMethod`: its PaymentIntent, charge and InvoicePayment. No
 * events of their own (`payment_intent.*`, `charge.succeeded`): Stripe sends them, but nothing
 * here listens to them and the invoice's events already tell that it was paid.
 */
export function recordInvoicePayment(standIn: StandIn, record: InvoiceRecord, paymentMethod: PaymentMethodRecord, at: number) {
  const { invoice } = record;
  const paymentIntentId = randomId('pi_', 24);
  const charge = newCharge(invoice, paymentIntentId, paymentMethod, at);
  const paymentIntent = newPaymentIntent(paymentIntentId, invoice, charge.id, paymentMethod.paymentMethod.id, at);
  const invoicePayment: Stripe.InvoicePayment = {
    id: randomId('inpay_', 24),
    object: 'invoice_payment',
    amount_paid: invoice.amount_due,
    amount_requested: invoice.amount_due,
    created: at,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntentId, type: 'payment_intent' },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: at },
  };
  const { store } = standIn;
  store.paymentIntents.set(paymentIntent.id, { paymentIntent, seq: store.nextSeq() });
  store.charges.set(charge.id, { charge, seq: store.nextSeq() });
  store.invoicePayments.set(invoicePayment.id, { invoicePayment, seq: store.nextSeq() });
  standIn.settings.log(`invoice ${invoice.id}: charge ${charge.id} (${charge.amount} ${charge.currency}), ${paymentIntent.id}`);
}

/** The InvoicePayments of an invoice, oldest first: what `expand[]=payments` on an invoice shows. */
export function paymentsOf(standIn: StandIn, invoiceId: string): Stripe.ApiList<Stripe.InvoicePayment> {
  const data = [...standIn.store.invoicePayments.values()]
    .filter((record) => record.invoicePayment.invoice === invoiceId)
    .sort((a, b) => a.seq - b.seq)
    .map((record) => record.invoicePayment);
  return { object: 'list', data, has_more: false, url: `/v1/invoice_payments?invoice=${invoiceId}` };
}

/** The `expand[]` paths of a refund or a dispute: the charge and the PaymentIntent it is about. */
export const paymentSubjectExpanders = (standIn: StandIn): Expanders => ({
  charge: (id) => standIn.store.charges.get(id as string)?.charge ?? id,
  payment_intent: (id) => standIn.store.paymentIntents.get(id as string)?.paymentIntent ?? id,
});

export const chargeExpanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  payment_intent: (id) => standIn.store.paymentIntents.get(id as string)?.paymentIntent ?? id,
  // Not included by default at this API version; renderCharge adds them when asked for.
  refunds: (value) => value,
});

function refundsOf(standIn: StandIn, chargeId: string): Stripe.ApiList<Stripe.Refund> {
  const records = [...standIn.store.refunds.values()].filter((record) => record.refund.charge === chargeId);
  const data = newestFirst(records, (record) => record.refund.created).map((record) => record.refund);
  return { object: 'list', data, has_more: false, url: `/v1/charges/${chargeId}/refunds` };
}

/** A charge as the API answers it: `refunds` only when expanded (absent by default). */
export function renderCharge(standIn: StandIn, charge: Stripe.Charge, expand: readonly string[]): Stripe.Charge {
  const rendered = expandObject(charge, expand, chargeExpanders(standIn));
  return expand.includes('refunds') ? { ...rendered, refunds: refundsOf(standIn, charge.id) } : rendered;
}
