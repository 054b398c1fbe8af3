/** Brings refunds and disputes, made in Stripe's Dashboard, to the order whose payment they touch
 *  (docs/decisions/0108-staff-console.md). Whatever the event carried, the webhook reads the charge
 *  and its disputes from Stripe, follows the charge to its order (charge → PaymentIntent → its
 *  InvoicePayment → invoice → subscription → the order that subscription is bound to), and writes
 *  `refunds/{chargeId}` and `disputes/{disputeId}` on the order. Each entry keeps the newest
 *  reading, so repeated, reordered or racing deliveries end in the same state. */
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { isOpenDispute, isOrderId, type OrderDisputeRecord, type OrderRefundRecord, orderPath } from '../../../src/data/orders';
import { applied, ignored, retry, type EventOutcome } from '../stripe/event-outcome';
import { idOf, isStripeId } from '../stripe/stripe-ids';
import type { OrderData } from './subscription-sync';
import { unlessMissing } from '../stripe/stripe-errors';

const SECOND_MS = 1000;

export interface ChargeSyncDependencies {
  database: Database;
  stripe: Stripe;
  /** Milliseconds since the epoch; the tests pass their own. */
  now?: () => number;
}

/** What one reading of a charge says about the order. */
export interface ChargeReading {
  chargeId: string;
  /** Null while nothing of the charge is refunded: nothing to show. */
  refund: OrderRefundRecord | null;
  disputes: Record<string, OrderDisputeRecord>;
}

export function chargeReading(
  charge: Pick<Stripe.Charge, 'id' | 'amount' | 'amount_refunded' | 'created'>,
  disputes: readonly Pick<Stripe.Dispute, 'id' | 'status' | 'amount'>[],
  fetchedAt: number,
): ChargeReading {
  const entries: Record<string, OrderDisputeRecord> = {};
  for (const dispute of disputes) {
    if (!isStripeId('dispute', dispute.id)) continue;
    entries[dispute.id] = { chargeId: charge.id, status: dispute.status, amount: dispute.amount, fetchedAt };
  }
  return {
    chargeId: charge.id,
    refund:
      charge.amount_refunded > 0
        ? { amountRefunded: charge.amount_refunded, chargeAmount: charge.amount, chargedAt: charge.created * SECOND_MS, fetchedAt }
        : null,
    disputes: entries,
  };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Whether `reading` may replace `stored`: never a reading taken earlier, never a smaller refund
 *  (refunds only grow), never an open dispute over a closed one. */
function isNewer(stored: Record<string, unknown>, fetchedAt: number): boolean {
  return !(typeof stored.fetchedAt === 'number' && stored.fetchedAt > fetchedAt);
}

/** The order with the reading applied, entry by entry; null when nothing changes. Runs inside the
 *  transaction, so racing deliveries are decided against each other's writes. */
export function mergeCharge(current: OrderData, reading: ChargeReading): OrderData | null {
  let changed = false;
  const order: OrderData = { ...current };
  if (reading.refund !== null) {
    const refunds = { ...asRecord(current.refunds) };
    const stored = asRecord(refunds[reading.chargeId]);
    const storedAmount = typeof stored.amountRefunded === 'number' ? stored.amountRefunded : 0;
    if (isNewer(stored, reading.refund.fetchedAt) && reading.refund.amountRefunded >= storedAmount) {
      refunds[reading.chargeId] = reading.refund;
      order.refunds = refunds;
      changed = true;
    }
  }
  const disputes = { ...asRecord(current.disputes) };
  for (const [id, dispute] of Object.entries(reading.disputes)) {
    const stored = asRecord(disputes[id]);
    const reopens = typeof stored.status === 'string' && !isOpenDispute(stored.status) && isOpenDispute(dispute.status);
    if (!isNewer(stored, dispute.fetchedAt) || reopens) continue;
    disputes[id] = dispute;
    changed = true;
  }
  if (Object.keys(disputes).length > 0) order.disputes = disputes;
  return changed ? order : null;
}

type Found = { ok: true; orderId: string; subscriptionId: string } | { ok: false; outcome: EventOutcome };

/** The order a charge paid for: through the invoice its PaymentIntent paid (a Charge names no
 *  invoice at this API version) to the subscription, and the order bound to that subscription.
 *  A subscription's metadata alone is not trusted (anyone with the API key can write it): the
 *  order must already name the subscription, which stripeWebhook writes only for the order's own. */
async function findOrder(deps: ChargeSyncDependencies, charge: Stripe.Charge): Promise<Found> {
  const { stripe, database } = deps;
  const paymentIntentId = idOf(charge.payment_intent);
  if (paymentIntentId === null) return { ok: false, outcome: ignored('the charge has no PaymentIntent, so it paid no invoice') };
  const payments = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 });
  const invoiceId = idOf(payments.data[0]?.invoice as string | { id: string } | undefined);
  if (invoiceId === null) return { ok: false, outcome: ignored('the charge paid no invoice') };
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
  if (subscriptionId === null || !isStripeId('subscription', subscriptionId)) {
    return { ok: false, outcome: ignored('the charge paid an invoice of no subscription', { invoiceId }) };
  }
  const subscription = await unlessMissing(stripe.subscriptions.retrieve(subscriptionId));
  if (subscription === null)
    return { ok: false, outcome: ignored(`Stripe does not know subscription ${subscriptionId}`, { subscriptionId }) };
  const orderId = subscription.metadata?.orderId;
  if (!isOrderId(orderId)) return { ok: false, outcome: ignored('the subscription names no order', { subscriptionId }) };
  const bound = (await database.ref(`${orderPath(orderId)}/subscriptionId`).get()).val() as unknown;
  if (bound === subscriptionId) return { ok: true, orderId, subscriptionId };
  if (typeof bound === 'string') {
    return { ok: false, outcome: ignored(`the order belongs to subscription ${bound}`, { orderId, subscriptionId }) };
  }
  // The order is not there yet, or the subscription's own events have not bound it yet: those
  // come first on Stripe, so a redelivery finds it.
  return { ok: false, outcome: retry(`order ${orderId} does not know subscription ${subscriptionId} yet`, { orderId, subscriptionId }) };
}

/** Reads the charge and its disputes from Stripe and writes them to the charge's order. */
export async function syncCharge(deps: ChargeSyncDependencies, chargeId: string): Promise<EventOutcome> {
  const { database, stripe } = deps;
  // Taken before Stripe is asked: whatever this reading sees is at least as new as this time.
  const fetchedAt = (deps.now ?? Date.now)();
  const charge = await unlessMissing(stripe.charges.retrieve(chargeId));
  if (charge === null) return ignored(`Stripe does not know charge ${chargeId}`, { chargeId });
  const found = await findOrder(deps, charge);
  if (!found.ok) return { ...found.outcome, details: { ...found.outcome.details, chargeId } };
  const { orderId, subscriptionId } = found;

  const disputes: Stripe.Dispute[] = [];
  await stripe.disputes.list({ charge: chargeId, limit: 100 }).autoPagingEach((dispute) => {
    disputes.push(dispute);
  });
  const reading = chargeReading(charge, disputes, fetchedAt);

  let unchanged = false;
  const result = await database.ref(orderPath(orderId)).transaction((current: OrderData | null) => {
    unchanged = false;
    // null can be the SDK's first guess before it has the stored value (see subscription-sync.ts).
    if (current === null) return null;
    const merged = mergeCharge(current, reading);
    if (merged === null) {
      unchanged = true;
      return undefined;
    }
    return merged;
  });
  const details = { orderId, subscriptionId, chargeId, amountRefunded: charge.amount_refunded, disputes: disputes.length };
  if (unchanged) return ignored('a reading as new or newer is already stored, or there is nothing to show', details);
  if (!result.committed || result.snapshot.val() === null) return retry(`order ${orderId} does not exist`, details);
  return applied(details);
}
