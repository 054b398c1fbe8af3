/**
 * What the billing portal's plan switch and cancellation do, as Stripe's portal does them under the
 * session's configuration: switching replaces the price of the subscription item whose product
 * the configuration lists (`features.subscription_update.products`) with one of that product's
 * listed prices, through the same change as `POST /v1/subscriptions/:id`, prorated by the
 * configuration's `proration_behavior`; a card that cannot pay what is due leaves the plan as it
 * was (the page says why). Canceling follows `features.subscription_cancel.mode` and records the
 * reason chosen (`cancellation_details.feedback`) when the configuration asks for one.
 */
import type Stripe from 'stripe';
import { findPortalConfiguration, findPrice } from '../resources/catalog-lookup';
import { customerNow, newBatch, type StandIn } from '../core/context';
import { StripeApiError } from '../core/errors';
import type { PortalSessionRecord, SubscriptionRecord } from '../core/store';
import {
  immediateInvoice,
  parseChangeRequest,
  planChange,
  type ChangePlan,
  type ProrationBehavior,
} from '../resources/subscription-changes';
import { applyChange } from '../resources/subscription-update';
import { cancelAtPeriodEnd, endSubscription, isLive } from '../resources/subscriptions';

type Configuration = Stripe.BillingPortal.Configuration;

export const CANCELLATION_REASON_WORDS: Record<string, string> = {
  too_expensive: 'It’s too expensive',
  missing_features: 'Some features are missing',
  switched_service: 'I’m switching to a different service',
  unused: 'I don’t use the service enough',
  customer_service: 'Customer service was less than expected',
  too_complex: 'Ease of use was less than expected',
  low_quality: 'Quality was less than expected',
  other: 'Other reason',
};

export function portalConfiguration(standIn: StandIn, portal: PortalSessionRecord): Configuration | null {
  return findPortalConfiguration(standIn, portal.session.configuration as string);
}

/** A price the customer may switch to, and the item it would replace. */
export interface PlanOption {
  price: Stripe.Price;
  current: boolean;
}

/** The subscription item the configuration lets the customer switch, with the prices offered
 *  (null: no switch for this subscription). Prices whose interval differs from the subscription's
 *  are offered only when the item is its only one, as a subscription cannot mix intervals. */
export function planOptions(
  standIn: StandIn,
  configuration: Configuration | null,
  subscription: Stripe.Subscription,
): { item: Stripe.SubscriptionItem; options: PlanOption[] } | null {
  const update = configuration?.features.subscription_update;
  if (!update?.enabled || !isLive(subscription) || subscription.status === 'incomplete') return null;
  const listed = new Map((update.products ?? []).map((entry) => [entry.product, entry.prices]));
  const item = subscription.items.data.find((candidate) => listed.has(candidate.price.product as string));
  if (!item) return null;
  const current = item.price.recurring!;
  const allowed = new Set((update.products ?? []).flatMap((entry) => entry.prices));
  const options = [...allowed]
    .map((id) => findPrice(standIn, id))
    .filter((price): price is Stripe.Price => price !== null && price.active && price.recurring !== null)
    .filter(
      (price) =>
        subscription.items.data.length === 1 ||
        (price.recurring!.interval === current.interval && price.recurring!.interval_count === current.interval_count),
    )
    .map((price) => ({ price, current: price.id === item.price.id }));
  return options.some((option) => !option.current) ? { item, options } : null;
}

/** The change switching to `priceId` makes (thrown Stripe refusals: the price is not offered). */
export function planSwitch(
  standIn: StandIn,
  configuration: Configuration | null,
  record: SubscriptionRecord,
  priceId: string,
): { plan: ChangePlan; preview: Stripe.Invoice | null } | null {
  const offer = planOptions(standIn, configuration, record.subscription);
  if (!offer || !offer.options.some((option) => option.price.id === priceId && !option.current)) return null;
  const { subscription } = record;
  const behavior = (configuration!.features.subscription_update.proration_behavior ?? 'none') as ProrationBehavior;
  const request = parseChangeRequest({ items: { 0: { id: offer.item.id, price: priceId } }, proration_behavior: behavior }, []);
  try {
    const plan = planChange(standIn, subscription, request, customerNow(standIn, subscription.customer as string));
    return { plan, preview: plan.invoiceNow ? immediateInvoice(standIn, subscription, plan, null) : null };
  } catch (error) {
    // A price Stripe would refuse for this subscription (another currency): not offered after all.
    if (error instanceof StripeApiError) return null;
    throw error;
  }
}

/** Makes the switch; a card that cannot pay leaves everything as it was: the message to show. */
export async function switchPlan(
  standIn: StandIn,
  configuration: Configuration | null,
  record: SubscriptionRecord,
  priceId: string,
): Promise<{ switched: true } | { switched: false; status: number; message: string }> {
  const change = planSwitch(standIn, configuration, record, priceId);
  if (!change) return { switched: false, status: 400, message: 'Choose one of the plans offered.' };
  const batch = newBatch(standIn);
  try {
    applyChange(standIn, batch, record, change.plan, 'error_if_incomplete');
  } catch (error) {
    if (error instanceof StripeApiError) return { switched: false, status: error.status, message: error.body.message };
    throw error;
  }
  await batch.deliver();
  return { switched: true };
}

/** "Cancel plan", with the reason chosen (one of the configuration's options, or none). */
export async function cancelWithReason(
  standIn: StandIn,
  configuration: Configuration | null,
  record: SubscriptionRecord,
  reason: string | null,
  comment: string | null,
): Promise<void> {
  const { subscription } = record;
  if (!isLive(subscription) || subscription.cancel_at_period_end) return;
  const cancel = configuration?.features.subscription_cancel;
  const offered = cancel?.cancellation_reason.enabled ? cancel.cancellation_reason.options : [];
  const feedback =
    reason !== null && (offered as string[]).includes(reason) ? (reason as Stripe.Subscription.CancellationDetails.Feedback) : null;
  const batch = newBatch(standIn);
  const at = customerNow(standIn, subscription.customer as string);
  const details = { comment: comment?.slice(0, 500) || null, feedback, feedback_option: null, reason: 'cancellation_requested' as const };
  if (cancel?.mode === 'immediately') {
    endSubscription(standIn, batch, record, at, details);
  } else {
    cancelAtPeriodEnd(standIn, batch, record, 'cancellation_requested', { feedback, comment: details.comment });
  }
  await batch.deliver();
}
