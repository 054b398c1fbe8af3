/** A customer's tax IDs (`/v1/customers/:id/tax_ids`). */
import type Stripe from 'stripe';
import { newBatch, customerNow } from '../core/context';
import { getCustomer } from '../resources/customers';
import { invalidRequest } from '../core/errors';
import { rejectUnknown, required, oneOf, asString } from '../core/params';
import { listRoute, NO_EXPANDERS, readExpand } from './resource-routes';
import { type Route, ok } from './route';
import { TAX_ID_TYPES, taxIdProblem, addTaxId, getTaxId } from '../resources/tax-ids';

export const taxIdRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)\/tax_ids$/,
    handle(standIn, { form, origin }, [customerId]) {
      readExpand(form, ['type', 'value', 'expand'], {});
      const type = required(oneOf(form.type, ['type'], TAX_ID_TYPES), ['type']) as Stripe.TaxId.Type;
      const value = required(asString(form.value, ['value']), ['value']);
      const customer = getCustomer(standIn, customerId);
      const problem = taxIdProblem(type, value);
      if (problem) throw invalidRequest(problem, 'value', 'tax_id_invalid');
      const batch = newBatch(standIn, origin);
      const taxId = addTaxId(standIn, batch, customer, type, value);
      void batch.deliver();
      return ok(taxId);
    },
  },
  listRoute({
    url: '/v1/customers/:id/tax_ids',
    noun: 'tax_id',
    filters: [],
    expanders: NO_EXPANDERS,
    select(standIn, _form, [customerId]) {
      getCustomer(standIn, customerId);
      return [...standIn.store.taxIds.values()].filter((record) => record.taxId.customer === customerId);
    },
    objectOf: (_standIn, record) => record.taxId,
  }),
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/,
    handle(standIn, { form }, [customerId, id]) {
      readExpand(form, ['expand'], {});
      getCustomer(standIn, customerId);
      return ok(getTaxId(standIn, customerId, id).taxId);
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/,
    handle(standIn, { form, origin }, [customerId, id]) {
      rejectUnknown(form, []);
      getCustomer(standIn, customerId);
      const record = getTaxId(standIn, customerId, id);
      standIn.store.taxIds.delete(id);
      const batch = newBatch(standIn, origin);
      batch.emit('customer.tax_id.deleted', record.taxId, customerNow(standIn, customerId));
      void batch.deliver();
      return ok({ id, object: 'tax_id', deleted: true });
    },
  },
];
