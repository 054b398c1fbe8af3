/** Invoice items (`/v1/invoiceitems`): the prorations of plan changes, read only. */
import type { StandIn } from '../core/context';
import { getCustomer } from '../resources/customers';
import { noSuch, found } from '../core/errors';
import type { Expanders } from '../core/expand';
import { asBoolean } from '../core/params';
import { listRoute, retrieveRoute } from './resource-routes';
import type { Route } from './route';

const expanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

export const invoiceItemRoutes: Route[] = [
  listRoute({
    url: '/v1/invoiceitems',
    noun: 'invoiceitem',
    filters: ['pending'],
    expanders,
    known: { customer: getCustomer },
    select(standIn, form) {
      const pending = asBoolean(form.pending, ['pending']);
      return [...standIn.store.invoiceItems.values()].filter(
        ({ invoiceItem }) => pending === undefined || (invoiceItem.invoice === null) === pending,
      );
    },
    created: (record) => record.invoiceItem.date,
    objectOf: (_standIn, record) => record.invoiceItem,
    where: { customer: (invoiceItem) => invoiceItem.customer, invoice: (invoiceItem) => invoiceItem.invoice },
  }),
  retrieveRoute(/^\/v1\/invoiceitems\/([^/]+)$/, expanders, (standIn, id) => {
    return found(standIn.store.invoiceItems.get(id), () => noSuch('invoiceitem', id)).invoiceItem;
  }),
];
