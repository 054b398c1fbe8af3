/**
 * Changing what a subscription bills — `items[n][id|price|quantity|deleted]` on
 * `POST /v1/subscriptions/:id`, the same under `subscription_details` on
 * `POST /v1/invoices/create_preview`, and the billing portal's plan switch — as Stripe does it:
 *
 * - Within a period (same interval, anchor unchanged) each changed item is prorated (proration.ts):
 *   `create_prorations` (the default) leaves the prorations as pending invoice items for the next
 *   invoice; `always_invoice` puts them on an invoice at once, finalized and charged; `none` makes none.
 * - A change of interval (month ↔ year), or `billing_cycle_anchor=now`, starts a new period now:
 *   the unused time of every old item is credited (unless `none`) and the new items are billed in
 *   full for the new period, on an invoice at once whatever the proration behaviour.
 * - The invoice's charge follows `payment_behavior`: `allow_incomplete` (default) applies the change
 *   and leaves a failed invoice open (`past_due`); `error_if_incomplete` refuses the whole request
 *   with Stripe's 402; `pending_if_incomplete` keeps the items and records the change as the
 *   subscription's `pending_update`, applied once the invoice is paid; `default_incomplete` does not
 *   charge (the invoice stays open until the customer's card pays it).
 */
import type Stripe from 'stripe';
import { addInterval } from './billing-periods';
import { findPrice, productNameOf } from './catalog-lookup';
import type { StandIn } from '../core/context';
import { defaultPaymentMethodId, getCustomer } from './customers';
import { invalidRequest, StripeApiError } from '../core/errors';
import { paramName, type FormObject, type FormValue } from '../core/form-encoding';
import { randomId } from '../core/ids';
import { applyInvoiceAmounts } from './invoice-amounts';
import { pendingItemsOf, newProrationItem } from './invoice-items';
import { draftInvoice, type Invoice } from './invoices';
import { asBoolean, asInteger, asList, asObject, asString, oneOf, rejectUnknown, updateMetadata, type Path } from '../core/params';
import { prorationOf, type Period, type Proration } from './proration';
import { currentPeriod, type Subscription } from './subscriptions';
import type { Interval } from '../core/store';

export const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];
export const PAYMENT_BEHAVIORS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const;
export type PaymentBehavior = (typeof PAYMENT_BEHAVIORS)[number];

interface ItemRequest {
  path: Path;
  id?: string;
  price?: string;
  quantity?: number;
  deleted: boolean;
  metadata?: FormValue;
}

/** The change asked for, read but not yet checked against the subscription. */
export interface ChangeRequest {
  items: ItemRequest[] | undefined;
  prorationBehavior: ProrationBehavior;
  prorationDate: number | undefined;
  resetAnchor: boolean;
  /** Where the parameters were (`[]` on an update, `['subscription_details']` on a preview). */
  path: Path;
}

const ITEM_FIELDS = ['id', 'price', 'quantity', 'deleted', 'metadata'];

function parseItem(value: FormValue, path: Path): ItemRequest {
  const item = asObject(value, path) ?? {};
  rejectUnknown(item, ITEM_FIELDS, path);
  return {
    path,
    id: asString(item.id, [...path, 'id']),
    price: asString(item.price, [...path, 'price']),
    quantity: asInteger(item.quantity, [...path, 'quantity'], 0),
    deleted: asBoolean(item.deleted, [...path, 'deleted']) ?? false,
    metadata: item.metadata,
  };
}

/** `billing_cycle_anchor`: `now`/`unchanged`, or `{type}` as this API version's SDK sends it. */
function parseAnchor(value: FormValue | undefined, path: Path): boolean {
  const object = typeof value === 'object' ? value : undefined;
  if (object) rejectUnknown(object, ['type'], path);
  const choice = oneOf(object ? object.type : value, object ? [...path, 'type'] : path, ['now', 'unchanged'] as const);
  return choice === 'now';
}

/** Reads `items`, `proration_behavior`, `proration_date` and `billing_cycle_anchor` from `form`
 *  (the update's form, or a preview's `subscription_details`). */
export function parseChangeRequest(form: FormObject, path: Path): ChangeRequest {
  const items = asList(form.items, [...path, 'items'])?.map((value, index) => parseItem(value, [...path, 'items', String(index)]));
  return {
    items,
    prorationBehavior: oneOf(form.proration_behavior, [...path, 'proration_behavior'], PRORATION_BEHAVIORS) ?? 'create_prorations',
    prorationDate: asInteger(form.proration_date, [...path, 'proration_date'], 0),
    resetAnchor:
      form.billing_cycle_anchor === undefined ? false : parseAnchor(form.billing_cycle_anchor, [...path, 'billing_cycle_anchor']),
    path,
  };
}

/** The change worked out against the subscription: nothing is changed yet. */
export interface ChangePlan {
  /** The subscription's items afterwards (changed items keep their ids). */
  items: Stripe.SubscriptionItem[];
  itemsChanged: boolean;
  /** A new period starts now (interval change or `billing_cycle_anchor=now`). */
  resetsAnchor: boolean;
  anchor: number;
  /** The current period afterwards. */
  period: Period;
  prorations: Proration[];
  /** An invoice is made at once: `always_invoice` with something to bill, or a new period. */
  invoiceNow: boolean;
  prorationBehavior: ProrationBehavior;
  at: number;
}

const decimal = <T>(value: number) => String(value) as unknown as T;

/** The legacy `plan` view of a recurring Price, as subscription items still carry it. */
export function planOfPrice(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: decimal(price.unit_amount ?? 0),
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: structuredClone(price.metadata),
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** The Price a request names, as Stripe checks it for a subscription item. */
function priceFor(standIn: StandIn, id: string, path: Path): Stripe.Price {
  const param = paramName(path);
  const price = findPrice(standIn, id);
  if (!price) throw invalidRequest(`No such price: '${id}'`, param, 'resource_missing');
  if (!price.active) throw invalidRequest('The price specified is inactive. This field only accepts active prices.', param);
  if (price.type !== 'recurring' || !price.recurring)
    throw invalidRequest('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', param);
  return structuredClone({ ...price, product: typeof price.product === 'string' ? price.product : price.product.id });
}

const intervalKey = (price: Stripe.Price) => `${price.recurring!.interval}/${price.recurring!.interval_count}`;
const quantityOf = (item: Stripe.SubscriptionItem) => item.quantity ?? 1;

/** A new item of `subscription` at `price`, over the current period. */
function newItem(
  subscription: Subscription,
  change: ItemRequest,
  price: Stripe.Price,
  period: Period,
  now: number,
): Stripe.SubscriptionItem {
  const id = randomId('si_', 14);
  return {
    id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: now,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: change.metadata === undefined ? {} : updateMetadata({}, change.metadata, [...change.path, 'metadata']),
    plan: planOfPrice(price),
    price,
    quantity: change.quantity ?? 1,
    subscription: subscription.id,
    tax_rates: [],
  };
}

/** The subscription's items with the requested changes made (copies), which were removed and
 *  which were added or changed. */
function applyItemChanges(standIn: StandIn, subscription: Subscription, request: ChangeRequest, period: Period, now: number) {
  const items = subscription.items.data.map((item) => structuredClone(item));
  const removed = new Set<string>();
  const touched = new Set<string>();
  for (const change of request.items ?? []) {
    if (change.id !== undefined) {
      const index = items.findIndex((item) => item.id === change.id);
      if (index < 0 || removed.has(change.id))
        throw invalidRequest(`No such subscription item: '${change.id}'`, paramName([...change.path, 'id']), 'resource_missing');
      if (change.deleted) {
        removed.add(change.id);
        continue;
      }
      const item = items[index];
      if (change.price !== undefined && change.price !== item.price.id) {
        const price = priceFor(standIn, change.price, [...change.path, 'price']);
        item.price = price;
        item.plan = planOfPrice(price);
        touched.add(item.id);
      }
      if (change.quantity !== undefined && change.quantity !== quantityOf(item)) {
        item.quantity = change.quantity;
        touched.add(item.id);
      }
      if (change.metadata !== undefined) item.metadata = updateMetadata(item.metadata, change.metadata, [...change.path, 'metadata']);
      continue;
    }
    if (change.deleted)
      throw invalidRequest('You must specify an item `id` to delete a subscription item.', paramName([...change.path, 'deleted']));
    if (change.price === undefined)
      throw invalidRequest(
        `Missing required param: ${paramName([...change.path, 'price'])}.`,
        paramName([...change.path, 'price']),
        'parameter_missing',
      );
    const price = priceFor(standIn, change.price, [...change.path, 'price']);
    const item = newItem(subscription, change, price, period, now);
    items.push(item);
    touched.add(item.id);
  }
  return { items, removed, touched };
}

/** Refuses items Stripe would refuse on one subscription: none left, mixed currencies or
 *  intervals, one price twice. */
function checkItems(subscription: Subscription, after: Stripe.SubscriptionItem[], path: Path) {
  const itemsPath = paramName([...path, 'items']);
  if (after.length === 0)
    throw invalidRequest(
      `A subscription must have at least one active plan. To cancel a subscription, please use the cancel API endpoint on /v1/subscriptions/${subscription.id}.`,
      itemsPath,
    );
  for (const field of ['currency', 'interval'] as const) {
    const values = new Set(after.map((item) => (field === 'currency' ? item.price.currency : intervalKey(item.price))));
    if (field === 'currency') values.add(subscription.currency);
    if (values.size > 1)
      throw invalidRequest(
        `Currency and interval fields must match across all plans on this subscription. Found mismatch in ${field} field.`,
        itemsPath,
      );
  }
  const seen = new Set<string>();
  for (const item of after) {
    if (seen.has(item.price.id))
      throw invalidRequest(`Cannot add multiple subscription items with the same price: ${item.price.id}`, itemsPath);
    seen.add(item.price.id);
  }
}

/** The prorations of the change: a credit for every old item that changed (every one when the
 *  billing cycle restarts), a charge for every new or changed item on the same cycle. */
function prorationsOf(
  standIn: StandIn,
  before: Stripe.SubscriptionItem[],
  after: Stripe.SubscriptionItem[],
  changed: { removed: Set<string>; touched: Set<string> },
  period: Period,
  prorationDate: number,
  resetsAnchor: boolean,
): Proration[] {
  const { removed, touched } = changed;
  const prorations: Proration[] = [];
  const nameOf = (price: Stripe.Price) => productNameOf(standIn, price.product as string);
  for (const old of before) {
    const differs = removed.has(old.id) || touched.has(old.id);
    if (resetsAnchor || differs)
      prorations.push(prorationOf('credit', old.price, quantityOf(old), old.id, period, prorationDate, nameOf(old.price)));
  }
  if (!resetsAnchor) {
    for (const item of after) {
      if (touched.has(item.id))
        prorations.push(prorationOf('charge', item.price, quantityOf(item), item.id, period, prorationDate, nameOf(item.price)));
    }
  }
  return prorations;
}

/**
 * Works the change out: the items afterwards, checked as Stripe checks them, and what it costs.
 * `now` is the customer's time. Throws Stripe's refusals (nothing changed).
 */
export function planChange(standIn: StandIn, subscription: Subscription, request: ChangeRequest, now: number): ChangePlan {
  const { path } = request;
  const before = subscription.items.data;
  const period = currentPeriod(subscription);
  const { items, removed, touched } = applyItemChanges(standIn, subscription, request, period, now);
  const after = items.filter((item) => !removed.has(item.id));
  checkItems(subscription, after, path);

  const prorationDate = request.prorationDate ?? now;
  if (request.prorationDate !== undefined && (prorationDate < period.start || prorationDate > period.end)) {
    throw invalidRequest(
      `The proration_date must be within the subscription's current billing period (${period.start} to ${period.end}).`,
      paramName([...path, 'proration_date']),
    );
  }
  const itemsChanged = removed.size > 0 || touched.size > 0;
  const resetsAnchor = request.resetAnchor || intervalKey(after[0].price) !== intervalKey(before[0].price);
  const prorations =
    request.prorationBehavior === 'none'
      ? []
      : prorationsOf(standIn, before, after, { removed, touched }, period, prorationDate, resetsAnchor);
  let anchor = subscription.billing_cycle_anchor;
  let newPeriod = period;
  if (resetsAnchor) {
    const { interval, interval_count } = after[0].price.recurring!;
    anchor = now;
    newPeriod = { start: now, end: addInterval(now, interval as Interval, interval_count) };
  }
  for (const item of after) {
    item.current_period_start = newPeriod.start;
    item.current_period_end = newPeriod.end;
  }
  const invoiceNow = resetsAnchor || (request.prorationBehavior === 'always_invoice' && prorations.length > 0);
  return {
    items: after,
    itemsChanged,
    resetsAnchor,
    anchor,
    period: newPeriod,
    prorations,
    invoiceNow,
    prorationBehavior: request.prorationBehavior,
    at: now,
  };
}

/** The subscription as it would be after the change (a copy). */
export function changedCopy(subscription: Subscription, plan: ChangePlan): Subscription {
  const copy = structuredClone(subscription);
  copy.items = { ...copy.items, data: structuredClone(plan.items) };
  copy.billing_cycle_anchor = plan.anchor;
  return copy;
}

/**
 * The invoice the change makes at once (not stored; `id` null for a preview): its prorations, the
 * subscription's earlier pending ones, and with a new period every item in full. Discounts and tax
 * as the subscription has them.
 */
export function immediateInvoice(standIn: StandIn, subscription: Subscription, plan: ChangePlan, id: string | null): Invoice {
  const after = changedCopy(subscription, plan);
  const invoiceItems = [
    ...pendingItemsOf(standIn, subscription.id).map((record) => record.invoiceItem),
    ...plan.prorations.map((proration) => newProrationItem(standIn, after, proration, plan.at, false)),
  ];
  const invoice = draftInvoice(
    standIn,
    after,
    'subscription_update',
    plan.period,
    plan.at,
    { items: plan.resetsAnchor ? after.items.data : [], invoiceItems },
    id,
  );
  applyInvoiceAmounts(standIn, invoice, { subscription: after });
  return invoice;
}

/** What paying `amountDue` now would do with the subscription's card: null when it would be paid. */
export function paymentRefusal(standIn: StandIn, subscription: Subscription, amountDue: number): StripeApiError | null {
  if (amountDue <= 0) return null;
  const own = subscription.default_payment_method;
  const customer = getCustomer(standIn, subscription.customer as string);
  const id = typeof own === 'string' ? own : (own?.id ?? defaultPaymentMethodId(customer));
  const card = id ? standIn.store.paymentMethods.get(id) : undefined;
  if (!card)
    return invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.',
    );
  if (card.outcome === 'succeeds') return null;
  return new StripeApiError(402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
}

/** The amount an invoice would ask after the customer's balance (credit) is applied. */
export function dueAfterBalance(standIn: StandIn, invoice: Invoice): number {
  const balance = getCustomer(standIn, invoice.customer as string).customer.balance;
  return Math.max(0, invoice.total + balance);
}
