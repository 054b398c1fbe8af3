/** An invoice's figures as Stripe reports them, read the same way by the order's invoice records,
 *  the plan change preview and the plan change mail
 *  (docs/decisions/0114-plan-changes-and-proration.md#addendum-2026-11-29-a-downgrades-credit). */
import type Stripe from 'stripe';
import { invoiceMoney, type InvoiceMoney } from '../../../src/catalog/invoice-money';

/** The tax in the invoice's total (negative on a credit). */
export function invoiceTax(invoice: Pick<Stripe.Invoice, 'total_taxes'>): number {
  return (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
}

/** Whether the invoice charges, credits the balance or is nothing, and how much. */
export function stripeInvoiceMoney(invoice: Pick<Stripe.Invoice, 'total' | 'total_taxes'>): InvoiceMoney {
  return invoiceMoney({ total: invoice.total, tax: invoiceTax(invoice) });
}
