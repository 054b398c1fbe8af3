/**
 * The hosted invoice page (an invoice's `hosted_invoice_url`, `/i/:id`) and its PDF
 * (`invoice_pdf`, `/i/:id/pdf`), as Stripe hosts them for finalized invoices: the number, the date
 * of issue, the status, who bills whom, the lines with their periods, subtotal, discounts, tax,
 * total, the balance applied and the amount paid or due, and a **Download PDF** link.
 */
import type Stripe from 'stripe';
import { escapeHtml, page } from './html';
import { invoiceSummary } from './invoice-summary';

export function invoicePage(businessName: string, invoice: Stripe.Invoice): string {
  const summary = invoiceSummary(invoice);
  const business = escapeHtml(businessName);
  const lines = summary.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<br><span class="note">${escapeHtml(line.period)}</span></td><td>${line.quantity}</td><td>${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('\n');
  const rows = summary.rows
    .map(
      (row) =>
        `<tr${row.final ? ' class="final"' : ''}><th scope="row" colspan="2">${escapeHtml(row.label)}</th><td>${escapeHtml(row.amount)}</td></tr>`,
    )
    .join('\n');
  const pdf = invoice.invoice_pdf
    ? `<div class="actions"><a class="button" href="${escapeHtml(invoice.invoice_pdf)}" download>Download PDF</a></div>`
    : '';
  return page(
    `${summary.title} — ${businessName}`,
    `<h1>${escapeHtml(summary.title)}</h1>
<p>From ${business} to ${escapeHtml(invoice.customer_email ?? '')}</p>
<p>Status: ${escapeHtml(summary.status)}${summary.paidOn ? `, paid on ${escapeHtml(summary.paidOn)}` : ''}</p>
<p>Issued on ${escapeHtml(summary.issued)}</p>
<p>Invoice number: <span data-testid="invoice-number">${escapeHtml(summary.number)}</span></p>
${summary.billTo.length > 0 ? `<p>Bill to: ${summary.billTo.map(escapeHtml).join(', ')}</p>` : ''}
<table>
<caption>Items</caption>
<thead><tr><th scope="col">Description</th><th scope="col">Qty</th><th scope="col">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
<tfoot>
${rows}
</tfoot>
</table>
${pdf}`,
  );
}

export function invoiceNotFoundPage(id: string): string {
  return page('Invoice not found', `<h1>Invoice not found</h1>\n<p>There is no invoice ${escapeHtml(id)} to show.</p>`);
}
