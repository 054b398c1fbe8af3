/** Charges, PaymentIntents and InvoicePayments (`/v1/charges`, `/v1/payment_intents`,
 *  `/v1/invoice_payments`), read only. */
import type Stripe from 'stripe';
import type { StandIn } from '../resources/context';
import { type Expanders, itemPaths, assertExpandable, expandObject } from '../resources/expand';
import { parseListParams, newestFirst, listPage } from '../resources/lists';
import { asString, rejectUnknown, parseExpand, oneOf, asObject, required } from '../resources/params';
import { chargeExpanders, renderCharge, getCharge, getPaymentIntent } from '../resources/payments';
import { type Route, ok } from './route';
import type { InvoicePaymentRecord } from '../resources/store';
import { noSuch } from '../resources/errors';

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
  {
    method: 'GET',
    path: /^\/v1\/charges$/,
    handle(standIn, { form }) {
      const params = parseListParams(form, ['customer', 'payment_intent']);
      const customerId = asString(form.customer, ['customer']);
      const paymentIntentId = asString(form.payment_intent, ['payment_intent']);
      const records = [...standIn.store.charges.values()].filter(
        ({ charge }) =>
          (customerId === undefined || charge.customer === customerId) &&
          (paymentIntentId === undefined || charge.payment_intent === paymentIntentId),
      );
      const charges = newestFirst(records, (record) => record.charge.created).map((record) => record.charge);
      const paths = itemPaths(params.expand);
      assertExpandable(paths, chargeExpanders(standIn));
      const page = listPage(charges, params, '/v1/charges', 'charge');
      return ok({ ...page, data: page.data.map((charge) => renderCharge(standIn, charge, paths)) });
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/charges\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, chargeExpanders(standIn));
      return ok(renderCharge(standIn, getCharge(standIn, id).charge, expand));
    },
  },
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
  {
    method: 'GET',
    path: /^\/v1\/invoice_payments$/,
    handle(standIn, { form }) {
      const params = parseListParams(form, ['invoice', 'payment', 'status']);
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
      const records = [...standIn.store.invoicePayments.values()].filter(
        ({ invoicePayment }) =>
          (invoiceId === undefined || invoicePayment.invoice === invoiceId) &&
          (status === undefined || invoicePayment.status === status) &&
          matchesPayment(invoicePayment.payment),
      );
      const payments = newestFirst(records, (record: InvoicePaymentRecord) => record.invoicePayment.created).map(
        (record) => record.invoicePayment,
      );
      const paths = itemPaths(params.expand);
      const expanders = invoicePaymentExpanders(standIn);
      assertExpandable(paths, expanders);
      const page = listPage(payments, params, '/v1/invoice_payments', 'invoice_payment');
      return ok({ ...page, data: page.data.map((item) => expandObject(item, paths, expanders)) });
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/invoice_payments\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      const expanders = invoicePaymentExpanders(standIn);
      assertExpandable(expand, expanders);
      const record = standIn.store.invoicePayments.get(id);
      if (!record) throw noSuchInvoicePayment(id);
      return ok(expandObject(record.invoicePayment, expand, expanders));
    },
  },
];
