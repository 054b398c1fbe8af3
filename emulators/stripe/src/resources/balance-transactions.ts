/**
 * A customer's credit balance (`/v1/customers/:id/balance_transactions`): an adjustment moves the
 * customer's `balance` (negative is credit owed to the customer) and sends `customer.updated`;
 * the customer's next invoice takes it when it is finalized, as Stripe does: `starting_balance`
 * is the balance then, `amount_due` is the total less the credit (never below zero),
 * `ending_balance` what credit is left, and an `applied_to_invoice` transaction records the move.
 */
import type Stripe from 'stripe';
import { customerNow, type StandIn } from '../core/context';
import { getCustomer } from './customers';
import type { EventBatch } from '../core/events';
import { randomId } from '../core/ids';
import type { CustomerRecord, InvoiceRecord } from '../core/store';

interface Movement {
  amount: number;
  type: Stripe.CustomerBalanceTransaction.Type;
  currency: string;
  description: string | null;
  metadata: Record<string, string> | null;
  invoice: string | null;
}

/** Records the movement and changes the balance: `customer.updated`. */
export function move(standIn: StandIn, batch: EventBatch, record: CustomerRecord, movement: Movement): Stripe.CustomerBalanceTransaction {
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

export function transactionsOf(standIn: StandIn, customerId: string) {
  return [...standIn.store.balanceTransactions.values()].filter((record) => record.transaction.customer === customerId);
}
