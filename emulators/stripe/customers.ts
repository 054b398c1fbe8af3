/**
 * Customers (`/v1/customers`): create, retrieve, update, list, and their saved cards
 * (`/v1/customers/:id/payment_methods`). Every customer lives on a test clock — the one named by
 * `test_clock`, or a new clock of its own — so a test can advance any customer's time.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { getClock, newClock } from './clock-records';
import { customerNow, newBatch, standInNow, type StandIn } from './context';
import { invalidRequest, noSuchCustomer } from './errors';
import type { EventBatch } from './events';
import { assertExpandable, expandObject, itemPaths, type Expanders } from './expand';
import { randomId } from './ids';
import { listPage, newestFirst, parseListParams } from './lists';
import { asEmail, asObject, asString, parseExpand, parseMetadata, rejectUnknown, updateMetadata } from './params';
import { getPaymentMethod, renderPaymentMethod } from './payment-methods';
import { ok, type Route } from './route';
import type { CustomerRecord } from './store';

export interface NewCustomer {
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** An existing clock; null: a new clock of its own, frozen at the stand-in's current time. */
  clockId: string | null;
}

/** Creates the customer (and its clock): `customer.created`. */
export function createCustomer(standIn: StandIn, batch: EventBatch, params: NewCustomer): CustomerRecord {
  const clock = params.clockId
    ? getClock(standIn, params.clockId, 'test_clock')
    : newClock(standIn, standInNow(standIn), `Stand-in clock for ${params.email ?? 'a new customer'}`);
  const at = clock.now;
  const customer: Stripe.Customer = {
    id: randomId('cus_', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: at,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: params.description,
    discount: null,
    email: params.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: params.metadata,
    name: params.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: clock.clock.id,
  };
  const record: CustomerRecord = { customer, seq: standIn.store.nextSeq() };
  standIn.store.customers.set(customer.id, record);
  standIn.settings.log(`customer ${customer.id} created (${customer.email ?? 'no email'}) on test clock ${clock.clock.id}`);
  batch.emit('customer.created', customer, at);
  return record;
}

export function getCustomer(standIn: StandIn, id: string, param = 'id'): CustomerRecord {
  const record = standIn.store.customers.get(id);
  if (!record) throw noSuchCustomer(id, param);
  return record;
}

/** The customer's default card (`invoice_settings.default_payment_method`), if any. */
export function defaultPaymentMethodId(record: CustomerRecord): string | null {
  const value = record.customer.invoice_settings.default_payment_method;
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** Makes `paymentMethodId` the customer's default: `customer.updated`. */
export function setDefaultPaymentMethod(standIn: StandIn, batch: EventBatch, record: CustomerRecord, paymentMethodId: string | null) {
  batch.change('customer.updated', record.customer, customerNow(standIn, record.customer.id), (customer) => {
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: paymentMethodId };
  });
}

const expanders = (standIn: StandIn): Expanders => ({
  'invoice_settings.default_payment_method': (id) => standIn.store.paymentMethods.get(id as string)?.paymentMethod ?? id,
  test_clock: (id) => standIn.store.clocks.get(id as string)?.clock ?? id,
});

export function renderCustomer(standIn: StandIn, customer: Stripe.Customer, expand: readonly string[]) {
  return expandObject(customer, expand, expanders(standIn));
}

const CUSTOMER_PATH = /^\/v1\/customers\/([^/]+)$/;

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handle(standIn, { form, origin }) {
      rejectUnknown(form, ['email', 'name', 'description', 'metadata', 'test_clock', 'expand']);
      const expand = parseExpand(form);
      const params: NewCustomer = {
        email: asEmail(form.email, ['email']) ?? null,
        name: asString(form.name, ['name']) ?? null,
        description: asString(form.description, ['description']) ?? null,
        metadata: parseMetadata(form.metadata),
        clockId: asString(form.test_clock, ['test_clock']) ?? null,
      };
      assertExpandable(expand, expanders(standIn));
      if (params.clockId) getClock(standIn, params.clockId, 'test_clock');
      const batch = newBatch(standIn, origin);
      const record = createCustomer(standIn, batch, params);
      void batch.deliver();
      return ok(renderCustomer(standIn, record.customer, expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers$/,
    handle(standIn, { form }) {
      const params = parseListParams(form, ['email', 'test_clock']);
      const email = asString(form.email, ['email']);
      const clockId = asString(form.test_clock, ['test_clock']);
      const records = [...standIn.store.customers.values()].filter(
        ({ customer }) => (email === undefined || customer.email === email) && (clockId === undefined || customer.test_clock === clockId),
      );
      const customers = newestFirst(records, (record) => record.customer.created).map((record) => record.customer);
      const page = listPage(customers, params, '/v1/customers', 'customer');
      const paths = itemPaths(params.expand);
      assertExpandable(paths, expanders(standIn));
      return ok({ ...page, data: page.data.map((customer) => renderCustomer(standIn, customer, paths)) });
    },
  },
  {
    method: 'GET',
    path: CUSTOMER_PATH,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(renderCustomer(standIn, getCustomer(standIn, id).customer, expand));
    },
  },
  {
    method: 'POST',
    path: CUSTOMER_PATH,
    handle(standIn, { form, origin }, [id]) {
      rejectUnknown(form, ['email', 'name', 'description', 'metadata', 'invoice_settings', 'expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      const settings = asObject(form.invoice_settings, ['invoice_settings']);
      if (settings) rejectUnknown(settings, ['default_payment_method'], ['invoice_settings']);
      const email = form.email === '' ? null : asEmail(form.email, ['email']);
      const name = form.name === '' ? null : asString(form.name, ['name']);
      const description = form.description === '' ? null : asString(form.description, ['description']);
      const record = getCustomer(standIn, id);
      const metadata = form.metadata === undefined ? undefined : updateMetadata(record.customer.metadata, form.metadata);
      let defaultPaymentMethod: string | null | undefined;
      if (settings?.default_payment_method !== undefined) {
        const param = 'invoice_settings[default_payment_method]';
        defaultPaymentMethod = asString(settings.default_payment_method, ['invoice_settings', 'default_payment_method']) ?? null;
        if (defaultPaymentMethod !== null && getPaymentMethod(standIn, defaultPaymentMethod, param).paymentMethod.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
            param,
          );
        }
      }
      const batch = newBatch(standIn, origin);
      batch.change('customer.updated', record.customer, customerNow(standIn, id), (customer) => {
        if (email !== undefined) customer.email = email;
        if (name !== undefined) customer.name = name;
        if (description !== undefined) customer.description = description;
        if (metadata !== undefined) customer.metadata = metadata;
        if (defaultPaymentMethod !== undefined)
          customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: defaultPaymentMethod };
      });
      void batch.deliver();
      return ok(renderCustomer(standIn, record.customer, expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
    handle(standIn, { form }, [id]) {
      const params = parseListParams(form, ['type']);
      const type = asString(form.type, ['type']);
      getCustomer(standIn, id);
      const records = [...standIn.store.paymentMethods.values()].filter(
        ({ paymentMethod }) => paymentMethod.customer === id && (type === undefined || paymentMethod.type === type),
      );
      const methods = newestFirst(records, (record) => record.paymentMethod.created).map((record) => record.paymentMethod);
      const page = listPage(methods, params, `/v1/customers/${id}/payment_methods`, 'PaymentMethod');
      const paths = itemPaths(params.expand);
      return ok({ ...page, data: page.data.map((method) => renderPaymentMethod(standIn, method, paths)) });
    },
  },
];
