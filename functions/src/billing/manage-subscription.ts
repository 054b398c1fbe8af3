/** manageSubscription: the signed-in buyer changes their own subscription from the order card
 *  (docs/decisions/0114-plan-changes-and-proration.md, docs/decisions/0115-the-term-ends-unless-renewed.md).
 *  POST, Bearer ID token:
 *  - `{action:'preview', orderId, change}`: what the change costs, from Stripe's invoice preview;
 *  - `{action:'change', orderId, change}`: the subscription moves to the catalogue's Prices for the
 *    new configuration, the difference for the rest of the period invoiced and paid at once
 *    (`always_invoice`); answered once Stripe has done it, the order follows through the webhook;
 *  - `{action:'renew', orderId}`: in a term's last 30 days, the term is extended by 12 months.
 *  Only the buyer's own order, only catalogue Prices (amounts checked against src/catalog), never
 *  magento, never another service's plan, never an ended subscription. */
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import {
  MANAGE_SUBSCRIPTION_MAX_BODY_BYTES,
  MANAGE_SUBSCRIPTION_MESSAGES as MESSAGES,
  PRORATION_HOLD_MS,
  type ManageSubscriptionChanged,
  type ManageSubscriptionPreviewed,
  type ManageSubscriptionRenewed,
  type ManageSubscriptionRequest,
  type PlanChange,
} from '../../../src/catalog/plan-changes';
import { isPlanId, isPricedPlan } from '../../../src/catalog/plans';
import { isBillingPeriod, priceConfiguration, type BillingPeriod, type PlanConfiguration } from '../../../src/catalog/pricing';
import { isServiceId } from '../../../src/catalog/services';
import { ADD_ON_IDS, priceIdentity, sameConfiguration } from '../../../src/catalog/stripe-prices';
import { inRenewWindow } from '../../../src/catalog/term';
import { isOrderId, orderPath } from '../../../src/data/orders';
import { signedInCaller, type SiteDependencies } from '../http/caller';
import { findCataloguePrices } from '../stripe/catalogue-prices';
import { stripeInvoiceMoney } from '../stripe/invoice-totals';
import { applyCors, requireMethod, sendError } from '../http/http';
import { orderConfiguration, subscriptionConfiguration } from './order-plan';
import { currentPeriodEndMs, termEndsAtMs } from './subscription-sync';
import { TERMS_METADATA_KEY, termEndAfter, termsOf } from './term';

export interface ManageSubscriptionDependencies extends SiteDependencies {
  now?: () => number;
}

const SECOND_MS = 1000;
/** Statuses a plan can be changed or renewed in: it bills normally. */
const LIVE_STATUSES = new Set(['active', 'trialing']);

type Parsed = { ok: true; request: ManageSubscriptionRequest } | { ok: false; message: string; field: string };

function parseChange(value: unknown): { ok: true; change: PlanChange } | { ok: false; message: string; field: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, field: 'change', message: 'change must be an object: plan, period, storage, security, marketing.' };
  }
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !['plan', 'period', 'storage', 'security', 'marketing', 'service'].includes(key));
  if (unknown !== undefined) return { ok: false, field: `change.${unknown}`, message: `Unknown field "${unknown}".` };
  const { plan, period, service } = input;
  if (!isPlanId(plan)) return { ok: false, field: 'change.plan', message: `Unknown plan "${String(plan)}".` };
  if (!isPricedPlan(plan)) return { ok: false, field: 'change.plan', message: MESSAGES.magento };
  if (!isBillingPeriod(period)) return { ok: false, field: 'change.period', message: 'The billing period must be "monthly" or "yearly".' };
  for (const addOn of ADD_ON_IDS) {
    if (typeof input[addOn] !== 'boolean') return { ok: false, field: `change.${addOn}`, message: `"${addOn}" must be true or false.` };
  }
  if (service !== undefined && !isServiceId(service))
    return { ok: false, field: 'change.service', message: `Unknown service "${String(service)}".` };
  return {
    ok: true,
    change: {
      plan,
      period,
      storage: input.storage as boolean,
      security: input.security as boolean,
      marketing: input.marketing as boolean,
      ...(service !== undefined ? { service } : {}),
    },
  };
}

export function parseManageRequest(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, field: 'body', message: 'The request body must be a JSON object.' };
  const input = body as Record<string, unknown>;
  const { action, orderId } = input;
  if (action !== 'preview' && action !== 'change' && action !== 'renew') {
    return { ok: false, field: 'action', message: 'action must be "preview", "change" or "renew".' };
  }
  const allowed =
    action === 'renew'
      ? ['action', 'orderId']
      : action === 'change'
        ? ['action', 'orderId', 'change', 'prorationAt']
        : ['action', 'orderId', 'change'];
  const unknown = Object.keys(input).find((key) => !allowed.includes(key));
  if (unknown !== undefined) return { ok: false, field: unknown, message: `Unknown field "${unknown}".` };
  if (!isOrderId(orderId)) return { ok: false, field: 'orderId', message: 'orderId must be an order id.' };
  if (action === 'renew') return { ok: true, request: { action, orderId } };
  const change = parseChange(input.change);
  if (!change.ok) return change;
  const { prorationAt } = input;
  if (action === 'change' && prorationAt !== undefined) {
    if (!Number.isSafeInteger(prorationAt) || (prorationAt as number) <= 0)
      return { ok: false, field: 'prorationAt', message: 'prorationAt must be a time in ms.' };
    return { ok: true, request: { action, orderId, change: change.change, prorationAt: prorationAt as number } };
  }
  return { ok: true, request: { action, orderId, change: change.change } };
}

/** The subscription's items for the new configuration: each add-on's item kept (on its new Price),
 *  added or deleted, the plan's moved to the new plan's Price. An order of one-off prices (bought
 *  before the catalogue was in Stripe) has its one item replaced by the catalogue's. */
export function itemChanges(
  subscription: Pick<Stripe.Subscription, 'items'>,
  prices: readonly { id: string; identity: ReturnType<typeof priceIdentity> }[],
): Stripe.SubscriptionUpdateParams.Item[] {
  const items = subscription.items.data;
  const catalogue = subscriptionConfiguration(subscription) !== null;
  const changes: Stripe.SubscriptionUpdateParams.Item[] = [];
  const slot = (identity: ReturnType<typeof priceIdentity>) =>
    identity === null ? null : identity.kind === 'plan' ? 'plan' : identity.addOn;
  const wanted = new Map(prices.map((price) => [slot(price.identity), price.id]));
  for (const item of items) {
    const current = catalogue ? slot(priceIdentity(item.price?.metadata)) : null;
    const next = current === null ? undefined : wanted.get(current);
    if (next === undefined) changes.push({ id: item.id, deleted: true });
    else {
      changes.push({ id: item.id, price: next, quantity: 1 });
      wanted.delete(current);
    }
  }
  for (const price of wanted.values()) changes.push({ price, quantity: 1 });
  return changes;
}

/** When the new amount is first charged: the period's end when the interval stays, one new period
 *  from now when it changes (Stripe restarts the period then). */
export function nextPaymentAfterChange(
  subscription: Pick<Stripe.Subscription, 'items'>,
  from: BillingPeriod | null,
  to: BillingPeriod,
  now: number,
): number {
  const periodEnd = currentPeriodEndMs(subscription);
  if (from === to && periodEnd !== null) return periodEnd;
  const next = new Date(now);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + (to === 'monthly' ? 1 : 12));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next.getTime();
}

function stripeFailure(response: Response, error: unknown, context: Record<string, unknown>): void {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error instanceof Stripe.errors.StripeCardError) {
    sendError(response, 402, MESSAGES.cardDeclined);
    return;
  }
  logger.error('manageSubscription: Stripe refused', { ...context, type: error.type, code: error.code, stripeMessage: error.message });
  sendError(response, 502, MESSAGES.provider);
}

/** Whether the customer has set the subscription to end before its term's end. */
function endsEarly(subscription: Stripe.Subscription): boolean {
  if (subscription.cancel_at_period_end) return true;
  return subscription.cancel_at !== null && subscription.cancel_at * SECOND_MS < termEndsAtMs(subscription);
}

export async function handleManageSubscription(request: Request, response: Response, deps: ManageSubscriptionDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  response.set('Cache-Control', 'no-store');

  const caller = await signedInCaller(deps.auth, request, response, 'manageSubscription', MESSAGES);
  if (!caller) return;
  const size = request.rawBody?.length ?? Buffer.byteLength(JSON.stringify(request.body ?? null));
  if (size > MANAGE_SUBSCRIPTION_MAX_BODY_BYTES) return sendError(response, 413, MESSAGES.tooLarge);
  const parsed = parseManageRequest(request.body);
  if (!parsed.ok) return sendError(response, 400, parsed.message, parsed.field);
  const { request: asked } = parsed;
  const now = (deps.now ?? Date.now)();

  const found = await callersSubscription(response, deps, caller.uid, asked);
  if (!found) return;
  const { order, subscription } = found;

  if (asked.action === 'renew') return renew(response, deps, subscription, asked.orderId, now);

  const from = subscriptionConfiguration(subscription) ?? orderConfiguration(order);
  const to: PlanConfiguration = {
    plan: asked.change.plan,
    period: asked.change.period,
    storage: asked.change.storage,
    security: asked.change.security,
    marketing: asked.change.marketing,
  };
  if (from !== null && sameConfiguration(from, to)) return sendError(response, 400, MESSAGES.samePlan);

  const prices = await findCataloguePrices(deps.stripe, to);
  if (!prices.ok) {
    logger.error('manageSubscription: refused, the Stripe price disagrees with the catalogue', { orderId: asked.orderId, ...prices });
    return sendError(response, 503, MESSAGES.unavailable);
  }
  const items = itemChanges(
    subscription,
    prices.prices.map((price) => ({ id: price.stripe.id, identity: price.catalogue.identity })),
  );

  if (asked.action === 'preview') return preview(response, deps, { subscription, items, from, to, orderId: asked.orderId, now });
  const { prorationAt } = asked;
  if (prorationAt !== undefined && (prorationAt > now || prorationAt < now - PRORATION_HOLD_MS)) {
    return sendError(response, 400, MESSAGES.previewExpired, 'prorationAt');
  }
  return change(response, deps, { subscription, items, to, orderId: asked.orderId, prorationAt });
}

/** The caller's order and its live subscription; null once it has answered why not (403, 400, 409
 *  or Stripe's failure). */
async function callersSubscription(
  response: Response,
  deps: ManageSubscriptionDependencies,
  uid: string,
  asked: ManageSubscriptionRequest,
): Promise<{ order: Record<string, unknown>; subscription: Stripe.Subscription } | null> {
  // One answer for "not there" and "not yours": an order id tells nothing about other people's orders.
  const order = (await deps.database.ref(orderPath(asked.orderId)).get()).val() as Record<string, unknown> | null;
  if (order === null || order.buyer !== uid) return refuse(response, 403, MESSAGES.notYours);
  if (asked.action !== 'renew' && asked.change.service !== undefined && asked.change.service !== order.product) {
    return refuse(response, 400, MESSAGES.otherService, 'change.service');
  }
  if (order.tier === 'magento') return refuse(response, 400, MESSAGES.magento);
  const subscriptionId = order.subscriptionId;
  if (typeof subscriptionId !== 'string') return refuse(response, 409, MESSAGES.notActive);

  let subscription: Stripe.Subscription;
  try {
    subscription = await deps.stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    stripeFailure(response, error, { orderId: asked.orderId });
    return null;
  }
  if (subscription.metadata?.orderId !== asked.orderId || !LIVE_STATUSES.has(subscription.status)) {
    return refuse(response, 409, MESSAGES.notActive);
  }
  return { order, subscription };
}

function refuse(response: Response, statusCode: number, message: string, field?: string): null {
  sendError(response, statusCode, message, field);
  return null;
}

interface StripeChange {
  subscription: Stripe.Subscription;
  items: Stripe.SubscriptionUpdateParams.Item[];
  to: PlanConfiguration;
  orderId: string;
}

/** What the change would cost, from Stripe's invoice preview, as of `now`. */
async function preview(
  response: Response,
  deps: ManageSubscriptionDependencies,
  { subscription, items, from, to, orderId, now }: StripeChange & { from: PlanConfiguration | null; now: number },
): Promise<void> {
  let invoice: Stripe.Invoice;
  const prorationDate = Math.floor(now / SECOND_MS);
  try {
    invoice = await deps.stripe.invoices.createPreview({
      customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      subscription: subscription.id,
      subscription_details: { items, proration_behavior: 'always_invoice', proration_date: prorationDate },
    });
  } catch (error) {
    return stripeFailure(response, error, { orderId, action: 'preview' });
  }
  // A negative total is not a payment of less than nothing: Stripe credits it to the balance.
  const money = stripeInvoiceMoney(invoice);
  const answer: ManageSubscriptionPreviewed = {
    statusCode: 200,
    data: {
      dueNowCents: Math.max(0, invoice.amount_due),
      creditCents: money.kind === 'credit' ? money.cents : 0,
      taxCents: money.taxCents,
      amountPerPeriodCents: priceConfiguration(to).amountDueCents,
      currency: 'usd',
      billingPeriod: to.period,
      nextPaymentAt: nextPaymentAfterChange(subscription, from?.period ?? null, to.period, now),
      prorationAt: prorationDate * SECOND_MS,
    },
  };
  response.status(200).json(answer);
}

/** The change itself, invoiced at once; the order follows through the webhook. */
async function change(
  response: Response,
  deps: ManageSubscriptionDependencies,
  { subscription, items, to, orderId, prorationAt }: StripeChange & { prorationAt: number | undefined },
): Promise<void> {
  try {
    await deps.stripe.subscriptions.update(subscription.id, {
      items,
      proration_behavior: 'always_invoice',
      // As of the preview's moment: what is billed is what the customer was shown.
      ...(prorationAt !== undefined ? { proration_date: Math.floor(prorationAt / SECOND_MS) } : {}),
      // A declined card leaves the plan as it was, and the dialog says so.
      payment_behavior: 'error_if_incomplete',
      metadata: { plan: to.plan, period: to.period },
    });
  } catch (error) {
    return stripeFailure(response, error, { orderId, action: 'change' });
  }
  logger.info('manageSubscription: plan changed', { orderId, plan: to.plan, period: to.period });
  const answer: ManageSubscriptionChanged = { statusCode: 200, data: { status: 'updated' } };
  response.status(200).json(answer);
}

/** Another 12 months: cancel_at moves to the next term's end, and the subscription counts one term
 *  more, in one update. The idempotency key names the term being added, so a double click renews
 *  once. */
async function renew(
  response: Response,
  deps: ManageSubscriptionDependencies,
  subscription: Stripe.Subscription,
  orderId: string,
  now: number,
): Promise<void> {
  if (endsEarly(subscription)) return sendError(response, 409, MESSAGES.canceled);
  const termEndsAt = termEndsAtMs(subscription);
  if (!inRenewWindow(termEndsAt, now)) return sendError(response, 409, MESSAGES.renewWindow);
  const terms = termsOf(subscription) + 1;
  const next = termEndAfter(subscription.start_date * SECOND_MS, terms);
  try {
    await deps.stripe.subscriptions.update(
      subscription.id,
      { cancel_at: Math.floor(next / SECOND_MS), metadata: { [TERMS_METADATA_KEY]: String(terms) } },
      { idempotencyKey: `renew-${subscription.id}-${terms}` },
    );
  } catch (error) {
    return stripeFailure(response, error, { orderId, action: 'renew' });
  }
  logger.info('manageSubscription: term renewed', { orderId, terms });
  const answer: ManageSubscriptionRenewed = { statusCode: 200, data: { termEndsAt: next } };
  response.status(200).json(answer);
}
