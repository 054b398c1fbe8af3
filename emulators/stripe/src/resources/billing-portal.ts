/**
 * The customer portal: `POST /v1/billing_portal/sessions` gives a link to a hosted page
 * (`portal-page.ts`) where the customer sees its subscriptions, invoices and card, saves a new
 * card and cancels a plan. The actions here are what Stripe's portal does, with its events.
 * (`billing_portal.session.created` is not sent: Stripe does not send it for sessions.)
 */
import { retryOpenInvoices } from './billing';
import { declineMessage, readCardNumber } from './cards';
import { customerNow, newBatch, type StandIn } from '../core/context';
import { getCustomer, setDefaultPaymentMethod } from './customers';
import { attachCard } from './payment-methods';
import { cancelAtPeriodEnd, isLive } from './subscriptions';

export { DEFAULT_PORTAL_CONFIGURATION } from './portal-configurations';

/** "Cancel plan": the subscription ends when its current period does. */
export async function cancelPlan(standIn: StandIn, customerId: string, subscriptionId: string): Promise<void> {
  const record = standIn.store.subscriptions.get(subscriptionId);
  if (!record || record.subscription.customer !== customerId || !isLive(record.subscription) || record.subscription.cancel_at_period_end)
    return;
  const batch = newBatch(standIn);
  cancelAtPeriodEnd(standIn, batch, record);
  await batch.deliver();
}

/** "Update payment method": the new card becomes the customer's and its subscriptions' default,
 *  and open (failed) invoices are charged to it at once. A card that is refused outright leaves
 *  everything as it was: the message to show. */
export async function updatePaymentMethod(
  standIn: StandIn,
  customerId: string,
  cardNumber: string,
): Promise<{ saved: true } | { saved: false; status: number; message: string }> {
  const read = readCardNumber(cardNumber);
  if ('error' in read) return { saved: false, status: 400, message: read.error };
  if (read.card.outcome === 'declined' || read.card.outcome === 'insufficient_funds')
    return { saved: false, status: 402, message: declineMessage(read.card.outcome) };
  const customer = getCustomer(standIn, customerId);
  const at = customerNow(standIn, customer.customer.id);
  const batch = newBatch(standIn);
  const paymentMethod = attachCard(standIn, batch, customer, read.card, at);
  setDefaultPaymentMethod(standIn, batch, customer, paymentMethod.paymentMethod.id);
  for (const record of standIn.store.subscriptionsOf(customer.customer.id)) {
    if (!isLive(record.subscription)) continue;
    batch.change('customer.subscription.updated', record.subscription, at, (subscription) => {
      subscription.default_payment_method = paymentMethod.paymentMethod.id;
    });
  }
  retryOpenInvoices(standIn, batch, customer, paymentMethod);
  await batch.deliver();
  return { saved: true };
}
