/**
 * The one place the stand-in works out what an invoice (or a Checkout session) costs after
 * discounts and tax, so the first invoice, renewals, proration invoices and invoice previews all
 * agree. Stripe's order: each line's discounts come off its amount, tax is charged on what is
 * left (exclusive: added on top, from the tax table in tax-table.ts for the customer's address),
 * and the invoice sums its lines.
 *
 *   subtotal            = Σ line.amount                (before discounts and tax)
 *   total_excluding_tax = subtotal − Σ discounts
 *   total               = total_excluding_tax + Σ tax
 *   amount_due          = max(0, total)                (a draft's; the customer's balance is
 *                                                       applied when it is finalized)
 */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';
import type { DiscountRecord } from '../core/store';
import { taxOn, taxRegionFor, type TaxRegion } from './tax-table';

/** What a line contributes: its amount before discounts and tax (negative for a credit). */
export interface AmountLine {
  amount: number;
  discountable: boolean;
}

/** A coupon taking money off, under the id of the `discount` that applies it (a Checkout session
 *  before payment has no discount object yet: any label will do). */
export interface AppliedCoupon {
  discount: string;
  coupon: Stripe.Coupon;
}

export interface TaxSettings {
  /** `automatic_tax.enabled`: without it no tax is computed (and lines carry no `taxes`). */
  enabled: boolean;
  /** Where the customer is: the customer's address, or the billing address typed at checkout. */
  address: Pick<Stripe.Address, 'country' | 'state'> | null;
}

export interface LineAmounts {
  discountAmounts: Stripe.InvoiceLineItem.DiscountAmount[];
  /** Empty when tax is off. */
  taxes: Stripe.InvoiceLineItem.Tax[];
  tax: number;
}

export interface ComputedAmounts {
  subtotal: number;
  discount: number;
  tax: number;
  totalExcludingTax: number;
  total: number;
  lines: LineAmounts[];
  totalDiscountAmounts: Stripe.Invoice.TotalDiscountAmount[];
  totalTaxes: Stripe.Invoice.TotalTax[];
  /** The tax table's region for the address (null: 0 %). */
  region: TaxRegion | null;
}

const roundAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** `amount` shared over `weights` (all ≥ 0) in proportion, in whole cents that add up exactly. */
function share(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]++;
    left--;
  }
  return parts;
}

/** What each coupon takes off each line, in the coupons' order (a percentage of what is left of
 *  the line, or a fixed amount shared over the lines), and what is left of each line after them. */
function discountLines(lines: readonly AmountLine[], coupons: readonly AppliedCoupon[], currency: string) {
  const remaining = lines.map((line) => line.amount);
  const discountAmounts: Stripe.InvoiceLineItem.DiscountAmount[][] = lines.map(() => []);
  for (const { discount, coupon } of coupons) {
    let parts: number[];
    if (coupon.percent_off !== null) {
      parts = lines.map((line, i) => (line.discountable ? roundAway((remaining[i] * coupon.percent_off!) / 100) : 0));
    } else if (coupon.amount_off !== null && coupon.currency === currency) {
      // A fixed amount comes off the invoice's charges (never more than they add up to), shared
      // over the discountable lines that charge something.
      const weights = lines.map((line, i) => (line.discountable && remaining[i] > 0 ? remaining[i] : 0));
      const cap = Math.max(
        0,
        Math.min(
          weights.reduce((a, b) => a + b, 0),
          remaining.reduce((a, b) => a + b, 0),
        ),
      );
      parts = share(Math.min(coupon.amount_off, cap), weights);
    } else {
      continue;
    }
    parts.forEach((part, i) => {
      if (part === 0) return;
      remaining[i] -= part;
      discountAmounts[i].push({ amount: part, discount });
    });
  }

  return { remaining, discountAmounts };
}

/** One tax entry (of a line, or the invoice's total): `amount` on `taxable`, at the region's rate,
 *  or not collected outside the tax table. */
function taxEntry(amount: number, taxable: number, region: TaxRegion | null) {
  return {
    amount,
    tax_behavior: 'exclusive' as const,
    tax_rate_details: region ? { tax_rate: region.id } : null,
    taxability_reason: region ? ('standard_rated' as const) : ('not_collecting' as const),
    taxable_amount: region ? taxable : 0,
    type: 'tax_rate_details' as const,
  };
}

/** The discounts and tax of a set of lines (pure: nothing is stored). `currency` decides whether an
 *  `amount_off` coupon applies (only in its own currency, as on Stripe). */
export function computeAmounts(
  lines: readonly AmountLine[],
  coupons: readonly AppliedCoupon[],
  tax: TaxSettings,
  currency: string,
): ComputedAmounts {
  const { remaining, discountAmounts } = discountLines(lines, coupons, currency);

  const region = tax.enabled ? taxRegionFor(tax.address) : null;
  const lineAmounts: LineAmounts[] = lines.map((_, i) => {
    const taxable = remaining[i];
    const amount = tax.enabled ? taxOn(taxable, region) : 0;
    const taxes: Stripe.InvoiceLineItem.Tax[] = tax.enabled ? [taxEntry(amount, taxable, region)] : [];
    return { discountAmounts: discountAmounts[i], taxes, tax: amount };
  });

  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const totalDiscountAmounts = coupons
    .map(({ discount }) => ({
      discount,
      amount: discountAmounts.flat().reduce((sum, entry) => sum + (entry.discount === discount ? entry.amount : 0), 0),
    }))
    .filter((entry) => entry.amount !== 0);
  const discount = totalDiscountAmounts.reduce((sum, entry) => sum + entry.amount, 0);
  const taxTotal = lineAmounts.reduce((sum, line) => sum + line.tax, 0);
  const totalTaxes: Stripe.Invoice.TotalTax[] = tax.enabled
    ? [
        taxEntry(
          taxTotal,
          remaining.reduce((a, b) => a + b, 0),
          region,
        ),
      ]
    : [];
  const totalExcludingTax = subtotal - discount;
  return {
    subtotal,
    discount,
    tax: taxTotal,
    totalExcludingTax,
    total: totalExcludingTax + taxTotal,
    lines: lineAmounts,
    totalDiscountAmounts,
    totalTaxes,
    region,
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Whether a subscription's discount takes money off an invoice created at `at` (with this id):
 *  `forever` always, `repeating` until its `end`, `once` on the first invoice it touched only. */
function discountApplies(record: DiscountRecord, coupon: Stripe.Coupon, invoiceId: string, at: number): boolean {
  if (coupon.duration === 'forever') return true;
  if (coupon.duration === 'repeating') return record.discount.end === null || at < record.discount.end;
  return record.invoiceIds.length === 0 || record.invoiceIds.includes(invoiceId);
}

export interface InvoiceAmountOptions {
  /** The subscription whose `automatic_tax` and `discounts` apply. Default: the one the invoice
   *  names at `parent.subscription_details.subscription`. A preview of a change not yet made can
   *  pass the subscription as it would be. */
  subscription?: Stripe.Subscription | null;
}

/**
 * Works out `invoice`'s discounts, tax and totals from its lines (each line's `amount` and
 * `discountable` must be set), its customer's address and its subscription's `automatic_tax` and
 * `discounts`, and writes them onto it: each line's `discount_amounts`, `discounts` and `taxes`,
 * and the invoice's `discounts`, `total_discount_amounts`, `subtotal`, `subtotal_excluding_tax`,
 * `total_excluding_tax`, `total_taxes`, `total`, `automatic_tax`, `customer_address`,
 * `customer_tax_ids` and, while it is a draft, `amount_due`/`amount_remaining`. Call it on a new
 * invoice once its lines are there (and again if they change, before it is finalized); previews
 * (invoices not in the store) change nothing else. A `once` coupon is used up by the first stored
 * invoice it takes money off.
 */
export function applyInvoiceAmounts(standIn: StandIn, invoice: Stripe.Invoice, options: InvoiceAmountOptions = {}): void {
  const { store } = standIn;
  const subscription =
    options.subscription !== undefined
      ? options.subscription
      : (store.subscriptions.get(idOf(invoice.parent?.subscription_details?.subscription) ?? '')?.subscription ?? null);
  const customerId = idOf(invoice.customer);
  const customer = customerId ? (store.customers.get(customerId)?.customer ?? null) : null;

  const applied: { record: DiscountRecord; coupon: Stripe.Coupon }[] = [];
  for (const entry of subscription?.discounts ?? []) {
    const record = store.discounts.get(idOf(entry) ?? '');
    const coupon = record ? store.coupons.get(idOf(record.discount.source.coupon) ?? '')?.coupon : undefined;
    if (record && coupon && discountApplies(record, coupon, invoice.id, invoice.created)) applied.push({ record, coupon });
  }
  const automaticTax = subscription ? subscription.automatic_tax.enabled : invoice.automatic_tax.enabled;
  const lines = invoice.lines.data;
  const amounts = computeAmounts(
    lines.map((line) => ({ amount: line.amount, discountable: line.discountable })),
    applied.map(({ record, coupon }) => ({ discount: record.discount.id, coupon })),
    { enabled: automaticTax, address: customer?.address ?? null },
    invoice.currency,
  );

  lines.forEach((line, i) => {
    line.subtotal = line.amount;
    line.discount_amounts = amounts.lines[i].discountAmounts;
    line.discounts = amounts.lines[i].discountAmounts.map((entry) => entry.discount as string);
    line.taxes = amounts.lines[i].taxes;
  });
  invoice.discounts = amounts.totalDiscountAmounts.map((entry) => entry.discount as string);
  invoice.total_discount_amounts = amounts.totalDiscountAmounts;
  invoice.subtotal = amounts.subtotal;
  invoice.subtotal_excluding_tax = amounts.subtotal;
  invoice.total_excluding_tax = amounts.totalExcludingTax;
  invoice.total_taxes = amounts.totalTaxes;
  invoice.total = amounts.total;
  invoice.automatic_tax = automaticTax
    ? { disabled_reason: null, enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'complete' }
    : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null };
  if (customer) {
    invoice.customer_address = customer.address ? structuredClone(customer.address) : null;
    invoice.customer_tax_ids = [...store.taxIds.values()]
      .filter((record) => record.taxId.customer === customer.id)
      .sort((a, b) => a.seq - b.seq)
      .map((record) => ({ type: record.taxId.type, value: record.taxId.value }));
  }
  if (invoice.status === 'draft') {
    invoice.amount_due = Math.max(0, amounts.total);
    invoice.amount_remaining = Math.max(0, invoice.amount_due - invoice.amount_paid);
  }
  if (store.invoices.has(invoice.id)) {
    for (const { record } of applied) {
      if (amounts.totalDiscountAmounts.some((entry) => entry.discount === record.discount.id) && !record.invoiceIds.includes(invoice.id))
        record.invoiceIds.push(invoice.id);
    }
  }
}
