/**
 * Subscriptions (`/v1/subscriptions`): the object at this API version (periods on the items),
 * retrieve, list and cancel. Updating is in `subscription-update.ts`, billing in `billing.ts`.
 */
import type Stripe from 'stripe';
import { periodEnd } from './billing-periods';
import { priceOf } from './checkout-sessions';
import { customerNow, type StandIn } from '../core/context';
import { noSuchSubscription, found } from '../core/errors';
import type { EventBatch } from '../core/events';
import { expandObject, type Expanders } from '../core/expand';
import { randomId } from '../core/ids';
import type { CustomerRecord, Interval, LineItem, SubscriptionRecord } from '../core/store';

export type Subscription = Stripe.Subscription;
export type SubscriptionItem = Stripe.SubscriptionItem;

/** Ends the subscription now: `customer.subscription.deleted`. */
export function endSubscription(
  standIn: StandIn,
  batch: EventBatch,
  record: SubscriptionRecord,
  at: number,
  details?: Stripe.Subscription.CancellationDetails,
) {
  const { subscription } = record;
  subscription.status = 'canceled';
  subscription.ended_at = at;
  subscription.canceled_at = subscription.canceled_at ?? at;
  subscription.cancellation_details = details ?? {
    comment: null,
    feedback: null,
    feedback_option: null,
    ...subscription.cancellation_details,
    reason: 'cancellation_requested',
  };
  standIn.settings.log(`subscription ${subscription.id} canceled`);
  batch.emit('customer.subscription.deleted', subscription, at);
}

const decimal = (value: number) => String(value) as unknown as Stripe.Plan['amount_decimal'];

function planOf(item: LineItem, created: number): Stripe.Plan {
  return {
    id: item.priceId,
    object: 'plan',
    active: false,
    amount: item.unitAmount,
    amount_decimal: decimal(item.unitAmount),
    billing_scheme: 'per_unit',
    created,
    currency: item.currency,
    interval: item.recurring!.interval,
    interval_count: item.recurring!.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: item.productId,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** The subscription's item for one line item, over its first period (`at` to `end`). */
function subscriptionItem(subscriptionId: string, item: LineItem, at: number, end: number): Stripe.SubscriptionItem {
  return {
    id: randomId('si_', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: at,
    current_period_end: end,
    current_period_start: at,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(item, at),
    price: priceOf(item, at),
    quantity: item.quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

/** What a new subscription is made with besides its customer and line items. */
export interface SubscriptionOptions {
  metadata: Record<string, string>;
  description: string | null;
  paymentMethodId: string | null;
}

/** A new subscription for the line items (all recurring, one interval), `incomplete` until its
 *  first invoice is paid, anchored at `at`. */
export function newSubscription(customer: CustomerRecord, items: LineItem[], options: SubscriptionOptions & { at: number }): Subscription {
  const id = randomId('sub_', 24);
  const { interval, interval_count } = items[0].recurring!;
  const end = periodEnd(options.at, interval, interval_count, 0);
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: options.at,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: options.at,
    currency: items[0].currency,
    customer: customer.customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: options.paymentMethodId,
    default_source: null,
    default_tax_rates: [],
    description: options.description,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: items.map((item) => subscriptionItem(id, item, options.at, end)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: options.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: options.at,
    status: 'incomplete',
    test_clock: typeof customer.customer.test_clock === 'string' ? customer.customer.test_clock : null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** The subscription's billing interval (all its items share one). */
export function intervalOf(subscription: Subscription): { interval: Interval; count: number } {
  const recurring = subscription.items.data[0].price.recurring!;
  return { interval: recurring.interval as Interval, count: recurring.interval_count };
}

/** The current period, from the first item (all items share it). */
export function currentPeriod(subscription: Subscription): { start: number; end: number } {
  const item = subscription.items.data[0];
  return { start: item.current_period_start, end: item.current_period_end };
}

/** Not yet ended: billed at each period end. */
export const isLive = (subscription: Subscription) => subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired';

export function getSubscription(standIn: StandIn, id: string, param = 'id'): SubscriptionRecord {
  return found(standIn.store.subscriptions.get(id), () => noSuchSubscription(id, param));
}

export const subscriptionExpanders = (standIn: StandIn): Expanders => ({
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  latest_invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
  default_payment_method: (id) => standIn.store.paymentMethods.get(id as string)?.paymentMethod ?? id,
  test_clock: (id) => standIn.store.clocks.get(id as string)?.clock ?? id,
});

export function renderSubscription(standIn: StandIn, subscription: Subscription, expand: readonly string[]): Subscription {
  return expandObject(subscription, expand, subscriptionExpanders(standIn));
}

/** The customer asks to end the subscription when the current period ends (the portal's "Cancel
 *  plan", or `cancel_at_period_end=true`): Stripe then reports `cancel_at` = the period's end. */
export function cancelAtPeriodEnd(
  standIn: StandIn,
  batch: EventBatch,
  record: SubscriptionRecord,
  reason: 'cancellation_requested' = 'cancellation_requested',
  feedback: Pick<Stripe.Subscription.CancellationDetails, 'comment' | 'feedback'> | null = null,
) {
  const at = customerNow(standIn, record.subscription.customer as string);
  batch.change('customer.subscription.updated', record.subscription, at, (subscription) => {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = currentPeriod(subscription).end;
    subscription.canceled_at = at;
    subscription.cancellation_details = { ...subscription.cancellation_details!, ...feedback, reason };
  });
}
