/** Keeps an order's subscription fields (src/catalog/subscription.ts, OrderSubscription) true to
 *  Stripe. Whatever event names a subscription, the webhook does not trust the event's snapshot:
 *  it retrieves the subscription and counts its paid invoices, then writes what Stripe says now.
 *  Deliveries repeat, arrive out of order and race each other, so the write is a transaction that
 *  refuses a state read from Stripe earlier than the stored one (see
 *  docs/decisions/0076-subscriptions-follow-stripe.md). */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import Stripe from 'stripe';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import { sameConfiguration } from '../../../src/catalog/stripe-prices';
import {
  isEndedSubscriptionStatus,
  isSubscriptionStatus,
  type OrderSubscription,
  type OrderSubscriptionReading,
  type SubscriptionStatus,
} from '../../../src/catalog/subscription';
import { mailPlanChange } from './billing-mail';
import { normaliseEmail } from '../mail/email';
import { applied, ignored, retry, type EventOutcome } from '../stripe/event-outcome';
import { isOrderId, orderPath } from '../../../src/data/orders';
import type { MailSettings } from '../mail';
import { isPaymentStatus, nextPaymentStatus } from './payment-status';
import { orderConfiguration, subscriptionPlan, type SubscriptionPlan } from './order-plan';
import { idOf, isStripeId } from '../stripe/stripe-ids';
import { termEndAfter, termsOf } from './term';
import { unlessMissing } from '../stripe/stripe-errors';

const SECOND_MS = 1000;

/** The subscription fields an order takes from one reading of Stripe; null removes a field
 *  (e.g. cancelAt once the customer takes the cancellation back). */
export interface SyncedSubscription {
  subscriptionId: string;
  customerId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  paymentsMade: number;
  currentPeriodEnd: number | null;
  termEndsAt: number;
  cancelAt: number | null;
  endedAt: number | null;
}

/** The end of the current period in ms: at this API version it is on the subscription's items
 *  (one item here; the latest if there ever were more). */
export function currentPeriodEndMs(subscription: Pick<Stripe.Subscription, 'items'>): number | null {
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter((end) => Number.isFinite(end));
  return ends.length > 0 ? Math.max(...ends) * SECOND_MS : null;
}

/** The subscription's own term end (ms): twelve months after it started, twelve more for each
 *  renewal (docs/decisions/0115-the-term-ends-unless-renewed.md). */
export function termEndsAtMs(subscription: Pick<Stripe.Subscription, 'start_date'> & { metadata?: Stripe.Metadata | null }): number {
  return termEndAfter(subscription.start_date * SECOND_MS, termsOf(subscription));
}

/** The order's fields as Stripe reports the subscription. cancelAt is only an end that comes
 *  before the term's: the term's own cancel_at is the plan, not a cancellation. */
export function subscriptionFields(
  subscription: Pick<
    Stripe.Subscription,
    'id' | 'customer' | 'status' | 'items' | 'start_date' | 'cancel_at' | 'cancel_at_period_end' | 'ended_at'
  > & { metadata?: Stripe.Metadata | null },
  paymentsMade: number,
): SyncedSubscription {
  const termEndsAt = termEndsAtMs(subscription);
  const currentPeriodEnd = currentPeriodEndMs(subscription);
  // cancel_at_period_end ends the subscription at the current period's end; Stripe also fills
  // cancel_at then, but the flag alone is enough to know.
  const ends = [
    subscription.cancel_at !== null ? subscription.cancel_at * SECOND_MS : null,
    subscription.cancel_at_period_end ? currentPeriodEnd : null,
  ].filter((end): end is number => end !== null);
  const endsAt = ends.length > 0 ? Math.min(...ends) : null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    subscriptionStatus: isSubscriptionStatus(subscription.status) ? subscription.status : null,
    paymentsMade,
    currentPeriodEnd,
    termEndsAt,
    cancelAt: endsAt !== null && endsAt < termEndsAt ? endsAt : null,
    endedAt: subscription.ended_at !== null ? subscription.ended_at * SECOND_MS : null,
  };
}

/** The cancel_at (seconds) that ends the subscription with its 12-month term, or null when it
 *  needs none: already ended, already set to end (the term's date, or the customer's earlier
 *  one), or set to end with the current period. Checkout cannot set cancel_at itself. Not while
 *  `incomplete` either (its first payment is under way, and Stripe restricts updates then): the
 *  update that makes it active is an event too. */
export function termCancelAt(
  subscription: Pick<Stripe.Subscription, 'status' | 'start_date' | 'cancel_at' | 'cancel_at_period_end'> & {
    metadata?: Stripe.Metadata | null;
  },
): number | null {
  if (isEndedSubscriptionStatus(subscription.status) || subscription.status === 'incomplete') return null;
  if (subscription.cancel_at !== null || subscription.cancel_at_period_end) return null;
  return Math.floor(termEndsAtMs(subscription) / SECOND_MS);
}

export type OrderData = Record<string, unknown>;

/** ok: `changedFrom` is the configuration the order showed before this reading changed it (a plan
 *  change), null when the plan stayed. */
export type MergeResult = { ok: true; order: OrderData; changedFrom: PlanConfiguration | null } | { ok: false; reason: string };

/**
 * The order once `synced` (read from Stripe at `fetchedAt`) is applied to what is stored, or why
 * it must not be. A reading never replaces a later one, and whatever the clocks say, it never
 * lowers paymentsMade (a paid invoice stays paid) nor brings an ended subscription back: either
 * can only come from a stale reading. Runs inside the transaction, so two racing deliveries are
 * decided against each other's writes.
 */
export function mergeSubscription(
  current: OrderData,
  synced: SyncedSubscription,
  fetchedAt: number,
  customerEmail: string | null,
  plan: SubscriptionPlan | null = null,
): MergeResult {
  if (typeof current.subscriptionId === 'string' && current.subscriptionId !== synced.subscriptionId) {
    return { ok: false, reason: `the order belongs to subscription ${current.subscriptionId}` };
  }
  if (typeof current.subscriptionFetchedAt === 'number' && current.subscriptionFetchedAt > fetchedAt) {
    return { ok: false, reason: 'a later reading of the subscription is already stored' };
  }
  if (typeof current.paymentsMade === 'number' && synced.paymentsMade < current.paymentsMade) {
    return { ok: false, reason: `the stored order has more payments (${current.paymentsMade}) than this reading (${synced.paymentsMade})` };
  }
  if (isEndedSubscriptionStatus(current.subscriptionStatus) && !isEndedSubscriptionStatus(synced.subscriptionStatus)) {
    return { ok: false, reason: `the stored subscription has ended (${String(current.subscriptionStatus)})` };
  }

  const order: OrderData = { ...current };
  const fields: Partial<Record<keyof (OrderSubscription & OrderSubscriptionReading), string | number | null>> = {
    subscriptionId: synced.subscriptionId,
    customerId: synced.customerId,
    subscriptionStatus: synced.subscriptionStatus,
    paymentsMade: synced.paymentsMade,
    currentPeriodEnd: synced.currentPeriodEnd,
    termEndsAt: synced.termEndsAt,
    cancelAt: synced.cancelAt,
    endedAt: synced.endedAt,
    subscriptionFetchedAt: fetchedAt,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) delete order[name];
    else order[name] = value;
  }
  // The email is how a guest's order finds its account later; the first one known stays. Never
  // again on an order whose buyer deleted their account (docs/decisions/0119-account-deletion-and-retention.md).
  if (customerEmail !== null && typeof current.customerEmail !== 'string' && current.personalDataRemovedAt === undefined)
    order.customerEmail = customerEmail;
  // Money arrived once any invoice is paid; nextPaymentStatus keeps its one rule for all events.
  if (synced.paymentsMade >= 1)
    order.payment_status = isPaymentStatus(current.payment_status) ? nextPaymentStatus(current.payment_status, 'paid') : 'paid';
  // The plan follows the Prices Stripe bills (a change made here or in the portal); an order of
  // one-off prices keeps what checkout wrote.
  let changedFrom: PlanConfiguration | null = null;
  if (plan !== null) {
    const before = orderConfiguration(current);
    if (before !== null && !sameConfiguration(before, plan.configuration)) changedFrom = before;
    for (const [name, value] of Object.entries(plan.fields)) {
      if (value === null) delete order[name];
      else order[name] = value;
    }
  }
  return { ok: true, order, changedFrom };
}

export interface SyncDependencies {
  database: Database;
  stripe: Stripe;
  /** Milliseconds since the epoch; the tests pass their own. */
  now?: () => number;
  /** The server mail settings (the plan change confirmation); absent, no mail is sent. */
  mail?: MailSettings;
}

/** The Checkout session the event came with, if any: it names the buyer's email and proves the
 *  subscription is the order's without asking Stripe again. */
export interface SyncContext {
  session?: Pick<Stripe.Checkout.Session, 'id' | 'subscription' | 'status' | 'customer_details'>;
}

/** The billing reasons of a period's payment: the first one and each renewal. A plan change's
 *  proration invoice (`subscription_update`) is paid too, but it is not one of the term's payments
 *  (docs/decisions/0114-plan-changes-and-proration.md). */
const PERIOD_PAYMENT_REASONS: ReadonlySet<Stripe.Invoice.BillingReason | null> = new Set(['subscription_create', 'subscription_cycle']);

/** Paid period invoices of the subscription, every page of them. */
export async function countPaidInvoices(stripe: Stripe, subscriptionId: string): Promise<number> {
  let count = 0;
  await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 }).autoPagingEach((invoice) => {
    if (PERIOD_PAYMENT_REASONS.has(invoice.billing_reason)) count += 1;
  });
  return count;
}

/** Sets the term's end on the subscription when it has none (see termCancelAt), answering the
 *  subscription as it is afterwards. Setting the same date again changes nothing, so repeats and
 *  races are harmless. The date is the end of the last period (twelve months, or one year, after
 *  the start, counted as Stripe counts periods), so nothing is prorated. */
export async function ensureTermEnd(stripe: Stripe, subscription: Stripe.Subscription): Promise<Stripe.Subscription> {
  const cancelAt = termCancelAt(subscription);
  if (cancelAt === null) return subscription;
  try {
    return await stripe.subscriptions.update(subscription.id, { cancel_at: cancelAt });
  } catch (error) {
    // A refusal (e.g. the subscription ended meanwhile) must not block the order's update; the
    // next event retries. Anything else (Stripe unreachable) fails the delivery, to be retried.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    logger.error('stripeWebhook: could not set the term end', { subscriptionId: subscription.id, stripeMessage: error.message });
    return subscription;
  }
}

type Ownership = { ok: true; session: SyncContext['session'] | null } | { ok: false; outcome: EventOutcome };

/** Whether the subscription is the order's: the order already names it, or the order's Checkout
 *  session (its stripeId) created it. A subscription that names an order in its metadata is not
 *  enough (anyone holding the API key can write metadata), as for Checkout events. */
async function checkOwnership(stripe: Stripe, order: OrderData, subscriptionId: string, context: SyncContext): Promise<Ownership> {
  if (order.subscriptionId === subscriptionId) {
    return { ok: true, session: context.session?.id === order.stripeId ? context.session : null };
  }
  if (typeof order.subscriptionId === 'string') {
    return { ok: false, outcome: ignored(`the order belongs to subscription ${order.subscriptionId}`) };
  }
  if (!isStripeId('checkoutSession', order.stripeId)) {
    return { ok: false, outcome: ignored('the order has no Checkout session') };
  }
  let session: NonNullable<SyncContext['session']>;
  if (context.session?.id === order.stripeId) {
    session = context.session;
  } else {
    const found = await unlessMissing(stripe.checkout.sessions.retrieve(order.stripeId));
    if (found === null) return { ok: false, outcome: ignored(`Stripe does not know the order's session ${order.stripeId}`) };
    session = found;
  }
  if (idOf(session.subscription) === subscriptionId) return { ok: true, session };
  // Stripe creates the subscription (and bills it) before the session completes, so its events
  // can come first; once the session completes it names the subscription, and a redelivery works.
  if (session.status === 'open') return { ok: false, outcome: retry(`the order's Checkout session ${session.id} has not completed yet`) };
  return { ok: false, outcome: ignored(`the order's session ${session.id} created ${idOf(session.subscription) ?? 'no subscription'}`) };
}

/** The buyer's email: from the Checkout session, else from the Stripe customer. */
async function buyerEmail(stripe: Stripe, session: SyncContext['session'] | null, customerId: string | null): Promise<string | null> {
  const fromSession = normaliseEmail(session?.customer_details?.email);
  if (fromSession !== null || customerId === null) return fromSession;
  const customer = await stripe.customers.retrieve(customerId);
  return customer.deleted ? null : normaliseEmail(customer.email);
}

/** Reads the subscription from Stripe and writes it to its order. */
export async function syncSubscription(deps: SyncDependencies, subscriptionId: string, context: SyncContext = {}): Promise<EventOutcome> {
  const { database, stripe } = deps;
  // Taken before Stripe is asked: whatever this reading sees is at least as new as this time.
  const fetchedAt = (deps.now ?? Date.now)();
  const read = await unlessMissing(stripe.subscriptions.retrieve(subscriptionId));
  if (read === null) return ignored(`Stripe does not know subscription ${subscriptionId}`, { subscriptionId });
  const orderId = read.metadata?.orderId;
  if (orderId === undefined) return ignored('the subscription names no order', { subscriptionId });
  if (!isOrderId(orderId)) return ignored("the subscription's metadata.orderId is not an order id", { subscriptionId });

  const orderRef = database.ref(orderPath(orderId));
  const stored = (await orderRef.get()).val() as OrderData | null;
  // The order is written by stripeCheckout after the session opens: not there yet, not yet.
  if (stored === null) return retry(`order ${orderId} does not exist yet`, { orderId, subscriptionId });
  const ownership = await checkOwnership(stripe, stored, subscriptionId, context);
  if (!ownership.ok) return withIds(ownership.outcome, orderId, subscriptionId);

  const subscription = await ensureTermEnd(stripe, read);
  const synced = subscriptionFields(subscription, await countPaidInvoices(stripe, subscriptionId));
  const email = typeof stored.customerEmail === 'string' ? null : await buyerEmail(stripe, ownership.session, synced.customerId);

  const plan = subscriptionPlan(subscription);

  let refusal: string | null = null;
  // Set by the run of the transaction that commits: only the reading that changed the stored plan
  // sees the change, so a plan change is confirmed once however many deliveries race.
  let changedFrom: PlanConfiguration | null = null;
  const result = await orderRef.transaction((current: OrderData | null) => {
    refusal = null;
    changedFrom = null;
    // null can be the SDK's first guess before it has the stored value; writing null back (a
    // no-op if the order really is gone) makes the server answer with what is stored.
    if (current === null) return null;
    const merged = mergeSubscription(current, synced, fetchedAt, email, plan);
    if (!merged.ok) {
      refusal = merged.reason;
      return undefined;
    }
    changedFrom = merged.changedFrom;
    return merged.order;
  });
  if (refusal !== null) return ignored(refusal, { orderId, subscriptionId });
  if (!result.committed || result.snapshot.val() === null) return retry(`order ${orderId} does not exist`, { orderId, subscriptionId });
  const mailed =
    changedFrom !== null && plan !== null
      ? await mailPlanChange(deps, {
          orderId,
          order: result.snapshot.val() as OrderData,
          from: changedFrom,
          to: plan.configuration,
          latestInvoice: idOf(subscription.latest_invoice),
        })
      : null;
  return applied({
    orderId,
    subscriptionId,
    subscriptionStatus: synced.subscriptionStatus,
    paymentsMade: synced.paymentsMade,
    ...(plan !== null ? { plan: plan.configuration.plan, period: plan.configuration.period } : {}),
    ...(mailed !== null ? { planChangeMail: mailed } : {}),
  });
}

function withIds(outcome: EventOutcome, orderId: string, subscriptionId: string): EventOutcome {
  return { ...outcome, details: { ...outcome.details, orderId, subscriptionId } };
}
