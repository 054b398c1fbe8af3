/** Stored all_orders records, as the functions write them, for the account pages' tests: a paid
 *  live subscription, a checkout left open, one Stripe expired, and a legacy order from before
 *  plans were subscriptions. Amounts come from the catalogue. */
import { priceConfiguration, type PlanConfiguration } from '@/catalog/pricing';
import { recurringPrice } from '@/catalog/subscription';
import { toOrders, type Order, type StoredOrder } from '@/data/orders';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Oct 1, 2026, 09:30 UTC. */
export const T0 = Date.UTC(2026, 9, 1, 9, 30);

export function checkoutOrder(
  service: string,
  configuration: PlanConfiguration,
  createdAt: number | undefined,
  fields: StoredOrder = {},
): StoredOrder {
  const price = recurringPrice(configuration);
  return {
    product: service,
    tier: configuration.plan,
    securitySelected: configuration.security,
    marketingSelected: configuration.marketing,
    applicationExist: false,
    ...(configuration.storage ? { additionalStorage: '1TB' } : {}),
    productAmount: priceConfiguration(configuration).amountDueCents,
    payment_status: 'unpaid',
    buyer: 'u1',
    billingPeriod: configuration.period,
    amountPerPeriod: price.unitAmountCents,
    termPayments: price.termPayments,
    ...(createdAt === undefined ? {} : { createdAt }),
    ...fields,
  };
}

/** What stripeWebhook adds once the first payment went through. */
export function paidFields(paidAt: number, periodEnd: number): StoredOrder {
  return {
    payment_status: 'paid',
    subscriptionId: 'sub_test1',
    customerId: 'cus_test1',
    subscriptionStatus: 'active',
    paymentsMade: 1,
    currentPeriodEnd: periodEnd,
    termEndsAt: paidAt + 365 * DAY_MS,
  };
}

export const monthly = (plan: PlanConfiguration['plan'], extras: Partial<PlanConfiguration> = {}): PlanConfiguration => ({
  plan,
  period: 'monthly',
  storage: false,
  security: false,
  marketing: false,
  ...extras,
});

export const yearly = (plan: PlanConfiguration['plan'], extras: Partial<PlanConfiguration> = {}): PlanConfiguration => ({
  ...monthly(plan, extras),
  period: 'yearly',
});

export function orders(records: Record<string, StoredOrder>): Order[] {
  return toOrders(records);
}
