/**
 * Invoices (`/v1/invoices`): one per billing period of a subscription, in Stripe's shape at this
 * API version (the subscription at `parent.subscription_details`, the billed period on each line's
 * `period`). Created as drafts by `billing.ts`, which finalizes and charges them; here: the object,
 * retrieve, list (newest first) and the lines.
 */
import type Stripe from 'stripe';
import { productNameOf } from './catalog-lookup';
import type { StandIn } from '../core/context';
import { getCustomer } from './customers';
import { noSuchInvoice, found } from '../core/errors';
import { expandObject, type Expanders } from '../core/expand';
import { formatAmount, intervalLabel } from '../core/format';
import { randomId } from '../core/ids';
import { applyInvoiceAmounts } from './invoice-amounts';
import { lineOfInvoiceItem, pendingItemsOf, subscriptionItemLine } from './invoice-items';
import { paymentsOf } from './payments';
import type { InvoiceRecord, SubscriptionRecord } from '../core/store';
import { type Subscription } from './subscriptions';

export type Invoice = Stripe.Invoice;
export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

interface Period {
  start: number;
  end: number;
}

function lineOf(
  invoiceId: string,
  subscription: Subscription,
  item: Stripe.SubscriptionItem,
  productName: string,
  period: Period,
): Stripe.InvoiceLineItem {
  const unit = item.price.unit_amount ?? 0;
  const quantity = item.quantity ?? 1;
  const recurring = item.price.recurring!;
  return subscriptionItemLine({
    id: randomId('il_', 24),
    invoice: invoiceId,
    amount: unit * quantity,
    currency: item.price.currency,
    description: `${quantity} × ${productName} (at ${formatAmount(unit, item.price.currency)} / ${intervalLabel(recurring.interval, recurring.interval_count)})`,
    discountable: true,
    invoiceItem: null,
    proration: false,
    subscription: subscription.id,
    subscriptionItem: item.id,
    period,
    pricing: {
      price_details: { price: item.price.id, product: item.price.product as string },
      type: 'price_details',
      unit_amount_decimal: String(unit) as unknown as Stripe.InvoiceLineItem.Pricing['unit_amount_decimal'],
    },
    quantity,
    quantityDecimal: String(quantity) as unknown as Stripe.InvoiceLineItem['quantity_decimal'],
  });
}

/** What an invoice bills: subscription items for a service period (its ordinary lines), and
 *  invoice items (prorations), each as a line. */
export interface InvoiceContent {
  /** Billed in full for the service period; default: every item of the subscription. */
  items?: readonly Stripe.SubscriptionItem[];
  /** Invoice items (prorations) it takes, as lines after the items'. */
  invoiceItems?: readonly Stripe.InvoiceItem[];
}

/** The draft's lines: one per subscription item over `servicePeriod`, then its invoice items. */
function draftLines(standIn: StandIn, subscription: Subscription, servicePeriod: Period, content: InvoiceContent, id: string | null) {
  const items = content.items ?? subscription.items.data;
  return [
    ...items.map((item) => {
      const line = lineOf(id ?? '', subscription, item, productNameOf(standIn, item.price.product as string), servicePeriod);
      if (id === null) return { ...line, id: line.id.replace(/^il_/, 'il_tmp_'), invoice: null };
      return line;
    }),
    ...(content.invoiceItems ?? []).map((invoiceItem) => lineOfInvoiceItem(id, invoiceItem)),
  ];
}

/**
 * A draft invoice for the subscription, not stored: `servicePeriod` is what its items are billed
 * for (the lines' `period`); the invoice's own `period_start`/`period_end` are Stripe's "usage
 * period": the creation time twice for a first invoice or a change's invoice, the period just
 * ended for a renewal. Discounts, tax and totals come from invoice-amounts.ts. `id` null: a
 * preview, which Stripe answers without an id.
 */
export function draftInvoice(
  standIn: StandIn,
  subscription: Subscription,
  reason: BillingReason,
  servicePeriod: Period,
  at: number,
  content: InvoiceContent,
  id: string | null,
): Invoice {
  const customer = getCustomer(standIn, subscription.customer as string).customer;
  const lines = draftLines(standIn, subscription, servicePeriod, content, id);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const usage =
    reason === 'subscription_cycle'
      ? { start: subscription.items.data[0].current_period_start, end: servicePeriod.start }
      : { start: at, end: at };
  const invoice: Invoice = {
    id: id ?? '',
    object: 'invoice',
    account_country: 'US',
    account_name: standIn.settings.businessName,
    account_tax_ids: null,
    amount_due: Math.max(0, total),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, total),
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: at,
    currency: subscription.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: id === null ? '/v1/invoices/upcoming/lines' : `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: structuredClone(subscription.metadata), subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: usage.end,
    period_start: usage.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: subscription.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
  // Deprecated on Stripe, still sent: true only for invoices marked paid outside Stripe.
  (invoice as Invoice & { paid_out_of_band: boolean }).paid_out_of_band = false;
  return invoice;
}

/**
 * A draft invoice for the subscription (see draftInvoice), stored. Unless `content` names its
 * invoice items, it also takes the subscription's pending ones (prorations of earlier changes), as
 * Stripe's next invoice does.
 */
export function newInvoice(
  standIn: StandIn,
  record: SubscriptionRecord,
  reason: BillingReason,
  servicePeriod: Period,
  at: number,
  content: InvoiceContent = {},
): InvoiceRecord {
  const { subscription } = record;
  const id = randomId('in_', 24);
  const invoiceItems = content.invoiceItems ?? pendingItemsOf(standIn, subscription.id).map((item) => item.invoiceItem);
  for (const invoiceItem of invoiceItems) invoiceItem.invoice = id;
  const invoice = draftInvoice(standIn, subscription, reason, servicePeriod, at, { ...content, invoiceItems }, id);
  const stored: InvoiceRecord = { invoice, seq: standIn.store.nextSeq() };
  standIn.store.invoices.set(id, stored);
  applyInvoiceAmounts(standIn, invoice, { subscription });
  return stored;
}

export function getInvoice(standIn: StandIn, id: string, param = 'id'): InvoiceRecord {
  return found(standIn.store.invoices.get(id), () => noSuchInvoice(id, param));
}

export const expanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  'parent.subscription_details.subscription': (id) => standIn.store.subscriptions.get(id as string)?.subscription ?? id,
  test_clock: (id) => standIn.store.clocks.get(id as string)?.clock ?? id,
  // Includable rather than expandable on Stripe: absent unless asked for (renderInvoice adds it).
  payments: (value) => value,
});

export function renderInvoice(standIn: StandIn, invoice: Invoice, expand: readonly string[]): Invoice {
  const rendered = expandObject(invoice, expand, expanders(standIn));
  return expand.includes('payments') ? { ...rendered, payments: paymentsOf(standIn, invoice.id) } : rendered;
}

/** The subscription an invoice bills. */
export function subscriptionIdOf(invoice: Invoice): string | null {
  const value = invoice.parent?.subscription_details?.subscription;
  return typeof value === 'string' ? value : (value?.id ?? null);
}
