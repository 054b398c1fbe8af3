/**
 * `POST /v1/invoices/create_preview`: what a subscription change would bill, without making it —
 * the same work-out as the update (subscription-changes.ts), answered as an invoice with no `id`
 * (as Stripe answers a preview) and no event. Which invoice it shows follows Stripe:
 *
 * - a change billed at once (`always_invoice`, or a new period from an interval change or
 *   `billing_cycle_anchor=now`): that invoice (`billing_reason: 'subscription_update'`), created now;
 * - otherwise the subscription's next invoice (`billing_reason: 'upcoming'`) at the current
 *   period's end: the next period at the (changed) prices plus the pending prorations, this
 *   change's included.
 *
 * The customer's balance is applied as it would be at finalization (`starting_balance`,
 * `amount_due`, `ending_balance`), and discounts and tax as the subscription has them.
 */
import { type StandIn } from '../core/context';
import { getCustomer } from './customers';
import { type Invoice } from './invoices';

/** The customer's balance, as finalization would apply it. */
export function applyBalancePreview(standIn: StandIn, invoice: Invoice) {
  const balance = getCustomer(standIn, invoice.customer as string).customer.balance;
  invoice.starting_balance = balance;
  invoice.ending_balance = Math.min(0, invoice.total + balance);
  invoice.amount_due = Math.max(0, invoice.total + balance);
  invoice.amount_remaining = invoice.amount_due;
}
