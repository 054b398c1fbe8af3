/**
 * What an invoice says, in words and dollars, for both its hosted page (invoice-page.ts) and its
 * PDF (invoice-pdf.ts), so the two always agree: the lines with their periods, then subtotal,
 * discounts, tax, total, the customer's balance applied and what was paid or is due.
 */
import type Stripe from 'stripe';
import { formatAmount, formatDate } from '../core/format';

export const INVOICE_STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

export interface SummaryLine {
  description: string;
  /** "March 5, 2027 – April 5, 2027". */
  period: string;
  quantity: number;
  amount: string;
  proration: boolean;
}

export interface SummaryRow {
  label: string;
  amount: string;
  /** The row that closes the invoice (amount paid or due). */
  final?: boolean;
}

export interface InvoiceSummary {
  title: string;
  number: string;
  status: string;
  issued: string;
  paidOn: string | null;
  billTo: string[];
  lines: SummaryLine[];
  rows: SummaryRow[];
}

function addressLines(address: Stripe.Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, address.state, address.postal_code].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, address.country].filter((part): part is string => Boolean(part));
}

export function invoiceSummary(invoice: Stripe.Invoice): InvoiceSummary {
  const money = (cents: number) => formatAmount(cents, invoice.currency);
  const lines = invoice.lines.data.map((line) => ({
    description: line.description ?? '',
    period: `${formatDate(line.period.start)} – ${formatDate(line.period.end)}`,
    quantity: line.quantity ?? 1,
    amount: money(line.amount),
    proration: line.parent?.subscription_item_details?.proration ?? false,
  }));
  const rows: SummaryRow[] = [{ label: 'Subtotal', amount: money(invoice.subtotal) }];
  for (const discount of invoice.total_discount_amounts ?? []) {
    if (discount.amount !== 0) rows.push({ label: 'Discount', amount: money(-discount.amount) });
  }
  for (const tax of invoice.total_taxes ?? []) rows.push({ label: 'Tax', amount: money(tax.amount) });
  rows.push({ label: 'Total', amount: money(invoice.total) });
  // The customer's credit (negative) or debit the invoice took: total + applied = amount due.
  const applied = invoice.starting_balance - (invoice.ending_balance ?? invoice.starting_balance);
  if (applied !== 0) rows.push({ label: 'Applied balance', amount: money(applied) });
  const paid = invoice.status === 'paid';
  rows.push({
    label: paid ? 'Amount paid' : 'Amount due',
    amount: money(paid ? invoice.amount_paid : invoice.amount_remaining),
    final: true,
  });
  if ((invoice.ending_balance ?? 0) < 0) rows.push({ label: 'Credit balance left', amount: money(-invoice.ending_balance!) });
  return {
    title: `Invoice ${invoice.number ?? ''}`.trim(),
    number: invoice.number ?? '',
    status: INVOICE_STATUS_WORDS[invoice.status ?? ''] ?? String(invoice.status),
    issued: formatDate(invoice.status_transitions.finalized_at ?? invoice.created),
    paidOn: invoice.status_transitions.paid_at ? formatDate(invoice.status_transitions.paid_at) : null,
    billTo: [invoice.customer_name, invoice.customer_email, ...addressLines(invoice.customer_address)].filter((part): part is string =>
      Boolean(part),
    ),
    lines,
    rows,
  };
}
