/** Charges, PaymentIntents and InvoicePayments (`/v1/charges`, `/v1/payment_intents`,
 *  `/v1/invoice_payments`), read only. */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';
import { type Expanders, assertExpandable, expandObject } from '../core/expand';
import { asString, rejectUnknown, parseExpand, oneOf, asObject, required } from '../core/params';
import { chargeExpanders, renderCharge, getCharge, getPaymentIntent } from '../resources/payments';
import { listRoute, retrieveRoute } from './resource-routes';
import { type Route, ok } from './route';
import { noSuch } from '../core/errors';

const paymentIntentExpanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  latest_charge: (id) => standIn.store.charges.get(id as string)?.charge ?? id,
});
const invoicePaymentExpanders = (standIn: StandIn): Expanders => ({
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
  'payment.payment_intent': (id) => standIn.store.paymentIntents.get(id as string)?.paymentIntent ?? id,
});
const INVOICE_PAYMENT_STATUSES = ['open', 'paid', 'canceled'] as const;

const noSuchInvoicePayment = (id: string, param = 'id') => noSuch('invoice_payment', id, param);

export const paymentRoutes: Route[] = [
  listRoute({
    path: /^\/v1\/charges$/,
    url: '/v1/charges',
    noun: 'charge',
    filters: ['customer', 'payment_intent'],
    expanders: chargeExpanders,
    select(standIn, form) {
      const customerId = asString(form.customer, ['customer']);
      const paymentIntentId = asString(form.payment_intent, ['payment_intent']);
      return [...standIn.store.charges.values()].filter(
        ({ charge }) =>
          (customerId === undefined || charge.customer === customerId) &&
          (paymentIntentId === undefined || charge.payment_intent === paymentIntentId),
      );
    },
    created: (record) => record.charge.created,
    objectOf: (_standIn, record) => record.charge,
    render: renderCharge,
  }),
  retrieveRoute(/^\/v1\/charges\/([^/]+)$/, chargeExpanders, (standIn, id) => getCharge(standIn, id).charge, renderCharge),
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand', 'client_secret']);
      const expand = parseExpand(form);
      const expanders = paymentIntentExpanders(standIn);
      assertExpandable(expand, expanders);
      return ok(expandObject(getPaymentIntent(standIn, id).paymentIntent, expand, expanders));
    },
  },
  listRoute({
    path: /^\/v1\/invoice_payments$/,
    url: '/v1/invoice_payments',
    noun: 'invoice_payment',
    filters: ['invoice', 'payment', 'status'],
    expanders: invoicePaymentExpanders,
    select(standIn, form) {
      const invoiceId = asString(form.invoice, ['invoice']);
      const status = oneOf(form.status, ['status'], INVOICE_PAYMENT_STATUSES);
      const payment = asObject(form.payment, ['payment']);
      let matchesPayment = (_payment: Stripe.InvoicePayment.Payment) => true;
      if (payment) {
        rejectUnknown(payment, ['type', 'payment_intent', 'payment_record'], ['payment']);
        // Stripe requires the type beside the id it filters by.
        const type = required(oneOf(payment.type, ['payment', 'type'], ['payment_intent', 'payment_record'] as const), ['payment', 'type']);
        const paymentIntentId = asString(payment.payment_intent, ['payment', 'payment_intent']);
        // Every payment here is a PaymentIntent: a payment_record filter matches none.
        matchesPayment = (candidate) =>
          candidate.type === type && (paymentIntentId === undefined || candidate.payment_intent === paymentIntentId);
      }
      return [...standIn.store.invoicePayments.values()].filter(
        ({ invoicePayment }) =>
          (invoiceId === undefined || invoicePayment.invoice === invoiceId) &&
          (status === undefined || invoicePayment.status === status) &&
          matchesPayment(invoicePayment.payment),
      );
    },
    created: (record) => record.invoicePayment.created,
    objectOf: (_standIn, record) => record.invoicePayment,
  }),
  retrieveRoute(/^\/v1\/invoice_payments\/([^/]+)$/, invoicePaymentExpanders, (standIn, id) => {
    const record = standIn.store.invoicePayments.get(id);
    if (!record) throw noSuchInvoicePayment(id);
    return record.invoicePayment;
  }),
];
