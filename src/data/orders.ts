/**
 * The order record all_orders/{orderId}: its path, its shape and how the site reads it back. The
 * cloud functions write it (functions/src/checkout/orders.ts builds it); the customer area reads it
 * (src/features/account/orders-data.ts). database.rules.json checks the same shape.
 */
import { isBillingPeriod, priceConfiguration, type BillingPeriod } from '../catalog/pricing';
import { isPlanId, isPricedPlan } from '../catalog/plans';
import { isServiceId, type ServiceId } from '../catalog/services';
import { isSubscriptionStatus, type OrderSubscription, type OrderSubscriptionReading } from '../catalog/subscription';
import type { PaymentStatus } from '../config/data-limits';
import { declaredTradeIn, type DeclaredTradeIn, type TradeInState } from './trade-in';

export const ORDERS_PATH = 'all_orders';

export const orderPath = (orderId: string) => `${ORDERS_PATH}/${orderId}`;

/** The links mailed about an order, which only the functions read and write (the rules' default
 *  closes them to browsers): a guest's claim link by order id, a Manage your plan link by its
 *  token's hash. The account's deletion and the daily clean-up remove them too. */
export const CLAIM_LINKS_PATH = 'order_claim_links';
export const MANAGE_LINKS_PATH = 'manage_links';

/** Set on an order whose buyer deleted their account: deletion removes the buyer and the email and
 *  marks the order (docs/decisions/0119-account-deletion-and-retention.md). */
export const PERSONAL_DATA_REMOVED_FIELD = 'personalDataRemovedAt';

/** Whether the order's buyer deleted their account. The session id and the links of such an order
 *  live on in the person's browser history, shared screens and data export, so none of them may
 *  reach anything of it, and no mail about it goes out
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export function isClosedOrder(order: Record<string, unknown>): boolean {
  return order[PERSONAL_DATA_REMOVED_FIELD] !== undefined && order[PERSONAL_DATA_REMOVED_FIELD] !== null;
}

/** When the buyer came back from Stripe's success URL and Stripe said the session was complete
 *  (unpaidCheckout): from then on, until the webhook settles it, the order is "Confirming your
 *  payment…" rather than "Not paid yet"
 *  (docs/decisions/0091-checkouts-expire-by-stand-in-clocks.md#addendum-2026-11-29-not-paid-yet-confirming-or-expired). */
export const CHECKOUT_COMPLETED_FIELD = 'checkoutCompletedAt' satisfies keyof OrderRecord;

/** When the buyer removed an order that was never paid (unpaidCheckout): kept for the webhook, left
 *  out of the buyer's lists. */
export const ORDER_REMOVED_FIELD = 'removedAt' satisfies keyof OrderRecord;

/** The field a signed-in buyer's orders are queried by (the only query the rules allow). */
export const ORDER_BUYER_FIELD = 'buyer' satisfies keyof OrderRecord;

/** An order's key: a database push id, as stripeCheckout draws it with push() (20 characters of
 *  the push alphabet). It becomes a path in the webhook, so nothing else is taken for one. */
const ORDER_ID_PATTERN = /^[-0-9A-Za-z_]{20}$/;

export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID_PATTERN.test(value);
}

/** createdAt is a server timestamp when written (ServerValue.TIMESTAMP), a number once stored.
 *  The subscription's fields (OrderSubscription) are billingPeriod, amountPerPeriod and
 *  termPayments from checkout on; stripeWebhook adds the rest, and customerEmail, from Stripe. */
export interface OrderRecord<Timestamp = number> extends OrderSubscription, OrderSubscriptionReading {
  product: string;
  tier: string;
  securitySelected: boolean;
  marketingSelected: boolean;
  applicationExist: boolean;
  /** The trade-in platform; only with applicationExist. */
  modelExistsOn?: string;
  /** The storage add-on's size label, e.g. "500GB"; only when chosen. */
  additionalStorage?: string;
  /** What Stripe charges each billing period, in integer cents (= amountPerPeriod). */
  productAmount: number;
  payment_status: PaymentStatus;
  /** The buyer's uid; absent for a visitor's checkout. */
  buyer?: string;
  pushKey: string;
  stripeId: string;
  createdAt: Timestamp;
  /** The buyer's email as Stripe has it, in lower case (set by stripeWebhook): how a guest's
   *  order finds its account once that email is verified (claimGuestOrders). */
  customerEmail?: string;
  /** Refunds of the order's payments, by charge id (ch_…), as stripeWebhook last read each charge. */
  refunds?: Record<string, OrderRefundRecord>;
  /** Disputes of the order's payments, by dispute id (dp_…), as stripeWebhook last read each. */
  disputes?: Record<string, OrderDisputeRecord>;
  /** The trade-in credit an admin confirmed (functions/src/billing/trade-in-credit.ts). */
  tradeIn?: OrderTradeInRecord;
  /** The trade-in's state, kept beside the order for the console's trade-ins page
   *  (src/data/order-index-fields.ts); only with applicationExist. */
  tradeInState?: TradeInState;
  /** The subscription's invoices, by Stripe invoice id (in_…), as stripeWebhook last read each from
   *  an invoice.* event (docs/decisions/0114-plan-changes-and-proration.md). */
  invoices?: Record<string, OrderInvoiceRecord>;
  /** Written once per term by the termNotices function when the term ends within 14 days and the
   *  buyer was mailed (docs/decisions/0115-the-term-ends-unless-renewed.md). */
  termNotice?: OrderTermNoticeRecord;
  /** See CHECKOUT_COMPLETED_FIELD. */
  checkoutCompletedAt?: number;
  /** See ORDER_REMOVED_FIELD. */
  removedAt?: number;
  /** What Stripe charged at checkout, from its completed session (set by stripeWebhook). */
  checkoutTotals?: OrderCheckoutTotalsRecord;
}

/** A completed Checkout session's figures, integer cents as Stripe gives them: the subtotal of the
 *  plan and add-ons, the promotion code's discount, the tax, and the total charged that day. */
export interface OrderCheckoutTotalsRecord {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  /** The promotion code the buyer typed (e.g. "LEOPARD10"); absent without one. */
  promotionCode?: string;
}

/** Stripe's invoice statuses. */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly unknown[]).includes(value);
}

/** all_orders/{id}/invoices/{invoiceId}: one invoice of the order's subscription. Amounts in
 *  integer cents, times in ms since the epoch. */
export interface OrderInvoiceRecord {
  /** Stripe's invoice number, e.g. "LEOPARD-0001"; none while the invoice is a draft. (The
   *  database stores no null: a null written here reads back as absent.) */
  number?: string | null;
  createdAt: number;
  /** The invoice's total, tax included (negative when a change credits the customer). */
  total: number;
  /** The tax in the total. */
  tax: number;
  amountPaid: number;
  amountDue: number;
  status: InvoiceStatus;
  /** Stripe's hosted invoice page; none while a draft. */
  hostedInvoiceUrl?: string | null;
  /** The invoice as a PDF; none while a draft. */
  invoicePdf?: string | null;
  /** Why Stripe made it: subscription_create, subscription_cycle, subscription_update, manual, … */
  billingReason?: string | null;
  periodStart?: number | null;
  periodEnd?: number | null;
  /** When the webhook read the invoice from Stripe, ms: a reading never replaces a later one. */
  fetchedAt: number;
}

/** all_orders/{id}/termNotice: the buyer was told the term ends on termEndsAt. */
export interface OrderTermNoticeRecord {
  termEndsAt: number;
  sentAt: number;
}

/** all_orders/{id}/refunds/{chargeId}: how much of one payment Stripe has refunded. Refunds are
 *  made in Stripe's Dashboard; the webhook writes what it reads (docs/decisions/0108-staff-console.md). */
export interface OrderRefundRecord {
  /** Integer cents refunded so far, > 0. */
  amountRefunded: number;
  /** Integer cents the charge took. */
  chargeAmount: number;
  /** When the charge was made, ms since the epoch. */
  chargedAt: number;
  /** When the webhook read the charge from Stripe, ms: a reading never replaces a later one. */
  fetchedAt: number;
}

/** all_orders/{id}/disputes/{disputeId}: a card dispute (chargeback) of one of the order's payments. */
export interface OrderDisputeRecord {
  chargeId: string;
  /** Stripe's dispute status: needs_response, under_review, warning_…, won, lost. */
  status: string;
  /** Integer cents disputed. */
  amount: number;
  fetchedAt: number;
}

/** Stripe's dispute statuses that close a dispute; every other one is open. */
export const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'] as const;

export function isOpenDispute(status: string): boolean {
  return !(CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status);
}

/** `crediting` while the Stripe balance transaction is being made (a retry repeats the same
 *  idempotent call), `credited` once it exists; `declined` when an admin declined the trade-in
 *  (nothing credited, amount 0). No record: nobody has decided yet. */
export const TRADE_IN_CREDIT_STATUSES = ['crediting', 'credited', 'declined'] as const;
export type TradeInCreditStatus = (typeof TRADE_IN_CREDIT_STATUSES)[number];

/** all_orders/{id}/tradeIn. */
export interface OrderTradeInRecord {
  status: TradeInCreditStatus;
  /** Integer cents credited to the customer's Stripe balance (the catalogue's trade-in reward). */
  amount: number;
  /** While crediting: who started it, and when (ms). */
  claimedBy?: string;
  claimedAt?: number;
  /** Once credited: Stripe's customer balance transaction (cbtxn_…), when (ms) and by whom (uid). */
  balanceTransactionId?: string;
  creditedAt?: number;
  creditedBy?: string;
  /** Once declined: when (ms) and by whom (uid). */
  declinedAt?: number;
  declinedBy?: string;
}

export interface OrderAddOns {
  /** The storage add-on's size label ("500GB"), when chosen. */
  storage: string | null;
  security: boolean;
  marketing: boolean;
}

/** What the order costs per billing period, in integer cents. */
export interface OrderAmount {
  cents: number;
  /** Null when the order does not say and the catalogue cannot tell (an old order of a price that
   *  has since changed). */
  period: BillingPeriod | null;
}

export interface Order {
  id: string;
  product: ServiceId;
  tier: string;
  paymentStatus: string;
  productAmount: number;
  /** Milliseconds since the epoch; null when the record has none. */
  createdAt: number | null;
  addOns: OrderAddOns;
  /** Null for orders made before plans were subscriptions. */
  subscription: OrderSubscription | null;
  amount: OrderAmount;
  /** Refunded payments, newest charge first. */
  refunds: OrderRefund[];
  /** Disputed payments, in the order stored. */
  disputes: OrderDispute[];
  tradeIn: OrderTradeIn | null;
  /** The trade-in the buyer declared at checkout, and where it stands; null when none was. */
  declaredTradeIn: DeclaredTradeIn | null;
  /** The subscription's invoices, newest first; only those with what a list needs to show. */
  invoices: OrderInvoice[];
  /** The term notice the buyer was sent, if any (docs/decisions/0115-the-term-ends-unless-renewed.md). */
  termNotice: OrderTermNoticeRecord | null;
  /** The Checkout session the order was bought with (cs_…); null when the record has none. */
  sessionId: string | null;
  /** ms; see CHECKOUT_COMPLETED_FIELD. */
  checkoutCompletedAt: number | null;
  /** ms; see ORDER_REMOVED_FIELD. */
  removedAt: number | null;
}

/** One invoice as the order card lists it. */
export interface OrderInvoice {
  id: string;
  /** Null while a draft. */
  number: string | null;
  createdAt: number;
  /** Integer cents, tax included; negative for a credit. */
  total: number;
  /** The tax in the total, of the total's sign. */
  tax: number;
  status: InvoiceStatus;
  /** Only https (or, for the local stand-in, http) addresses: anything else is dropped. */
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

export interface OrderRefund {
  chargeId: string;
  amountRefunded: number;
  chargeAmount: number;
  chargedAt: number;
}

export interface OrderDispute {
  id: string;
  chargeId: string;
  status: string;
  amount: number;
}

export interface OrderTradeIn {
  status: TradeInCreditStatus;
  /** Integer cents; null when the record does not say. */
  amount: number | null;
  creditedAt: number | null;
}

/** A record as read back: any field may be missing or of another type (older orders, hand edits),
 *  so each is checked before use. Keyed by OrderRecord, so a misspelt field is a type error. */
export type StoredOrder = { readonly [K in keyof OrderRecord]?: unknown };

const count = (value: unknown) => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined);
const text = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

/** The subscription fields the functions wrote (src/catalog/subscription.ts), each checked. */
function toSubscription(order: StoredOrder): OrderSubscription | null {
  const amountPerPeriod = count(order.amountPerPeriod);
  const termPayments = count(order.termPayments);
  if (!isBillingPeriod(order.billingPeriod) || amountPerPeriod === undefined || !termPayments) return null;
  const subscription: OrderSubscription = { billingPeriod: order.billingPeriod, amountPerPeriod, termPayments };
  const optional: Partial<OrderSubscription> = {
    subscriptionId: text(order.subscriptionId, /^sub_/),
    customerId: text(order.customerId, /^cus_/),
    subscriptionStatus: isSubscriptionStatus(order.subscriptionStatus) ? order.subscriptionStatus : undefined,
    paymentsMade: count(order.paymentsMade),
    currentPeriodEnd: count(order.currentPeriodEnd),
    termEndsAt: count(order.termEndsAt),
    cancelAt: count(order.cancelAt),
    endedAt: count(order.endedAt),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(subscription, { [key]: value });
  return subscription;
}

/**
 * The billing period of an order from before plans were subscriptions, which stored only
 * productAmount: the monthly charge by default, the yearly one when billed yearly (docs/product.md#checkout).
 * Whichever of today's two charges for its plan and add-ons it equals; null when neither does.
 */
export function legacyBillingPeriod(tier: string, productAmount: number, addOns: OrderAddOns): BillingPeriod | null {
  if (!isPlanId(tier) || !isPricedPlan(tier)) return null;
  const charges = priceConfiguration({
    plan: tier,
    period: 'monthly',
    storage: addOns.storage !== null,
    security: addOns.security,
    marketing: addOns.marketing,
  });
  // Monthly first: it is the default, and a plan's two charges never coincide.
  if (productAmount === charges.monthlyCents) return 'monthly';
  if (productAmount === charges.yearlyCents) return 'yearly';
  return null;
}

function amountOf(tier: string, productAmount: number, addOns: OrderAddOns, subscription: OrderSubscription | null): OrderAmount {
  if (subscription) return { cents: subscription.amountPerPeriod, period: subscription.billingPeriod };
  return { cents: productAmount, period: legacyBillingPeriod(tier, productAmount, addOns) };
}

/** Newest first by createdAt; orders without one come last. Stable: orders created at the same
 *  moment keep the order they came in. */
export function newestFirst<T extends Pick<Order, 'createdAt'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    if (a.createdAt === null || b.createdAt === null) return (a.createdAt === null ? 1 : 0) - (b.createdAt === null ? 1 : 0);
    return b.createdAt - a.createdAt;
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toRefunds(value: unknown): OrderRefund[] {
  if (!isRecord(value)) return [];
  const refunds: OrderRefund[] = [];
  for (const [chargeId, entry] of Object.entries(value)) {
    if (!isRecord(entry)) continue;
    const amountRefunded = count(entry.amountRefunded);
    const chargeAmount = count(entry.chargeAmount);
    const chargedAt = count(entry.chargedAt);
    if (!amountRefunded || chargeAmount === undefined || chargedAt === undefined) continue;
    refunds.push({ chargeId, amountRefunded: Math.min(amountRefunded, chargeAmount), chargeAmount, chargedAt });
  }
  return refunds.sort((a, b) => b.chargedAt - a.chargedAt);
}

function toDisputes(value: unknown): OrderDispute[] {
  if (!isRecord(value)) return [];
  const disputes: OrderDispute[] = [];
  for (const [id, entry] of Object.entries(value)) {
    if (!isRecord(entry) || typeof entry.status !== 'string' || typeof entry.chargeId !== 'string') continue;
    const amount = count(entry.amount);
    if (amount === undefined) continue;
    disputes.push({ id, chargeId: entry.chargeId, status: entry.status, amount });
  }
  return disputes;
}

function toTradeIn(value: unknown): OrderTradeIn | null {
  if (!isRecord(value)) return null;
  const status = (TRADE_IN_CREDIT_STATUSES as readonly unknown[]).includes(value.status) ? (value.status as TradeInCreditStatus) : null;
  if (status === null) return null;
  return { status, amount: count(value.amount) ?? null, creditedAt: count(value.creditedAt) ?? null };
}

const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);

/** A link the card may open: an absolute http(s) address, nothing a javascript: or data: URL could
 *  do in a new tab. */
function webAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Newest first; invoices created at the same millisecond by number, so the list does not jump. */
function toInvoices(value: unknown): OrderInvoice[] {
  if (!isRecord(value)) return [];
  const invoices: OrderInvoice[] = [];
  for (const [id, entry] of Object.entries(value)) {
    if (!isRecord(entry) || !isInvoiceStatus(entry.status)) continue;
    const createdAt = count(entry.createdAt);
    const total = cents(entry.total);
    if (createdAt === undefined || total === undefined) continue;
    invoices.push({
      id,
      number: typeof entry.number === 'string' && entry.number ? entry.number : null,
      createdAt,
      total,
      // Negative on a credit, as the total: src/catalog/invoice-money.ts reads the two together.
      tax: cents(entry.tax) ?? 0,
      status: entry.status,
      hostedInvoiceUrl: webAddress(entry.hostedInvoiceUrl),
      invoicePdf: webAddress(entry.invoicePdf),
    });
  }
  return invoices.sort((a, b) => b.createdAt - a.createdAt || (b.number ?? '').localeCompare(a.number ?? ''));
}

function toTermNotice(value: unknown): OrderTermNoticeRecord | null {
  if (!isRecord(value)) return null;
  const termEndsAt = count(value.termEndsAt);
  const sentAt = count(value.sentAt);
  return termEndsAt === undefined || sentAt === undefined ? null : { termEndsAt, sentAt };
}

const timestamp = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/** Orders of products the site does not know are left out (spec: "shows nothing"). */
export function toOrders(value: Readonly<Record<string, StoredOrder>> | null): Order[] {
  const orders = Object.entries(value ?? {})
    .filter(([, order]) => isServiceId(order.product))
    .map(([id, order]): Order => {
      const tier = typeof order.tier === 'string' ? order.tier : '';
      const productAmount =
        Number.isSafeInteger(order.productAmount) && (order.productAmount as number) >= 0 ? (order.productAmount as number) : 0;
      const addOns: OrderAddOns = {
        storage: typeof order.additionalStorage === 'string' && order.additionalStorage ? order.additionalStorage : null,
        security: order.securitySelected === true,
        marketing: order.marketingSelected === true,
      };
      const subscription = toSubscription(order);
      return {
        id,
        product: order.product as ServiceId,
        tier,
        paymentStatus: typeof order.payment_status === 'string' ? order.payment_status : 'unknown',
        productAmount,
        createdAt: timestamp(order.createdAt),
        addOns,
        subscription,
        amount: amountOf(tier, productAmount, addOns, subscription),
        refunds: toRefunds(order.refunds),
        disputes: toDisputes(order.disputes),
        tradeIn: toTradeIn(order.tradeIn),
        declaredTradeIn: declaredTradeIn(order),
        invoices: toInvoices(order.invoices),
        termNotice: toTermNotice(order.termNotice),
        sessionId: typeof order.stripeId === 'string' ? order.stripeId : null,
        checkoutCompletedAt: timestamp(order.checkoutCompletedAt),
        removedAt: timestamp(order.removedAt),
      };
    });
  return newestFirst(orders);
}
