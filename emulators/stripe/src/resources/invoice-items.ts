/**
 * Invoice items (`/v1/invoiceitems`, `ii_…`): here, the prorations a subscription change makes.
 * With `proration_behavior=create_prorations` they wait, pending (`invoice: null`), for the
 * subscription's next invoice, which takes them as lines; `always_invoice` puts them on an invoice
 * at once. Retrieve and list (`customer`, `invoice`, `pending`) as on Stripe.
 */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';
import { randomId } from '../core/ids';
import type { Proration } from './proration';
import type { InvoiceItemRecord } from '../core/store';

const decimal = <T>(value: number) => String(value) as unknown as T;

/** A proration as an invoice item of the subscription's customer, stored, pending. */
export function newProrationItem(
  standIn: StandIn,
  subscription: Stripe.Subscription,
  proration: Proration,
  at: number,
  store = true,
): Stripe.InvoiceItem {
  const invoiceItem: Stripe.InvoiceItem = {
    id: randomId('ii_', 24),
    object: 'invoiceitem',
    amount: proration.amount,
    currency: proration.price.currency,
    customer: subscription.customer as string,
    customer_account: null,
    date: at,
    description: proration.description,
    // The subscription's discounts apply to its prorations, as on Stripe.
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    net_amount: proration.amount,
    parent: {
      subscription_details: { subscription: subscription.id, subscription_item: proration.subscriptionItemId },
      type: 'subscription_details',
    },
    period: { ...proration.period },
    pricing: {
      price_details: { price: proration.price.id, product: proration.price.product as string },
      type: 'price_details',
      unit_amount_decimal: decimal(proration.price.unit_amount ?? 0),
    },
    proration: true,
    proration_details: { credited_items: null, discount_amounts: [] },
    quantity: proration.quantity,
    quantity_decimal: decimal(proration.quantity),
    tax_rates: [],
    test_clock: subscription.test_clock,
  };
  if (store) standIn.store.invoiceItems.set(invoiceItem.id, { invoiceItem, seq: standIn.store.nextSeq() });
  return invoiceItem;
}

/** The subscription's invoice items no invoice has taken yet, oldest first. */
export function pendingItemsOf(standIn: StandIn, subscriptionId: string): InvoiceItemRecord[] {
  return [...standIn.store.invoiceItems.values()]
    .filter(({ invoiceItem }) => invoiceItem.invoice === null && invoiceItem.parent?.subscription_details?.subscription === subscriptionId)
    .sort((a, b) => a.seq - b.seq);
}

/** How an invoice shows an invoice item: a proration line of the subscription item it is about. */
export function lineOfInvoiceItem(invoiceId: string | null, invoiceItem: Stripe.InvoiceItem): Stripe.InvoiceLineItem {
  const details = invoiceItem.parent?.subscription_details;
  return {
    id: randomId(invoiceId === null ? 'il_tmp_' : 'il_', 24),
    object: 'line_item',
    amount: invoiceItem.amount,
    currency: invoiceItem.currency,
    description: invoiceItem.description,
    discount_amounts: [],
    discountable: invoiceItem.discountable,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: invoiceItem.id,
        proration: invoiceItem.proration,
        proration_details: { credited_items: null },
        subscription: details?.subscription ?? null,
        subscription_item: details?.subscription_item ?? '',
      },
      type: 'subscription_item_details',
    },
    period: { ...invoiceItem.period },
    pretax_credit_amounts: [],
    pricing: invoiceItem.pricing
      ? {
          price_details: invoiceItem.pricing.price_details
            ? { price: invoiceItem.pricing.price_details.price as string, product: invoiceItem.pricing.price_details.product }
            : undefined,
          type: 'price_details',
          unit_amount_decimal: invoiceItem.pricing.unit_amount_decimal,
        }
      : null,
    quantity: invoiceItem.quantity,
    quantity_decimal: invoiceItem.quantity_decimal,
    subscription: details?.subscription ?? null,
    subtotal: invoiceItem.amount,
    taxes: [],
  };
}
