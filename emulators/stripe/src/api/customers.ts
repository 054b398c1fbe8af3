/** Customers (`/v1/customers`): create, retrieve, update, list, and their saved cards. */
import { getClock } from '../resources/clock-records';
import { customerNow, type StandIn } from '../core/context';
import { type NewCustomer, expanders, createCustomer, getCustomer } from '../resources/customers';
import { invalidRequest } from '../core/errors';
import { expandObject } from '../core/expand';
import type { EventBatch } from '../core/events';
import type { FormObject } from '../core/form-encoding';
import { asEmail, asString, parseMetadata, asObject, updateMetadata, rejectUnknown } from '../core/params';
import { expanders as paymentMethodExpanders, getPaymentMethod } from '../resources/payment-methods';
import { createRoute, listRoute, readExpand, retrieveRoute, withEvents } from './resource-routes';
import { ok, type Route } from './route';

const CUSTOMER_PATH = /^\/v1\/customers\/([^/]+)$/;
const CREATE = ['email', 'name', 'description', 'metadata', 'test_clock', 'expand'];
const UPDATE = ['email', 'name', 'description', 'metadata', 'invoice_settings', 'expand'];

function create(standIn: StandIn, form: FormObject, batch: EventBatch) {
  const params: NewCustomer = {
    email: asEmail(form.email, ['email']) ?? null,
    name: asString(form.name, ['name']) ?? null,
    description: asString(form.description, ['description']) ?? null,
    metadata: parseMetadata(form.metadata),
    clockId: asString(form.test_clock, ['test_clock']) ?? null,
  };
  if (params.clockId) getClock(standIn, params.clockId, 'test_clock');
  return createCustomer(standIn, batch, params).customer;
}

/** `invoice_settings[default_payment_method]`: null to clear it, else a card of this customer's. */
function defaultPaymentMethodOf(standIn: StandIn, customerId: string, settings: FormObject | undefined): string | null | undefined {
  if (settings?.default_payment_method === undefined) return undefined;
  const param = 'invoice_settings[default_payment_method]';
  const id = asString(settings.default_payment_method, ['invoice_settings', 'default_payment_method']) ?? null;
  if (id !== null && getPaymentMethod(standIn, id, param).paymentMethod.customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
    );
  }
  return id;
}

export const customerRoutes: Route[] = [
  createRoute(/^\/v1\/customers$/, CREATE, expanders, create),
  listRoute({
    url: '/v1/customers',
    noun: 'customer',
    expanders,
    select: (standIn) => [...standIn.store.customers.values()],
    objectOf: (_standIn, record) => record.customer,
    where: { email: (customer) => customer.email, test_clock: (customer) => customer.test_clock },
  }),
  retrieveRoute(CUSTOMER_PATH, expanders, (standIn, id) => getCustomer(standIn, id).customer),
  {
    method: 'POST',
    path: CUSTOMER_PATH,
    handle(standIn, { form, origin }, [id]) {
      // Every parameter is checked before the customer is looked up, as on Stripe: updateRoute
      // looks the object up first.
      const paths = readExpand(form, UPDATE, expanders(standIn));
      const settings = asObject(form.invoice_settings, ['invoice_settings']);
      if (settings) rejectUnknown(settings, ['default_payment_method'], ['invoice_settings']);
      const email = form.email === '' ? null : asEmail(form.email, ['email']);
      const name = form.name === '' ? null : asString(form.name, ['name']);
      const description = form.description === '' ? null : asString(form.description, ['description']);
      const record = getCustomer(standIn, id);
      const metadata = form.metadata === undefined ? undefined : updateMetadata(record.customer.metadata, form.metadata);
      const defaultPaymentMethod = defaultPaymentMethodOf(standIn, id, settings);
      withEvents(standIn, origin, (batch) =>
        batch.change('customer.updated', record.customer, customerNow(standIn, id), (customer) => {
          if (email !== undefined) customer.email = email;
          if (name !== undefined) customer.name = name;
          if (description !== undefined) customer.description = description;
          if (metadata !== undefined) customer.metadata = metadata;
          if (defaultPaymentMethod !== undefined)
            customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: defaultPaymentMethod };
        }),
      );
      return ok(expandObject(record.customer, paths, expanders(standIn)));
    },
  },
  listRoute({
    url: '/v1/customers/:id/payment_methods',
    noun: 'PaymentMethod',
    expanders: paymentMethodExpanders,
    select(standIn, _form, [id]) {
      getCustomer(standIn, id);
      return [...standIn.store.paymentMethods.values()].filter(({ paymentMethod }) => paymentMethod.customer === id);
    },
    objectOf: (_standIn, record) => record.paymentMethod,
    where: { type: (paymentMethod) => paymentMethod.type },
  }),
];
