/** A customer's credit balance (`/v1/customers/:id/balance_transactions`): adjustments and the list. */
import { move, transactionsOf } from '../resources/balance-transactions';
import { newBatch, type StandIn } from '../core/context';
import { getCustomer } from '../resources/customers';
import { invalidRequest, noSuch } from '../core/errors';
import { expandObject, type Expanders } from '../core/expand';
import { required, asInteger, asString, parseMetadata } from '../core/params';
import { listRoute, readExpand } from './resource-routes';
import { type Route, ok } from './route';

const expanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

export const balanceTransactionRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions$/,
    handle(standIn, { form, origin }, [id]) {
      const expand = readExpand(form, ['amount', 'currency', 'description', 'metadata', 'expand'], expanders(standIn));
      const amount = required(asInteger(form.amount, ['amount'], Number.MIN_SAFE_INTEGER), ['amount']);
      const currency = required(asString(form.currency, ['currency']), ['currency']).toLowerCase();
      const description = asString(form.description, ['description']) ?? null;
      const metadata = parseMetadata(form.metadata);
      const record = getCustomer(standIn, id);
      if (amount === 0) throw invalidRequest('The amount must be a non-zero integer.', 'amount');
      if (record.customer.currency !== null && record.customer.currency !== currency) {
        throw invalidRequest(
          `The currency of this transaction (${currency}) must match the customer's currency (${record.customer.currency}).`,
          'currency',
        );
      }
      const batch = newBatch(standIn, origin);
      const transaction = move(standIn, batch, record, { amount, type: 'adjustment', currency, description, metadata, invoice: null });
      void batch.deliver();
      return ok(expandObject(transaction, expand, expanders(standIn)));
    },
  },
  listRoute({
    url: '/v1/customers/:id/balance_transactions',
    noun: 'customer_balance_transaction',
    expanders,
    select(standIn, _form, [id]) {
      getCustomer(standIn, id);
      return transactionsOf(standIn, id);
    },
    objectOf: (_standIn, record) => record.transaction,
    where: { invoice: (transaction) => transaction.invoice },
  }),
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions\/([^/]+)$/,
    handle(standIn, { form }, [id, transactionId]) {
      const expand = readExpand(form, ['expand'], expanders(standIn));
      getCustomer(standIn, id);
      const record = standIn.store.balanceTransactions.get(transactionId);
      if (!record || record.transaction.customer !== id) throw noSuch('customer_balance_transaction', transactionId);
      return ok(expandObject(record.transaction, expand, expanders(standIn)));
    },
  },
];
