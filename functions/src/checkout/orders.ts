/** Builds the order record all_orders/{orderId} a checkout starts with; its path and shape are
 *  src/data/orders.ts, shared with the site that reads it back. */
import type { Charges } from '../../../src/catalog/pricing';
import type { CheckoutRequest } from '../../../src/catalog/checkout';
import { PLAN_DETAILS } from '../../../src/catalog/plans';
import { recurringPrice } from '../../../src/catalog/subscription';
import type { OrderRecord } from '../../../src/data/orders';

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
export function buildOrderRecord<Timestamp>({
  orderId,
  request,
  charges,
  stripeSessionId,
  buyer,
  createdAt,
}: NewOrder<Timestamp>): OrderRecord<Timestamp> {
  const storageSize = PLAN_DETAILS[request.plan].figures?.storageAddOn.size;
  const { termPayments } = recurringPrice(request);
  return {
    product: request.service,
    tier: request.plan,
    securitySelected: request.security,
    marketingSelected: request.marketing,
    applicationExist: request.tradeIn !== null,
    // A declared trade-in starts awaiting review, listed on the console's trade-ins page by this
    // state (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
    ...(request.tradeIn !== null ? { modelExistsOn: request.tradeIn, tradeInState: 'awaiting' as const } : {}),
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
