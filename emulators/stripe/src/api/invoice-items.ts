/** Invoice items (`/v1/invoiceitems`): the prorations of plan changes, read only. */
import type { StandIn } from '../core/context';
import { getCustomer } from '../resources/customers';
import { noSuch } from '../core/errors';
import type { Expanders } from '../core/expand';
import { asBoolean, asString } from '../core/params';
import { listRoute, retrieveRoute } from './resource-routes';
import type { Route } from './route';

const expanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

export const invoiceItemRoutes: Route[] = [
  listRoute({
    path: /^\/v1\/invoiceitems$/,
    url: '/v1/invoiceitems',
    noun: 'invoiceitem',
    filters: ['customer', 'invoice', 'pending'],
    expanders,
    select(standIn, form) {
      const customerId = asString(form.customer, ['customer']);
      if (customerId !== undefined) getCustomer(standIn, customerId, 'customer');
      const invoiceId = asString(form.invoice, ['invoice']);
      const pending = asBoolean(form.pending, ['pending']);
      return [...standIn.store.invoiceItems.values()].filter(
        ({ invoiceItem }) =>
          (customerId === undefined || invoiceItem.customer === customerId) &&
          (invoiceId === undefined || invoiceItem.invoice === invoiceId) &&
          (pending === undefined || (invoiceItem.invoice === null) === pending),
      );
    },
    created: (record) => record.invoiceItem.date,
    objectOf: (_standIn, record) => record.invoiceItem,
  }),
  retrieveRoute(/^\/v1\/invoiceitems\/([^/]+)$/, expanders, (standIn, id) => {
    const record = standIn.store.invoiceItems.get(id);
    if (!record) throw noSuch('invoiceitem', id);
    return record.invoiceItem;
  }),
];
