import { useId, useState } from 'react';
import { invoiceAmountText, invoiceMoney } from '@/catalog/invoice-money';
import { formatUsd } from '@/catalog/money';
import { formatBillingDate } from '@/catalog/subscription';
import type { OrderInvoice } from '@/data/orders';
import { invoiceStatus } from '@/data/order-display';
import { StatusBadge } from '@/ui/status-badge';
import styles from './order-invoices.module.scss';

/** How many invoices show before "Show all": a monthly plan has twelve a term, and more with changes. */
export const INVOICES_SHOWN = 4;

export const INVOICE_TEXTS = {
  title: 'Invoices',
  view: 'View invoice',
  pdf: 'Download PDF',
  showAll: (count: number) => `Show all ${count} invoices`,
} as const;

/**
 * The order's invoices, newest first, as the webhook keeps them from Stripe's invoice events:
 * date, number, amount, tax, status, Stripe's hosted page (in a new tab) and the PDF; a
 * downgrade's credit as a credit to the balance, never a negative payment
 * (docs/decisions/0114-plan-changes-and-proration.md#addendum-2026-11-29-a-downgrades-credit).
 */
export function OrderInvoices({ invoices }: { invoices: readonly OrderInvoice[] }) {
  const titleId = useId();
  const [all, setAll] = useState(false);
  if (invoices.length === 0) return null;
  const shown = all ? invoices : invoices.slice(0, INVOICES_SHOWN);
  return (
    <section className={styles.invoices} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {INVOICE_TEXTS.title}
      </h3>
      <ul className={styles.list} role="list">
        {shown.map((invoice) => (
          <InvoiceItem key={invoice.id} invoice={invoice} />
        ))}
      </ul>
      {!all && invoices.length > INVOICES_SHOWN && (
        <button type="button" className={styles.more} onClick={() => setAll(true)}>
          {INVOICE_TEXTS.showAll(invoices.length)}
        </button>
      )}
    </section>
  );
}

function InvoiceItem({ invoice }: { invoice: OrderInvoice }) {
  const name = invoice.number ?? 'Draft invoice';
  const label = `${name}, ${formatBillingDate(invoice.createdAt)}`;
  const money = invoiceMoney(invoice);
  return (
    <li className={styles.invoice} aria-label={label}>
      <p className={styles.head}>
        <span className={styles.number}>{name}</span>
        <time dateTime={new Date(invoice.createdAt).toISOString()}>{formatBillingDate(invoice.createdAt)}</time>
      </p>
      <p className={styles.amounts}>
        <span>{invoiceAmountText(money)}</span>
        <span className={styles.tax}>Tax {formatUsd(money.taxCents)}</span>
        <StatusBadge {...invoiceStatus(invoice)} />
      </p>
      {(invoice.hostedInvoiceUrl || invoice.invoicePdf) && (
        <p className={styles.links}>
          {invoice.hostedInvoiceUrl && (
            <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
              {INVOICE_TEXTS.view} <span className="visually-hidden">{`${name} (opens in a new tab)`}</span>
            </a>
          )}
          {invoice.invoicePdf && (
            // A new tab: Stripe's PDF is on another origin, where `download` is ignored and a
            // browser with a PDF viewer would otherwise leave the order page for it.
            <a href={invoice.invoicePdf} download target="_blank" rel="noopener noreferrer">
              {INVOICE_TEXTS.pdf} <span className="visually-hidden">{`${name} (opens in a new tab)`}</span>
            </a>
          )}
        </p>
      )}
    </li>
  );
}
