/**
 * A customer's credit balance (`/v1/customers/:id/balance_transactions`): an adjustment moves the
 * customer's `balance` (negative is credit owed to the customer) and sends `customer.updated`;
 * the customer's next invoice takes it when it is finalized, as Stripe does: `starting_balance`
 * is the balance then, `amount_due` is the total less the credit (never below zero),
 * `ending_balance` what credit is left, and an `applied_to_invoice` transaction records the move.
 */
import type Stripe from 'stripe';
import { customerNow, newBatch, type StandIn } from './context';
import { getCustomer } from './customers';
import { invalidRequest, noSuch } from './errors';
import type { EventBatch } from './events';
import { assertExpandable, expandObject, itemPaths, type Expanders } from './expand';
import { randomId } from './ids';
import { listPage, newestFirst, parseListParams } from './lists';
import { asInteger, asString, parseExpand, parseMetadata, rejectUnknown, required } from './params';
import { ok, type Route } from './route';
import type { CustomerRecord, InvoiceRecord } from './store';

const expanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

interface Movement {
  amount: number;
  type: Stripe.CustomerBalanceTransaction.Type;
  currency: string;
  description: string | null;
  metadata: Record<string, string> | null;
  invoice: string | null;
}

/** Records the movement and changes the balance: `customer.updated`. */
function move(standIn: StandIn, batch: EventBatch, record: CustomerRecord, movement: Movement): Stripe.CustomerBalanceTransaction {
  const { customer } = record;
  const at = customerNow(standIn, customer.id);
  const transaction: Stripe.CustomerBalanceTransaction = {
    id: randomId('cbtxn_', 24),
    object: 'customer_balance_transaction',
    amount: movement.amount,
    checkout_session: null,
    created: at,
    credit_note: null,
    currency: movement.currency,
    customer: customer.id,
    customer_account: null,
    description: movement.description,
    ending_balance: customer.balance + movement.amount,
    invoice: movement.invoice,
    livemode: false,
    metadata: movement.metadata,
    type: movement.type,
  };
  standIn.store.balanceTransactions.set(transaction.id, { transaction, seq: standIn.store.nextSeq() });
  batch.change('customer.updated', customer, at, (changed) => {
    changed.balance = transaction.ending_balance;
    changed.currency = changed.currency ?? movement.currency;
  });
  standIn.settings.log(`customer ${customer.id}: balance ${transaction.amount} (${transaction.type}), now ${transaction.ending_balance}`);
  return transaction;
}

/** At finalization: the customer's balance goes into the invoice (see the module's comment). */
export function applyBalance(standIn: StandIn, batch: EventBatch, record: InvoiceRecord) {
  const { invoice } = record;
  const customer = getCustomer(standIn, invoice.customer as string);
  const starting = customer.customer.balance;
  invoice.starting_balance = starting;
  if (starting === 0 && invoice.total >= 0) {
    invoice.ending_balance = 0;
    return;
  }
  const due = Math.max(0, invoice.total + starting);
  invoice.amount_due = due;
  invoice.amount_remaining = due;
  // Credit left over stays on the customer, and a negative total (a downgrade's proration credit)
  // becomes credit too; a debit is all charged with this invoice.
  invoice.ending_balance = Math.min(0, invoice.total + starting);
  move(standIn, batch, customer, {
    amount: invoice.ending_balance - starting,
    type: 'applied_to_invoice',
    currency: invoice.currency,
    description: null,
    metadata: null,
    invoice: invoice.id,
  });
}

function transactionsOf(standIn: StandIn, customerId: string) {
  return [...standIn.store.balanceTransactions.values()].filter((record) => record.transaction.customer === customerId);
}

export const balanceTransactionRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions$/,
    handle(standIn, { form, origin }, [id]) {
      rejectUnknown(form, ['amount', 'currency', 'description', 'metadata', 'expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
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
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions$/,
    handle(standIn, { form }, [id]) {
      const params = parseListParams(form, ['invoice']);
      const invoiceId = asString(form.invoice, ['invoice']);
      getCustomer(standIn, id);
      const records = transactionsOf(standIn, id).filter((record) => invoiceId === undefined || record.transaction.invoice === invoiceId);
      const transactions = newestFirst(records, (record) => record.transaction.created).map((record) => record.transaction);
      const paths = itemPaths(params.expand);
      assertExpandable(paths, expanders(standIn));
      const page = listPage(transactions, params, `/v1/customers/${id}/balance_transactions`, 'customer_balance_transaction');
      return ok({ ...page, data: page.data.map((transaction) => expandObject(transaction, paths, expanders(standIn))) });
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions\/([^/]+)$/,
    handle(standIn, { form }, [id, transactionId]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      getCustomer(standIn, id);
      const record = standIn.store.balanceTransactions.get(transactionId);
      if (!record || record.transaction.customer !== id) throw noSuch('customer_balance_transaction', transactionId);
      return ok(expandObject(record.transaction, expand, expanders(standIn)));
    },
  },
];
