/** A checkout paid for an account that is being closed or is closed: deletion expires the account's
 *  open sessions, but a payment already under way on Stripe's page can still complete. Nothing of
 *  it may stay live or name the person (docs/decisions/0119-account-deletion-and-retention.md):
 *  its subscription is canceled at once, every paid invoice of it refunded in full, its order kept
 *  for accounting without buyer or email, and the address given at checkout is told, once. Each
 *  step checks what Stripe and the database already hold, so a redelivered, repeated or reordered
 *  event does nothing twice. */
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { isClosedOrder, orderPath } from '../../../src/data/orders';
import { isAccountClosed } from '../account/closed-accounts';
import { anonymiseOrder, cancelIfLive } from '../account/delete-account';
import { mailClosedAccountRefund } from '../billing/billing-mail';
import { normaliseEmail } from '../mail/email';
import type { OutcomeDetails } from '../stripe/event-outcome';
import type { MailSettings } from '../mail';
import { idOf } from '../stripe/stripe-ids';

export interface ClosedAccountCheckoutDependencies {
  database: Database;
  stripe: Stripe;
  now?: () => number;
  mail?: MailSettings;
}

/** The account a Checkout session was opened for (stripeCheckout names it twice), or null for a guest's. */
export function sessionAccount(session: Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id'>): string | null {
  return session.metadata?.uid ?? session.client_reference_id ?? null;
}

/** Whether the session was opened for an account that is being closed or is closed. */
export async function isClosedAccountSession(
  database: Database,
  session: Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id'>,
): Promise<boolean> {
  const uid = sessionAccount(session);
  return uid !== null && (await isAccountClosed(database, uid));
}

/** Refunds what is left of every paid invoice's payment of the subscription; the cents refunded by
 *  this call and by earlier ones together. */
async function refundAll(stripe: Stripe, subscriptionId: string, orderId: string | null): Promise<number> {
  let refunded = 0;
  for await (const invoice of stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 })) {
    if (!invoice.id) continue;
    for await (const payment of stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 100 })) {
      const paymentIntentId = idOf(payment.payment.payment_intent);
      if (paymentIntentId === null) continue;
      const chargeId = idOf((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge);
      if (chargeId === null) continue;
      const charge = await stripe.charges.retrieve(chargeId);
      const left = charge.amount - charge.amount_refunded;
      if (left > 0) {
        await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            reason: 'requested_by_customer',
            metadata: { reason: 'account-closed', ...(orderId ? { orderId } : {}) },
          },
          // One refund per payment, however many deliveries race.
          { idempotencyKey: `closed-account-refund-${paymentIntentId}` },
        );
      }
      refunded += charge.amount;
    }
  }
  return refunded;
}

/** The whole of it, for a completed session of a closed account. Stripe's failures are thrown, so
 *  the delivery fails and Stripe delivers the event again. */
export async function settleClosedAccountCheckout(
  deps: ClosedAccountCheckoutDependencies,
  { orderId, sessionId, session }: { orderId: string | null; sessionId: string; session: Stripe.Checkout.Session },
): Promise<OutcomeDetails> {
  const now = (deps.now ?? Date.now)();
  const details: OutcomeDetails = { closedAccount: true };
  if (orderId !== null) {
    const order = (await deps.database.ref(orderPath(orderId)).get()).val() as Record<string, unknown> | null;
    // Only the session's own order; the first removal's time stays.
    if (order !== null && order.stripeId === sessionId && !isClosedOrder(order)) {
      await anonymiseOrder(deps.database, orderId, now);
    }
  }
  const subscriptionId = idOf(session.subscription);
  let refundedCents: number | null = null;
  if (subscriptionId !== null) {
    // Ended afterwards, whether this delivery canceled it or an earlier one (or the deletion) did.
    await cancelIfLive(deps.stripe, subscriptionId, `closed-account-cancel-${subscriptionId}`);
    details.subscriptionCanceled = true;
    refundedCents = await refundAll(deps.stripe, subscriptionId, orderId);
    details.refundedCents = refundedCents;
  }
  const to = normaliseEmail(session.customer_details?.email ?? session.customer_email);
  if (orderId !== null && to !== null) {
    details.closedAccountMail = await mailClosedAccountRefund(deps, { orderId, to, refundedCents });
  }
  return details;
}
