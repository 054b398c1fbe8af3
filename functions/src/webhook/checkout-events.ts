/** What a Checkout session's event does to its order: the payment status the event reports
 *  (nextPaymentStatus, in a transaction), then, once the session completed, what it charged
 *  (checkout-totals.ts) and, for a subscription, the
 *  subscription as Stripe has it (subscription-sync.ts) and the buyer's card (card-summary.ts);
 *  a guest's completed checkout also mails its claim link (claim-links.ts), and every completed
 *  checkout its order confirmation (billing-mail.ts). A checkout completed for an account being
 *  closed is refunded and canceled instead (closed-account-checkout.ts). */
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { mailOrderConfirmation } from '../billing/billing-mail';
import { refreshCardSummary } from '../billing/card-summary';
import { isClosedAccountSession, settleClosedAccountCheckout } from './closed-account-checkout';
import { mailClaimLink } from '../orders/claim-links';
import { recordCheckoutTotals } from './checkout-totals';
import { applied, ignored, retry, type EventOutcome, type OutcomeDetails } from '../stripe/event-outcome';
import { isClosedOrder, orderPath } from '../../../src/data/orders';
import { isPaymentStatus, nextPaymentStatus, type PaymentStatus } from '../billing/payment-status';
import type { MailSettings } from '../mail';
import { idOf } from '../stripe/stripe-ids';
import { syncSubscription } from '../billing/subscription-sync';
import type { EventSubject } from './webhook-events';

export interface CheckoutEventDependencies {
  database: Database;
  stripe: Stripe;
  now?: () => number;
  /** The server mail settings; absent, no claim link is mailed. */
  mail?: MailSettings;
}

type SessionSubject = Extract<EventSubject, { kind: 'checkout-session' }>;

/** Applies the reported status to the order, if the order is really this session's. */
export async function settlePaymentStatus(database: Database, { sessionId, orderId, reported }: SessionSubject): Promise<EventOutcome> {
  if (orderId === null) return ignored('the session names no order', { sessionId });
  const orderRef = database.ref(orderPath(orderId));
  // stripeId is written with the order and never changes, so one read settles whose order it is.
  const stripeId = (await orderRef.child('stripeId').get()).val() as unknown;
  // stripeCheckout writes the order after opening the session: not there yet, not yet.
  if (stripeId === null) return retry(`order ${orderId} does not exist yet`, { orderId, sessionId });
  if (stripeId !== sessionId) return ignored(`the order belongs to session ${String(stripeId)}`, { orderId, sessionId });

  let from: PaymentStatus | null = null;
  const result = await orderRef.child('payment_status').transaction((current: unknown) => {
    from = null;
    // null can be the SDK's first guess before it has the stored value; writing null back
    // (a no-op if it really is empty) makes the server answer with what is stored.
    if (current === null) return null;
    if (!isPaymentStatus(current)) return undefined;
    from = current;
    return nextPaymentStatus(current, reported);
  });
  const to = result.snapshot.val() as unknown;
  if (!result.committed || from === null || !isPaymentStatus(to)) {
    return ignored(`the order's payment_status is ${JSON.stringify(to)}`, { orderId, sessionId });
  }
  return applied({ orderId, sessionId, from, status: to });
}

/** The facts of a follow-up step, prefixed, for the event's record. */
function stepDetails(prefix: string, outcome: EventOutcome): OutcomeDetails {
  const details: OutcomeDetails = { [`${prefix}Outcome`]: outcome.outcome };
  if (outcome.outcome !== 'applied') details[`${prefix}Reason`] = outcome.reason;
  const { orderId: _sameOrder, ...facts } = outcome.details ?? {};
  return { ...facts, ...details };
}

export async function applyCheckoutEvent(
  deps: CheckoutEventDependencies,
  subject: SessionSubject,
  eventType: string,
): Promise<EventOutcome> {
  const settled = await settlePaymentStatus(deps.database, subject);
  if (settled.outcome !== 'applied' || eventType !== 'checkout.session.completed') return settled;

  const { session } = subject;
  if (await isClosedAccountSession(deps.database, session)) {
    // No confirmation, no card summary, no email on the order: the account is gone or going.
    return applied({ ...settled.details, ...(await settleClosedAccountCheckout(deps, subject)) });
  }
  let details: OutcomeDetails = settled.details;
  // Before the subscription: the thank-you page shows the figures once the order is active.
  if (subject.orderId !== null) details = { ...details, ...(await recordCheckoutTotals(deps, { orderId: subject.orderId, session })) };
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId !== null) {
    // The event's session names the subscription it created, which proves it is the order's.
    const synced = await syncSubscription(deps, subscriptionId, { session });
    // The order exists (settled above); a retry here would mean it vanished meanwhile.
    if (synced.outcome === 'retry') return synced;
    details = { ...details, ...stepDetails('subscription', synced) };
  }
  const customerId = idOf(session.customer);
  if (customerId !== null) details = { ...details, ...stepDetails('card', await refreshCardSummary(deps, customerId)) };
  details = { ...details, ...(await mailGuestClaimLink(deps, subject)) };
  // The order now has its subscription (plan, amount, next payment): confirmed once, by mail.
  if (subject.orderId !== null && subscriptionId !== null) {
    details = { ...details, ...(await mailOrderConfirmation(deps, { orderId: subject.orderId, session })) };
  }
  return applied(details);
}

/** A guest's order (no buyer, and the session names no account) gets its claim link mailed to the
 *  address given at checkout (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
async function mailGuestClaimLink(deps: CheckoutEventDependencies, { orderId, session }: SessionSubject): Promise<OutcomeDetails> {
  if (orderId === null || session.metadata?.uid) return {};
  const order = (await deps.database.ref(orderPath(orderId)).get()).val() as Record<string, unknown> | null;
  // A deleted account's order (once a guest's it claimed) is claimed by no one again: no link.
  if (order === null || (order.buyer !== undefined && order.buyer !== null) || isClosedOrder(order)) return {};
  return mailClaimLink(deps, { orderId, order, email: session.customer_details?.email ?? session.customer_email });
}
