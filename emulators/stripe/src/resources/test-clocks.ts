/**
 * Test Clocks (`/v1/test_helpers/test_clocks`): frozen time for a group of customers, advanced on
 * request, which runs the billing of their subscriptions up to the new time (`billing.ts`) and
 * expires their open Checkout sessions whose `expires_at` it passes (`checkout-expiry.ts`).
 * Every customer the stand-in creates gets a clock of its own (unless it is created on a named
 * one), so a test can move any customer's time forward.
 */
import type Stripe from 'stripe';
import { billUntil, shortestInterval } from './billing';
import { addInterval } from './billing-periods';
import { expireSessionsOnClock } from './checkout-expiry';
import { getClock } from './clock-records';
import { newBatch, ownOrigin, type StandIn } from '../core/context';
import { invalidRequest } from '../core/errors';
import type { ClockRecord } from '../core/store';

/** The latest time the clock may be advanced to at once: Stripe allows two intervals of the
 *  shortest subscription on it (two months for monthly billing). */
export function maxAdvanceTarget(standIn: StandIn, record: ClockRecord): number {
  const interval = shortestInterval(standIn, record.clock.id);
  return interval ? addInterval(record.now, interval.interval, interval.count * 2) : Number.POSITIVE_INFINITY;
}

/**
 * Starts advancing: the clock answers `advancing` at once; the billing up to `target` runs, its
 * events are delivered, and then the clock is `ready` at `target` (`test_helpers.test_clock.ready`).
 * Returns the clock as answered and a promise for the end.
 */
export function startAdvance(
  standIn: StandIn,
  record: ClockRecord,
  target: number,
  origin = ownOrigin(),
): { answer: Stripe.TestHelpers.TestClock; done: Promise<void> } {
  const { clock } = record;
  if (record.advancing)
    throw invalidRequest(`The test clock ${clock.id} is advancing; wait until its status is \`ready\` before advancing it again.`);
  if (target <= clock.frozen_time) {
    throw invalidRequest(
      `The test clock can only be advanced to a time after its current frozen_time (${clock.frozen_time}).`,
      'frozen_time',
    );
  }
  const limit = maxAdvanceTarget(standIn, record);
  if (target > limit) {
    throw invalidRequest(
      `A test clock can be advanced by at most two intervals of the shortest subscription on it at a time: at most to ${limit} from ${clock.frozen_time}. Advance in several steps.`,
      'frozen_time',
    );
  }
  const batch = newBatch(standIn, origin);
  clock.status = 'advancing';
  clock.status_details = { advancing: { target_frozen_time: target } };
  batch.emit('test_helpers.test_clock.advancing', clock, record.now);
  const answer = structuredClone(clock);
  const generation = standIn.store.generation;
  standIn.settings.log(`test clock ${clock.id} advancing to ${new Date(target * 1000).toISOString()}`);
  const done = (async () => {
    try {
      expireSessionsOnClock(standIn, clock.id, target, batch);
      billUntil(standIn, record, target, batch);
      await batch.deliver();
    } catch (error) {
      standIn.settings.log(
        `test clock ${clock.id}: billing failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    } finally {
      record.now = target;
      clock.frozen_time = target;
      clock.status = 'ready';
      clock.status_details = {};
      record.advancing = null;
    }
    if (generation !== standIn.store.generation) return;
    const ready = newBatch(standIn, origin);
    ready.emit('test_helpers.test_clock.ready', clock, target);
    await ready.deliver();
  })();
  record.advancing = done;
  return { answer, done };
}

/** Advances to `target` in as many steps as Stripe's limit needs, each billed and delivered;
 *  resolves with the clock, ready. For tests and `POST /__test_clocks/:id/advance`. */
export async function advanceStepwise(standIn: StandIn, id: string, target: number): Promise<Stripe.TestHelpers.TestClock> {
  const record = getClock(standIn, id);
  if (record.advancing) await record.advancing;
  while (record.clock.frozen_time < target) {
    const step = Math.min(target, maxAdvanceTarget(standIn, record));
    await startAdvance(standIn, record, step).done;
  }
  return structuredClone(record.clock);
}

/** Deleting a clock deletes its customers and everything of theirs, as on Stripe. */
/** A customer's payments, refunds, disputes and balance, gone with the customer. */
function forgetPaymentsOf(store: StandIn['store'], customerId: string) {
  const charges = new Set<string>();
  for (const [id, { charge }] of store.charges) {
    if (charge.customer !== customerId) continue;
    charges.add(id);
    store.charges.delete(id);
  }
  for (const [id, { paymentIntent }] of store.paymentIntents) if (paymentIntent.customer === customerId) store.paymentIntents.delete(id);
  for (const [id, { invoicePayment }] of store.invoicePayments)
    if (!store.invoices.has(invoicePayment.invoice as string)) store.invoicePayments.delete(id);
  for (const [id, { refund }] of store.refunds) if (charges.has(refund.charge as string)) store.refunds.delete(id);
  for (const [id, { dispute }] of store.disputes) if (charges.has(dispute.charge as string)) store.disputes.delete(id);
  for (const [id, { transaction }] of store.balanceTransactions)
    if (transaction.customer === customerId) store.balanceTransactions.delete(id);
}

export function deleteClock(standIn: StandIn, record: ClockRecord) {
  const { store } = standIn;
  for (const { customer } of store.customersOnClock(record.clock.id)) {
    for (const [id, sub] of store.subscriptions) if (sub.subscription.customer === customer.id) store.subscriptions.delete(id);
    for (const [id, invoice] of store.invoices) if (invoice.invoice.customer === customer.id) store.invoices.delete(id);
    for (const [id, method] of store.paymentMethods) if (method.paymentMethod.customer === customer.id) store.paymentMethods.delete(id);
    for (const [id, item] of store.invoiceItems) if (item.invoiceItem.customer === customer.id) store.invoiceItems.delete(id);
    forgetPaymentsOf(store, customer.id);
    store.customers.delete(customer.id);
  }
  store.clocks.delete(record.clock.id);
}
