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

type Line = Stripe.InvoiceLineItem;

/** What sets one subscription item's invoice line apart: the rest of the line is the same for a
 *  period of its price (invoices.ts) and for a proration an invoice item holds. */
export interface SubscriptionItemLine {
  id: string;
  invoice: string | null;
  amount: number;
  currency: string;
  description: string | null;
  discountable: boolean;
  invoiceItem: string | null;
  proration: boolean;
  subscription: string | null;
  subscriptionItem: string;
  period: Line['period'];
  pricing: Line['pricing'];
  quantity: Line['quantity'];
  quantityDecimal: Line['quantity_decimal'];
}

export function subscriptionItemLine(line: SubscriptionItemLine): Line {
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: line.currency,
    description: line.description,
    discount_amounts: [],
    discountable: line.discountable,
    discounts: [],
    invoice: line.invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.invoiceItem,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: line.subscription,
        subscription_item: line.subscriptionItem,
      },
      type: 'subscription_item_details',
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: line.pricing,
    quantity: line.quantity,
    quantity_decimal: line.quantityDecimal,
    subscription: line.subscription,
    subtotal: line.amount,
    taxes: [],
  };
}

/** How an invoice shows an invoice item: a proration line of the subscription item it is about. */
export function lineOfInvoiceItem(invoiceId: string | null, invoiceItem: Stripe.InvoiceItem): Line {
  const details = invoiceItem.parent?.subscription_details;
  return subscriptionItemLine({
    id: randomId(invoiceId === null ? 'il_tmp_' : 'il_', 24),
    invoice: invoiceId,
    amount: invoiceItem.amount,
    currency: invoiceItem.currency,
    description: invoiceItem.description,
    discountable: invoiceItem.discountable,
    invoiceItem: invoiceItem.id,
    proration: invoiceItem.proration,
    subscription: details?.subscription ?? null,
    subscriptionItem: details?.subscription_item ?? '',
    period: { ...invoiceItem.period },
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
    quantityDecimal: invoiceItem.quantity_decimal,
  });
}
