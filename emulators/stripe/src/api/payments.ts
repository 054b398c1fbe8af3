/** Charges, PaymentIntents and InvoicePayments (`/v1/charges`, `/v1/payment_intents`,
 *  `/v1/invoice_payments`), read only. */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';
import { type Expanders, expandObject } from '../core/expand';
import { asString, rejectUnknown, oneOf, asObject, required } from '../core/params';
import { chargeExpanders, renderCharge, getCharge, getPaymentIntent } from '../resources/payments';
import { listRoute, retrieveRoute, readExpand } from './resource-routes';
import { type Route, ok } from './route';
import { noSuch, found } from '../core/errors';

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
    url: '/v1/charges',
    noun: 'charge',
    expanders: chargeExpanders,
    select: (standIn) => [...standIn.store.charges.values()],
    objectOf: (_standIn, record) => record.charge,
    render: renderCharge,
    where: { customer: (charge) => charge.customer, payment_intent: (charge) => charge.payment_intent },
  }),
  retrieveRoute(/^\/v1\/charges\/([^/]+)$/, chargeExpanders, (standIn, id) => getCharge(standIn, id).charge, renderCharge),
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      const expanders = paymentIntentExpanders(standIn);
      const expand = readExpand(form, ['expand', 'client_secret'], expanders);
      return ok(expandObject(getPaymentIntent(standIn, id).paymentIntent, expand, expanders));
    },
  },
  listRoute({
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
    objectOf: (_standIn, record) => record.invoicePayment,
  }),
  retrieveRoute(/^\/v1\/invoice_payments\/([^/]+)$/, invoicePaymentExpanders, (standIn, id) => {
    return found(standIn.store.invoicePayments.get(id), () => noSuchInvoicePayment(id)).invoicePayment;
  }),
];
