/** The order record all_orders/{orderId} (architecture, "Data"; database.rules.json documents and
 *  checks the same shape). */
import type { Charges } from '../../src/catalog/pricing';
import type { CheckoutRequest } from '../../src/catalog/checkout';
import { PLAN_DETAILS } from '../../src/catalog/plans';
import { recurringPrice, type OrderSubscription, type OrderSubscriptionReading } from '../../src/catalog/subscription';
import type { PaymentStatus } from './payment-status';

export const ORDERS_PATH = 'all_orders';

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
}

export interface NewOrder<Timestamp> {
  orderId: string;
  request: CheckoutRequest;
  charges: Charges;
  stripeSessionId: string;
  /** The verified uid, or null for a visitor. */
  buyer: string | null;
  createdAt: Timestamp;
}

/** The record of a checkout just started: unpaid, priced by the catalogue, not by the browser. */
export function buildOrderRecord<Timestamp>({ orderId, request, charges, stripeSessionId, buyer, createdAt }: NewOrder<Timestamp>): OrderRecord<Timestamp> {
  const storageSize = PLAN_DETAILS[request.plan].figures?.storageAddOn.size;
  const { termPayments } = recurringPrice(request);
  return {
    product: request.service,
    tier: request.plan,
    securitySelected: request.security,
    marketingSelected: request.marketing,
    applicationExist: request.tradeIn !== null,
    ...(request.tradeIn !== null ? { modelExistsOn: request.tradeIn } : {}),
    ...(request.storage && storageSize ? { additionalStorage: storageSize } : {}),
    productAmount: charges.amountDueCents,
    payment_status: 'unpaid',
    ...(buyer !== null ? { buyer } : {}),
    pushKey: orderId,
    stripeId: stripeSessionId,
    createdAt,
    billingPeriod: request.period,
    amountPerPeriod: charges.amountDueCents,
    termPayments,
  };
}
