/** Invoices (`/v1/invoices`) and their lines, read only: the billing engine makes them. */
import { getCustomer } from '../resources/customers';
import { itemPaths, assertExpandable } from '../resources/expand';
import { subscriptionIdOf, expanders, renderInvoice, getInvoice } from '../resources/invoices';
import { parseListParams, newestFirst, listPage } from '../resources/lists';
import { asString, oneOf, rejectUnknown, parseExpand } from '../resources/params';
import { type Route, ok } from './route';
import { getSubscription } from '../resources/subscriptions';

const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/invoices$/,
    handle(standIn, { form }) {
      const params = parseListParams(form, ['customer', 'subscription', 'status']);
      const customerId = asString(form.customer, ['customer']);
      if (customerId !== undefined) getCustomer(standIn, customerId, 'customer');
      const subscriptionId = asString(form.subscription, ['subscription']);
      if (subscriptionId !== undefined) getSubscription(standIn, subscriptionId, 'subscription');
      const status = oneOf(form.status, ['status'], STATUSES);
      const records = [...standIn.store.invoices.values()].filter(
        ({ invoice }) =>
          (customerId === undefined || invoice.customer === customerId) &&
          (subscriptionId === undefined || subscriptionIdOf(invoice) === subscriptionId) &&
          (status === undefined || invoice.status === status),
      );
      const invoices = newestFirst(records, (record) => record.invoice.created).map((record) => record.invoice);
      const paths = itemPaths(params.expand);
      assertExpandable(paths, expanders(standIn));
      const page = listPage(invoices, params, '/v1/invoices', 'invoice');
      return ok({ ...page, data: page.data.map((invoice) => renderInvoice(standIn, invoice, paths)) });
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/invoices\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(renderInvoice(standIn, getInvoice(standIn, id).invoice, expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/invoices\/([^/]+)\/lines$/,
    handle(standIn, { form }, [id]) {
      const params = parseListParams(form, []);
      assertExpandable(params.expand, {});
      const { invoice } = getInvoice(standIn, id);
      return ok(listPage(invoice.lines.data, params, `/v1/invoices/${id}/lines`, 'line_item'));
    },
  },
];
