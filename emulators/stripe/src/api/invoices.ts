/** Invoices (`/v1/invoices`) and their lines, read only: the billing engine makes them. */
import { getCustomer } from '../resources/customers';
import { assertExpandable } from '../core/expand';
import { subscriptionIdOf, expanders, renderInvoice, getInvoice } from '../resources/invoices';
import { parseListParams, listPage } from '../core/lists';
import { asString, oneOf } from '../core/params';
import { listRoute, retrieveRoute } from './resource-routes';
import { type Route, ok } from './route';
import { getSubscription } from '../resources/subscriptions';

const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceRoutes: Route[] = [
  listRoute({
    path: /^\/v1\/invoices$/,
    url: '/v1/invoices',
    noun: 'invoice',
    filters: ['customer', 'subscription', 'status'],
    expanders,
    select(standIn, form) {
      const customerId = asString(form.customer, ['customer']);
      if (customerId !== undefined) getCustomer(standIn, customerId, 'customer');
      const subscriptionId = asString(form.subscription, ['subscription']);
      if (subscriptionId !== undefined) getSubscription(standIn, subscriptionId, 'subscription');
      const status = oneOf(form.status, ['status'], STATUSES);
      return [...standIn.store.invoices.values()].filter(
        ({ invoice }) =>
          (customerId === undefined || invoice.customer === customerId) &&
          (subscriptionId === undefined || subscriptionIdOf(invoice) === subscriptionId) &&
          (status === undefined || invoice.status === status),
      );
    },
    created: (record) => record.invoice.created,
    objectOf: (_standIn, record) => record.invoice,
    render: renderInvoice,
  }),
  retrieveRoute(/^\/v1\/invoices\/([^/]+)$/, expanders, (standIn, id) => getInvoice(standIn, id).invoice, renderInvoice),
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
