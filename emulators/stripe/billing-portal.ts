/**
 * The customer portal: `POST /v1/billing_portal/sessions` gives a link to a hosted page
 * (`portal-page.ts`) where the customer sees its subscriptions, invoices and card, saves a new
 * card and cancels a plan. The actions here are what Stripe's portal does, with its events.
 * (`billing_portal.session.created` is not sent: Stripe does not send it for sessions.)
 */
import type Stripe from 'stripe';
import { retryOpenInvoices } from './billing';
import { declineMessage, readCardNumber } from './cards';
import { customerNow, newBatch, type StandIn } from './context';
import { getCustomer, setDefaultPaymentMethod } from './customers';
import { assertExpandable } from './expand';
import { randomId } from './ids';
import { asString, asUrl, parseExpand, rejectUnknown, required } from './params';
import { attachCard } from './payment-methods';
import { sessionConfiguration } from './portal-configurations';
import { ok, type Route } from './route';
import { cancelAtPeriodEnd, isLive } from './subscriptions';

export { DEFAULT_PORTAL_CONFIGURATION } from './portal-configurations';

export const portalRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    handle(standIn, { form }) {
      rejectUnknown(form, ['customer', 'return_url', 'configuration', 'expand']);
      assertExpandable(parseExpand(form), {});
      const customerId = required(asString(form.customer, ['customer']), ['customer']);
      const givenReturnUrl = asUrl(form.return_url, ['return_url']);
      const customer = getCustomer(standIn, customerId, 'customer');
      const configuration = sessionConfiguration(standIn, asString(form.configuration, ['configuration']));
      // Without return_url the configuration's default_return_url is used; Stripe refuses a session
      // that has neither only when the portal needs one, which ours never does.
      const returnUrl = givenReturnUrl ?? configuration.default_return_url;
      const id = randomId('bps_', 24);
      const session: Stripe.BillingPortal.Session = {
        id,
        object: 'billing_portal.session',
        configuration: configuration.id,
        created: customerNow(standIn, customer.customer.id),
        customer: customerId,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: returnUrl,
        url: `${standIn.settings.baseUrl}/p/session/${id}`,
      };
      standIn.store.portalSessions.set(id, { session });
      standIn.settings.log(`billing portal session ${id} for ${customerId}`);
      return ok(session);
    },
  },
];

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
