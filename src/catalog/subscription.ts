/**
 * The billing model of the plans (docs/decisions/0075-subscriptions-functions-side.md) and the
 * subscription state an order carries. Pure data and functions: stripeCheckout and stripeWebhook
 * write these fields, the customer area reads them, and the tests of both check the same words.
 */
import { priceConfiguration, type BillingPeriod, type PlanConfiguration } from './pricing';

/** Every plan is bought for a term of twelve months, whatever the billing period. */
export const TERM_MONTHS = 12;

/** How Stripe bills one period of a plan: the recurring price of the Checkout line item. */
export interface RecurringPrice {
  /** Integer cents charged every interval: the plan plus its add-ons, from the catalogue. */
  unitAmountCents: number;
  /** Stripe's `recurring.interval`. */
  interval: 'month' | 'year';
  /** Payments in one term: 12 for monthly billing, 1 for yearly. */
  termPayments: number;
}

export function recurringPrice(configuration: PlanConfiguration): RecurringPrice {
  const { amountDueCents } = priceConfiguration(configuration);
  return configuration.period === 'monthly'
    ? { unitAmountCents: amountDueCents, interval: 'month', termPayments: TERM_MONTHS }
    : { unitAmountCents: amountDueCents, interval: 'year', termPayments: 1 };
}

/** When a term that starts at `startMs` ends (the subscription's `cancel_at`): twelve calendar
 *  months later, at the same time of day (the end of the month when that day does not exist,
 *  as Stripe counts billing periods). */
export function termEnd(startMs: number): number {
  const start = new Date(startMs);
  const end = new Date(startMs);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + TERM_MONTHS);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end.getTime();
}

/** Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value);
}

/**
 * What an order (all_orders/{id}) knows of its subscription, written only by the functions from
 * what Stripe reports (times in milliseconds since the epoch). Absent on orders made before plans
 * were subscriptions, and until Checkout has completed (then only billingPeriod,
 * amountPerPeriod and termPayments are there).
 */
export interface OrderSubscription {
  billingPeriod: BillingPeriod;
  /** Integer cents per billing period. */
  amountPerPeriod: number;
  /** Payments in the term: 12 (monthly) or 1 (yearly). */
  termPayments: number;
  subscriptionId?: string;
  /** The Stripe Customer who pays (also for a guest's order, until it is linked to an account). */
  customerId?: string;
  subscriptionStatus?: SubscriptionStatus;
  /** Paid invoices of the subscription, as Stripe lists them. */
  paymentsMade?: number;
  /** The end of the current period: the next payment date while payments remain. */
  currentPeriodEnd?: number;
  /** When the term ends (the cancel_at set at checkout). */
  termEndsAt?: number;
  /** When the subscription will end, if that is before the term's end (the customer canceled). */
  cancelAt?: number;
  /** When the subscription ended, once it has. */
  endedAt?: number;
}

/** stripeWebhook's bookkeeping beside an order's OrderSubscription fields, not shown: when those
 *  were read from Stripe (ms since the epoch). A delivery that read Stripe earlier never
 *  overwrites them (docs/decisions/0076-subscriptions-follow-stripe.md). */
export interface OrderSubscriptionReading {
  subscriptionFetchedAt?: number;
}

/** Statuses after which Stripe never bills the subscription again. A subscription never leaves
 *  them, so an order showing one is never moved back to a live status. */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'] as const satisfies readonly SubscriptionStatus[];

export function isEndedSubscriptionStatus(value: unknown): boolean {
  return (ENDED_SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value);
}

/** The status in words, as the order card shows it. */
export type SubscriptionState =
  | { kind: 'active' }
  | { kind: 'past-due' }
  | { kind: 'cancels'; at: number }
  | { kind: 'canceled' }
  | { kind: 'ended' }
  | { kind: 'pending' };

export function subscriptionState(order: Partial<OrderSubscription>): SubscriptionState {
  const { subscriptionStatus: status, paymentsMade = 0, termPayments = 0, termEndsAt, cancelAt, endedAt } = order;
  if (status === 'canceled' || status === 'incomplete_expired') {
    const completedTerm = paymentsMade >= termPayments && termPayments > 0 && (termEndsAt === undefined || (endedAt ?? 0) >= termEndsAt);
    return completedTerm ? { kind: 'ended' } : { kind: 'canceled' };
  }
  if (status === 'past_due' || status === 'unpaid') return { kind: 'past-due' };
  if (cancelAt !== undefined && (termEndsAt === undefined || cancelAt < termEndsAt)) return { kind: 'cancels', at: cancelAt };
  if (status === 'active' || status === 'trialing') return { kind: 'active' };
  return { kind: 'pending' };
}

/** "Cancels on Dec 22, 2027", in US English, in UTC (what Stripe's dates are). */
export function formatBillingDate(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** An order whose buyer came back from Stripe after Pay and whose Checkout Stripe's webhook has not
 *  settled yet. Stripe sends the buyer back before its webhook arrives, so the thank-you page and
 *  the order card say this until the order updates by itself, and after a minute say what to do
 *  (docs/decisions/0125-operations-and-cleanup.md). A checkout left before Pay says "Not paid yet"
 *  instead (src/catalog/unpaid-checkouts.ts). */
export const PAYMENT_CONFIRMING = {
  label: 'Confirming your payment…',
  /** How long the page waits for the webhook before it says what to do. */
  lateAfterMs: 60_000,
  late:
    'This is taking longer than usual. If you completed the payment, there is nothing more to do and no need to pay again: ' +
    'the order updates here by itself once Stripe confirms it, and Stripe emails your receipt.',
} as const;

export function subscriptionStatusLabel(state: SubscriptionState): string {
  switch (state.kind) {
    case 'active':
      return 'Active';
    case 'past-due':
      return 'Past due';
    case 'cancels':
      return `Cancels on ${formatBillingDate(state.at)}`;
    case 'canceled':
      return 'Canceled';
    case 'ended':
      return 'Ended';
    case 'pending':
      return PAYMENT_CONFIRMING.label;
  }
}

/** "Payments: 2 of 12". */
export function paymentsLabel(order: Pick<OrderSubscription, 'termPayments'> & { paymentsMade?: number }): string {
  const made = order.paymentsMade ?? 0;
  // paymentsMade counts every period payment since checkout; a renewed term starts where the last
  // one ended (docs/decisions/0115-the-term-ends-unless-renewed.md), so the 13th monthly payment is
  // the first of the second term.
  const inTerm = made > 0 && order.termPayments > 0 ? ((made - 1) % order.termPayments) + 1 : made;
  return `Payments: ${inTerm} of ${order.termPayments}`;
}

/** "/ month" or "/ year", after the amount per period. */
export function periodSuffix(period: BillingPeriod): string {
  return period === 'monthly' ? '/ month' : '/ year';
}
