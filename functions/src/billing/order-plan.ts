/** What an order says it bought, read back from its subscription's items: after a plan change
 *  (manageSubscription or the portal's switch) the order follows the Prices Stripe bills, which
 *  say what they are in their metadata (docs/decisions/0114-plan-changes-and-proration.md). A
 *  subscription bought before the catalogue was in Stripe has one-off prices without metadata: it
 *  tells nothing, and its order keeps what checkout wrote. Pure. */
import type Stripe from 'stripe';
import { PLAN_DETAILS } from '../../../src/catalog/plans';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import { isServiceId, type ServiceId } from '../../../src/catalog/services';
import { configurationOf, priceIdentity } from '../../../src/catalog/stripe-prices';
import { TERM_MONTHS } from '../../../src/catalog/subscription';

/** The order fields a subscription's items decide; additionalStorage null removes the field. */
export interface OrderPlanFields {
  tier: string;
  securitySelected: boolean;
  marketingSelected: boolean;
  additionalStorage: string | null;
  productAmount: number;
  amountPerPeriod: number;
  billingPeriod: PlanConfiguration['period'];
  termPayments: number;
  /** The service, from the subscription's metadata (a change never leaves its service). */
  product?: ServiceId;
}

export interface SubscriptionPlan {
  configuration: PlanConfiguration;
  fields: OrderPlanFields;
}

type Items = Pick<Stripe.Subscription, 'items'> & { metadata?: Stripe.Metadata | null };

/** The catalogue configuration the subscription's items bill, or null when they are not the
 *  catalogue's Prices. */
export function subscriptionConfiguration(subscription: Pick<Stripe.Subscription, 'items'>): PlanConfiguration | null {
  const items = subscription.items?.data ?? [];
  if (items.length === 0 || items.some((item) => (item.quantity ?? 1) !== 1)) return null;
  return configurationOf(items.map((item) => priceIdentity(item.price?.metadata)));
}

export function subscriptionPlan(subscription: Items): SubscriptionPlan | null {
  const configuration = subscriptionConfiguration(subscription);
  if (configuration === null) return null;
  // What Stripe bills every period: the sum of its Prices (the catalogue's amounts, checked
  // against it whenever we chose them).
  const amount = subscription.items.data.reduce((sum, item) => sum + (item.price?.unit_amount ?? 0) * (item.quantity ?? 1), 0);
  const service = subscription.metadata?.service;
  return {
    configuration,
    fields: {
      tier: configuration.plan,
      securitySelected: configuration.security,
      marketingSelected: configuration.marketing,
      additionalStorage: configuration.storage ? (PLAN_DETAILS[configuration.plan].figures?.storageAddOn.size ?? null) : null,
      productAmount: amount,
      amountPerPeriod: amount,
      billingPeriod: configuration.period,
      termPayments: configuration.period === 'monthly' ? TERM_MONTHS : 1,
      ...(isServiceId(service) ? { product: service } : {}),
    },
  };
}

/** The configuration an order record shows (tier, period and add-ons), or null when it shows no
 *  priced plan. */
export function orderConfiguration(order: Record<string, unknown>): PlanConfiguration | null {
  const { tier, billingPeriod } = order;
  if (typeof tier !== 'string' || !(tier in PLAN_DETAILS) || tier === 'magento') return null;
  if (billingPeriod !== 'monthly' && billingPeriod !== 'yearly') return null;
  return {
    plan: tier as PlanConfiguration['plan'],
    period: billingPeriod,
    storage: typeof order.additionalStorage === 'string' && order.additionalStorage !== '',
    security: order.securitySelected === true,
    marketing: order.marketingSelected === true,
  };
}
