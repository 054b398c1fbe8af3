/** An order's invoice as the data export gives it: the figure labelled with what it was, a charge
 *  or a credit to the balance, in the same classification the order card and the mails use, never
 *  Stripe's negative total (docs/decisions/0120-data-export.md,
 *  docs/decisions/0114-plan-changes-and-proration.md#addendum-2026-11-29-a-downgrades-credit). */
import { invoiceMoney } from '../../../src/catalog/invoice-money';
import type { StoredRecord } from './account-records';

export function exportedInvoice(record: StoredRecord): StoredRecord {
  const { total, tax, ...fields } = record;
  if (typeof total !== 'number' || !Number.isSafeInteger(total)) return record;
  const money = invoiceMoney({ total, tax: typeof tax === 'number' && Number.isSafeInteger(tax) ? tax : 0 });
  const figure = money.kind === 'credit' ? { creditCents: money.cents } : { chargeCents: money.cents };
  return { ...fields, kind: money.kind, ...figure, taxCents: money.taxCents };
}
