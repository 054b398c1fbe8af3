/** Customers (`/v1/customers`): create, retrieve, update, list, and their saved cards. */
import { getClock } from '../resources/clock-records';
import { newBatch, customerNow } from '../resources/context';
import { type NewCustomer, expanders, createCustomer, renderCustomer, getCustomer } from '../resources/customers';
import { invalidRequest } from '../resources/errors';
import { assertExpandable, itemPaths } from '../resources/expand';
import { parseListParams, newestFirst, listPage } from '../resources/lists';
import { rejectUnknown, parseExpand, asEmail, asString, parseMetadata, asObject, updateMetadata } from '../resources/params';
import { getPaymentMethod, renderPaymentMethod } from '../resources/payment-methods';
import { type Route, ok } from './route';

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
