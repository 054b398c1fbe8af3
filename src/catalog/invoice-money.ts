/** What an invoice did with the customer's money, decided once for every place that tells it: the
 *  plan change preview, the order card's invoices, the billing mails and the data export. A
 *  downgrade's proration invoice has a negative total: Stripe charges nothing (amount due 0), marks
 *  it paid and moves the total to the customer's credit balance, which the next invoices take; so
 *  it is a credit, never a negative payment
 *  (docs/decisions/0114-plan-changes-and-proration.md#addendum-2026-11-29-a-downgrades-credit). */
import { formatUsd } from './money';

export type InvoiceMoneyKind = 'charge' | 'credit' | 'zero';

/** Integer cents, both never negative: the kind says which way the money went. */
export interface InvoiceMoney {
  kind: InvoiceMoneyKind;
  /** What the invoice charges, or credits to the balance, tax included. */
  cents: number;
  /** The tax in `cents`. */
  taxCents: number;
}

/** Classifies an invoice by its total (Stripe's `total`, tax included) and the tax in it. */
export function invoiceMoney({ total, tax }: { total: number; tax: number }): InvoiceMoney {
  if (total > 0) return { kind: 'charge', cents: total, taxCents: Math.max(tax, 0) };
  if (total < 0) return { kind: 'credit', cents: -total, taxCents: Math.max(-tax, 0) };
  return { kind: 'zero', cents: 0, taxCents: 0 };
}

export const INVOICE_MONEY_TEXTS = {
  /** Where a credit goes, beside its amount on the order card. */
  toBalance: 'To your balance',
} as const;

/** "$1,234.00" for a charge or nothing, "Credit $804.38" for a credit. */
export function invoiceAmountText(money: InvoiceMoney): string {
  return money.kind === 'credit' ? `Credit ${formatUsd(money.cents)}` : formatUsd(money.cents);
}

/** Said where a credit arises: in the plan change preview and the plan change mail. */
export function creditText(money: Pick<InvoiceMoney, 'cents' | 'taxCents'>): string {
  const tax = money.taxCents > 0 ? ` (including ${formatUsd(money.taxCents)} tax)` : '';
  return `A credit of ${formatUsd(money.cents)}${tax} goes to your account balance and is taken by your next invoices.`;
}
