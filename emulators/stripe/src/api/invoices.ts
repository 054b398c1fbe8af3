/** Invoices (`/v1/invoices`) and their lines, read only: the billing engine makes them. */
import { getCustomer } from '../resources/customers';
import { assertExpandable } from '../core/expand';
import { subscriptionIdOf, expanders, renderInvoice, getInvoice } from '../resources/invoices';
import { parseListParams, listPage } from '../core/lists';
import { oneOf } from '../core/params';
import { listRoute, retrieveRoute } from './resource-routes';
import { type Route, ok } from './route';
import { getSubscription } from '../resources/subscriptions';

const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceRoutes: Route[] = [
  listRoute({
    url: '/v1/invoices',
    noun: 'invoice',
    filters: ['status'],
    expanders,
    known: { customer: getCustomer, subscription: getSubscription },
    select(standIn, form) {
      const status = oneOf(form.status, ['status'], STATUSES);
      return [...standIn.store.invoices.values()].filter(({ invoice }) => status === undefined || invoice.status === status);
    },
    objectOf: (_standIn, record) => record.invoice,
    render: renderInvoice,
    where: { customer: (invoice) => invoice.customer, subscription: subscriptionIdOf },
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
