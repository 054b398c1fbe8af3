/**
 * Everything the stand-in remembers, in memory: the Stripe objects as the API returns them (kept
 * in Stripe's own shape, typed by the `stripe` SDK), the events and delivery attempts, saved
 * idempotent answers and failure rules. Resources read and change it; `reset()` forgets it all.
 */
import type Stripe from 'stripe';
import { type EventRecord, type WebhookDelivery } from './event-data';

/** The oldest sessions/events/deliveries are dropped past this many. */
export const MAX_KEPT = 1000;

/** A recurring price's unit of time (billing-periods.ts counts in it). */
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface Recurring {
  interval: Interval;
  interval_count: number;
}

/** A Checkout session's line as the session keeps it (checkout-sessions.ts reads it from the
 *  request). */
export interface LineItem {
  /** `li_…`, the id of the session's line item. */
  id: string;
  /** The ad-hoc Price and Product `price_data` creates (`price_…`, `prod_…`). */
  priceId: string;
  productId: string;
  name: string;
  description: string | null;
  images: string[];
  currency: string;
  unitAmount: number;
  quantity: number;
  /** Set for recurring prices (subscription mode). */
  recurring: Recurring | null;
  /** The stored catalogue Price the line named (`line_items[n][price]`); absent for `price_data`. */
  price?: Stripe.Price;
  /** What the line's share of the session's discount and tax came to (checkout-totals.ts). */
  amounts?: { discount: number; tax: number };
}

/** What using a test card does (cards.ts): pay, fail when charged later, or fail at once. */
export type CardOutcome = 'succeeds' | 'charge_fails' | 'declined' | 'insufficient_funds';

export interface SessionRecord {
  session: Stripe.Checkout.Session;
  lineItems: LineItem[];
  /** The Stripe-Version of the creating request: stamped on the session's events. */
  apiVersion: string;
  /** `subscription_data` of a subscription-mode session. */
  subscriptionData: { metadata: Record<string, string>; description: string | null } | null;
  /** `customer_update`: whether the address and name typed on the page are saved to the named
   *  customer (a customer Checkout creates always gets them). */
  customerUpdate?: { address: 'auto' | 'never'; name: 'auto' | 'never' } | null;
  /** What the buyer typed on the hosted page before an Apply / Update total, shown again when the
   *  page is reloaded after its redirect, with the one-time notice (checkout-hosted.ts). */
  draft?: { fields: Record<string, string>; notice: string | null };
}

export interface CustomerRecord {
  customer: Stripe.Customer;
  seq: number;
}

export interface PaymentMethodRecord {
  paymentMethod: Stripe.PaymentMethod;
  /** What charging it does (from the test card number it was made from). */
  outcome: CardOutcome;
  seq: number;
}

export interface SubscriptionRecord {
  subscription: Stripe.Subscription;
  seq: number;
}

export interface InvoiceRecord {
  invoice: Stripe.Invoice;
  seq: number;
}

export interface ClockRecord {
  clock: Stripe.TestHelpers.TestClock;
  /** The time billing has reached: `frozen_time`, or during an advance the boundary being billed. */
  now: number;
  /** Settles when an advance under way is over (clock `ready`). */
  advancing: Promise<void> | null;
  seq: number;
}

/** A paid invoice's money: its PaymentIntent, the charge it made and the InvoicePayment tying
 *  them to the invoice (payments.ts). */
export interface PaymentIntentRecord {
  paymentIntent: Stripe.PaymentIntent;
  seq: number;
}

export interface ChargeRecord {
  charge: Stripe.Charge;
  seq: number;
}

export interface InvoicePaymentRecord {
  invoicePayment: Stripe.InvoicePayment;
  seq: number;
}

export interface RefundRecord {
  refund: Stripe.Refund;
  seq: number;
}

export interface DisputeRecord {
  dispute: Stripe.Dispute;
  seq: number;
}

export interface BalanceTransactionRecord {
  transaction: Stripe.CustomerBalanceTransaction;
  seq: number;
}

export interface PortalSessionRecord {
  session: Stripe.BillingPortal.Session;
}

export interface ProductRecord {
  id: string;
  name: string;
  description: string | null;
  /** Set for Products made through `/v1/products` (catalogue.ts); the ad-hoc ones `price_data`
   *  makes are named here only, for invoice lines. */
  product?: Stripe.Product;
  seq?: number;
}

/** An invoice item (`ii_…`): a proration of a subscription change, pending until an invoice takes it
 *  (invoice-items.ts). */
export interface InvoiceItemRecord {
  invoiceItem: Stripe.InvoiceItem;
  seq: number;
}

/** A Price made through `/v1/prices` (catalogue.ts); `price_data` prices are not stored. */
export interface PriceRecord {
  price: Stripe.Price;
  seq: number;
}

export interface CouponRecord {
  coupon: Stripe.Coupon;
  seq: number;
}

export interface PromotionCodeRecord {
  promotionCode: Stripe.PromotionCode;
  seq: number;
}

/** A coupon applied to a subscription (discounts.ts). */
export interface DiscountRecord {
  discount: Stripe.Discount;
  /** The invoices it took money off; a `once` coupon's discount takes it off the first only. */
  invoiceIds: string[];
  seq: number;
}

export interface PortalConfigurationRecord {
  configuration: Stripe.BillingPortal.Configuration;
  seq: number;
}

/** A customer's tax ID (collected on the hosted checkout). */
export interface TaxIdRecord {
  taxId: Stripe.TaxId;
  seq: number;
}

/** A webhook endpoint made through `/v1/webhook_endpoints` (webhook-endpoints.ts); `secret` signs
 *  its deliveries and is shown once, in the creation's answer. */
export interface WebhookEndpointRecord {
  endpoint: Stripe.WebhookEndpoint;
  secret: string;
  seq: number;
}

/** Set through `POST /__control {fail: …}`: the next session creations answer with this Stripe error. */
export interface FailureRule {
  status: number;
  type: string;
  message: string;
  code?: string;
  /** How many creations fail before the rule is dropped; absent: until `DELETE /__control`. */
  times?: number;
  /** Only creations whose parameters all equal these fail, named as the API names them:
   *  `success_url`, `cancel_url`, `client_reference_id`, `customer_email`, `customer`,
   *  `metadata[key]`. Lets one test fail its own checkout while others run. Empty matches all. */
  match?: Record<string, string>;
}

export interface SavedAnswer {
  status: number;
  body: unknown;
  fingerprint: string;
}

export class Store {
  readonly sessions = new Map<string, SessionRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly clocks = new Map<string, ClockRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly invoicePayments = new Map<string, InvoicePaymentRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly disputes = new Map<string, DisputeRecord>();
  readonly balanceTransactions = new Map<string, BalanceTransactionRecord>();
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly invoiceItems = new Map<string, InvoiceItemRecord>();
  readonly coupons = new Map<string, CouponRecord>();
  readonly promotionCodes = new Map<string, PromotionCodeRecord>();
  readonly discounts = new Map<string, DiscountRecord>();
  readonly portalConfigurations = new Map<string, PortalConfigurationRecord>();
  readonly taxIds = new Map<string, TaxIdRecord>();
  readonly webhookEndpoints = new Map<string, WebhookEndpointRecord>();
  events: EventRecord[] = [];
  deliveries: WebhookDelivery[] = [];
  readonly idempotent = new Map<string, SavedAnswer>();
  rules: FailureRule[] = [];
  /** How far `POST /__clock/advance` has moved the stand-in's own clock past real time. */
  clockOffsetSeconds = 0;
  /** Bumped by reset(), so work still in flight (deliveries) does not write into the fresh state. */
  generation = 0;
  private sequence = 0;

  /** Creation order, to sort objects created in the same second as Stripe does (newest first). */
  nextSeq(): number {
    return ++this.sequence;
  }

  addSession(record: SessionRecord) {
    this.sessions.set(record.session.id, record);
    if (this.sessions.size > MAX_KEPT) this.sessions.delete(this.sessions.keys().next().value!);
  }

  addEvent(record: EventRecord) {
    this.events.push(record);
    if (this.events.length > MAX_KEPT) this.events = this.events.slice(-MAX_KEPT);
  }

  addDelivery(delivery: WebhookDelivery) {
    this.deliveries.push(delivery);
    if (this.deliveries.length > MAX_KEPT) this.deliveries = this.deliveries.slice(-MAX_KEPT);
  }

  findEvent(id: string): EventRecord | undefined {
    return this.events.find((record) => record.event.id === id);
  }

  /** Subscriptions of one customer, oldest first. */
  subscriptionsOf(customerId: string): SubscriptionRecord[] {
    return [...this.subscriptions.values()].filter((record) => record.subscription.customer === customerId);
  }

  invoicesOf(customerId: string): InvoiceRecord[] {
    return [...this.invoices.values()].filter((record) => record.invoice.customer === customerId);
  }

  customersOnClock(clockId: string): CustomerRecord[] {
    return [...this.customers.values()].filter((record) => record.customer.test_clock === clockId);
  }

  /** Forgets every object; with `keepCatalogue`, the catalogue (Products, Prices, coupons,
   *  promotion codes, portal configurations) stays, as it does between a real account's test runs. */
  reset({ keepCatalogue = false }: { keepCatalogue?: boolean } = {}) {
    this.generation++;
    const catalogue: ReadonlySet<Map<string, unknown>> = new Set([
      this.products,
      this.prices,
      this.coupons,
      this.promotionCodes,
      this.portalConfigurations,
    ]);
    for (const map of [
      this.sessions,
      this.customers,
      this.paymentMethods,
      this.subscriptions,
      this.invoices,
      this.clocks,
      this.portalSessions,
      this.paymentIntents,
      this.charges,
      this.invoicePayments,
      this.refunds,
      this.disputes,
      this.balanceTransactions,
      this.products,
      this.prices,
      this.invoiceItems,
      this.coupons,
      this.promotionCodes,
      this.discounts,
      this.portalConfigurations,
      this.taxIds,
      this.webhookEndpoints,
      this.idempotent,
    ]) {
      if (!(keepCatalogue && catalogue.has(map))) map.clear();
    }
    this.events = [];
    this.deliveries = [];
    this.rules = [];
    this.clockOffsetSeconds = 0;
  }
}
