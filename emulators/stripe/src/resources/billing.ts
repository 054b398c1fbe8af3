/**
 * The billing engine: starting a subscription with its first invoice, and, as a test clock
 * advances, each period boundary of each subscription on it — a renewal invoice charged to the
 * card on file, or the end of the subscription when its `cancel_at` (or `cancel_at_period_end`)
 * is reached. Events are recorded in the caller's batch, in the order Stripe sends them.
 *
 * Simplifications (see README.md): renewal invoices are finalized and charged at the boundary
 * (Stripe waits about an hour after creating them), and a failed charge is not retried on a
 * schedule — it is retried when the customer saves a new card in the billing portal.
 */
import { periodEnd } from './billing-periods';
import { applyBalance } from './balance-transactions';
import { customerNow, type StandIn } from '../core/context';
import { defaultPaymentMethodId, getCustomer } from './customers';
import type { EventBatch } from '../core/events';
import { newInvoice, subscriptionIdOf, type BillingReason } from './invoices';
import { recordInvoicePayment } from './payments';
import type {
  ClockRecord,
  CustomerRecord,
  Interval,
  InvoiceRecord,
  LineItem,
  PaymentMethodRecord,
  SubscriptionRecord,
} from '../core/store';
import {
  currentPeriod,
  endSubscription,
  intervalOf,
  isLive,
  newSubscription,
  type Subscription,
  type SubscriptionOptions,
} from './subscriptions';

/** The card a subscription charges: its own `default_payment_method`, else its customer's. */
export function paymentMethodFor(standIn: StandIn, subscription: Subscription): PaymentMethodRecord | null {
  const own = subscription.default_payment_method;
  const id = typeof own === 'string' ? own : (own?.id ?? defaultPaymentMethodId(getCustomer(standIn, subscription.customer as string)));
  return id ? (standIn.store.paymentMethods.get(id) ?? null) : null;
}

/** Creates the subscription (`incomplete`) and its first invoice (draft):
 *  `customer.subscription.created`, `invoice.created`. */
export function createSubscription(
  standIn: StandIn,
  batch: EventBatch,
  customer: CustomerRecord,
  items: LineItem[],
  options: SubscriptionOptions & {
    /** Checkout's `automatic_tax[enabled]` and the discounts (`di_…`) it redeemed: every invoice
     *  of the subscription, the first included, is taxed and discounted (invoice-amounts.ts). */
    automaticTax?: boolean;
    discounts?: string[];
  },
): { record: SubscriptionRecord; invoice: InvoiceRecord } {
  const at = customerNow(standIn, customer.customer.id);
  const subscription = newSubscription(customer, items, { ...options, at });
  if (options.automaticTax) subscription.automatic_tax = { disabled_reason: null, enabled: true, liability: { type: 'self' } };
  if (options.discounts) subscription.discounts = [...options.discounts];
  const record: SubscriptionRecord = { subscription, seq: standIn.store.nextSeq() };
  standIn.store.subscriptions.set(subscription.id, record);
  const invoice = newInvoice(standIn, record, 'subscription_create', currentPeriod(subscription), at);
  subscription.latest_invoice = invoice.invoice.id;
  standIn.settings.log(`subscription ${subscription.id} created for ${customer.customer.id}`);
  batch.emit('customer.subscription.created', subscription, at);
  batch.emit('invoice.created', invoice.invoice, at);
  return { record, invoice };
}

/** draft → open, numbered: `invoice.finalized`. */
export function finalizeInvoice(standIn: StandIn, batch: EventBatch, record: InvoiceRecord, at: number) {
  const { invoice } = record;
  const customer = getCustomer(standIn, invoice.customer as string).customer;
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`;
  invoice.status = 'open';
  invoice.status_transitions = { ...invoice.status_transitions, finalized_at: at };
  invoice.effective_at = at;
  applyBalance(standIn, batch, record);
  invoice.hosted_invoice_url = `${standIn.settings.baseUrl}/i/${invoice.id}`;
  invoice.invoice_pdf = `${standIn.settings.baseUrl}/i/${invoice.id}/pdf`;
  invoice.webhooks_delivered_at = at;
  batch.emit('invoice.finalized', invoice, at);
}

/** Charges the open invoice to `paymentMethod` (its PaymentIntent and charge: payments.ts):
 *  `invoice.paid` + `invoice.payment_succeeded`, or `invoice.payment_failed` (no card, or a card
 *  whose charges fail). Returns whether it was paid. */
export function chargeInvoice(
  standIn: StandIn,
  batch: EventBatch,
  record: InvoiceRecord,
  paymentMethod: PaymentMethodRecord | null,
  at: number,
): boolean {
  const { invoice } = record;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  invoice.next_payment_attempt = null;
  // An invoice the customer's credit covers is paid without charging the card, as on Stripe.
  const covered = invoice.amount_due === 0;
  if (covered || paymentMethod?.outcome === 'succeeds') {
    if (!covered && paymentMethod) recordInvoicePayment(standIn, record, paymentMethod, at);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.auto_advance = false;
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: at };
    standIn.settings.log(`invoice ${invoice.id} paid (${invoice.amount_due} ${invoice.currency})`);
    batch.emit('invoice.paid', invoice, at);
    batch.emit('invoice.payment_succeeded', invoice, at);
    return true;
  }
  standIn.settings.log(`invoice ${invoice.id}: payment failed (${paymentMethod ? 'card declined' : 'no card on file'})`);
  batch.emit('invoice.payment_failed', invoice, at);
  return false;
}

/** Back to `active` after its invoice was paid: `customer.subscription.updated`. */
export function activate(batch: EventBatch, record: SubscriptionRecord, at: number) {
  batch.change('customer.subscription.updated', record.subscription, at, (subscription) => {
    subscription.status = 'active';
  });
}

/** The period number (0 = first) that ends at `end`. */
function periodIndexEnding(subscription: Subscription, end: number): number {
  const { interval, count } = intervalOf(subscription);
  let index = 0;
  while (periodEnd(subscription.billing_cycle_anchor, interval, count, index) < end) index++;
  return index;
}

/** At the end of the current period: the next period's invoice, charged; the period moves on
 *  (also when the charge fails — the subscription is then `past_due`). */
function renew(standIn: StandIn, batch: EventBatch, record: SubscriptionRecord, boundary: number) {
  const { subscription } = record;
  const { interval, count } = intervalOf(subscription);
  const nextEnd = periodEnd(subscription.billing_cycle_anchor, interval, count, periodIndexEnding(subscription, boundary) + 1);
  const reason: BillingReason = 'subscription_cycle';
  const invoice = newInvoice(standIn, record, reason, { start: boundary, end: nextEnd }, boundary);
  batch.emit('invoice.created', invoice.invoice, boundary);
  finalizeInvoice(standIn, batch, invoice, boundary);
  const paid = chargeInvoice(standIn, batch, invoice, paymentMethodFor(standIn, subscription), boundary);
  batch.change('customer.subscription.updated', subscription, boundary, (changed) => {
    for (const item of changed.items.data) {
      item.current_period_start = boundary;
      item.current_period_end = nextEnd;
    }
    changed.latest_invoice = invoice.invoice.id;
    changed.status = paid ? 'active' : 'past_due';
  });
}

/** What happens next to a live subscription, and when. */
function nextStep(subscription: Subscription): { at: number; action: 'end' | 'renew' } {
  const { end } = currentPeriod(subscription);
  if (subscription.cancel_at !== null && subscription.cancel_at <= end) return { at: subscription.cancel_at, action: 'end' };
  if (subscription.cancel_at_period_end) return { at: end, action: 'end' };
  return { at: end, action: 'renew' };
}

const billable = (subscription: Subscription) => subscription.status === 'active' || subscription.status === 'past_due';

/** Runs the billing of every subscription of the clock's customers up to `target`, one step at a
 *  time in time order (so events of several subscriptions interleave as time passes). */
export function billUntil(standIn: StandIn, clock: ClockRecord, target: number, batch: EventBatch) {
  const customers = new Set(standIn.store.customersOnClock(clock.clock.id).map((record) => record.customer.id));
  for (let steps = 0; steps < 100_000; steps++) {
    let next: { record: SubscriptionRecord; at: number; action: 'end' | 'renew' } | null = null;
    for (const record of standIn.store.subscriptions.values()) {
      if (!customers.has(record.subscription.customer as string) || !billable(record.subscription)) continue;
      const step = nextStep(record.subscription);
      if (step.at <= target && (next === null || step.at < next.at)) next = { record, ...step };
    }
    if (!next) break;
    clock.now = Math.max(clock.now, next.at);
    if (next.action === 'end') endSubscription(standIn, batch, next.record, next.at);
    else renew(standIn, batch, next.record, next.at);
  }
  clock.now = target;
}

const APPROXIMATE_DAYS: Record<Interval, number> = { day: 1, week: 7, month: 30, year: 365 };

/** The shortest billing interval among the live subscriptions on a clock (null: none). */
export function shortestInterval(standIn: StandIn, clockId: string): { interval: Interval; count: number } | null {
  let shortest: { interval: Interval; count: number } | null = null;
  for (const { subscription } of standIn.store.subscriptions.values()) {
    if (subscription.test_clock !== clockId || !isLive(subscription)) continue;
    const candidate = intervalOf(subscription);
    if (!shortest || APPROXIMATE_DAYS[candidate.interval] * candidate.count < APPROXIMATE_DAYS[shortest.interval] * shortest.count)
      shortest = candidate;
  }
  return shortest;
}

/** After the customer saved a working card: its open invoices are charged again, and a
 *  subscription whose invoices are then all paid is `active` again. */
export function retryOpenInvoices(standIn: StandIn, batch: EventBatch, customer: CustomerRecord, paymentMethod: PaymentMethodRecord) {
  const at = customerNow(standIn, customer.customer.id);
  const open = standIn.store.invoicesOf(customer.customer.id).filter((record) => record.invoice.status === 'open');
  for (const invoice of open.sort((a, b) => a.seq - b.seq)) {
    const subscriptionId = subscriptionIdOf(invoice.invoice);
    const subscription = subscriptionId ? standIn.store.subscriptions.get(subscriptionId) : undefined;
    if (!subscription || !isLive(subscription.subscription)) continue;
    if (!chargeInvoice(standIn, batch, invoice, paymentMethod, at)) continue;
    applyPendingUpdate(batch, subscription, invoice, at);
    const stillOpen = standIn.store
      .invoicesOf(customer.customer.id)
      .some((other) => other.invoice.status === 'open' && subscriptionIdOf(other.invoice) === subscriptionId);
    if (!stillOpen && subscription.subscription.status === 'past_due') activate(batch, subscription, at);
  }
}

/** After `invoice` was paid: a change that waited for it (`payment_behavior=pending_if_incomplete`,
 *  subscription-update.ts) is made now, unless it expired. */
export function applyPendingUpdate(batch: EventBatch, record: SubscriptionRecord, invoice: InvoiceRecord, at: number) {
  const { subscription } = record;
  const update = subscription.pending_update;
  if (!update || subscription.latest_invoice !== invoice.invoice.id || update.expires_at < at) return;
  batch.change('customer.subscription.updated', subscription, at, (changed) => {
    if (update.subscription_items) changed.items = { ...changed.items, data: structuredClone(update.subscription_items) };
    if (update.billing_cycle_anchor !== null) changed.billing_cycle_anchor = update.billing_cycle_anchor;
    changed.pending_update = null;
  });
}
