/**
 * `POST /v1/subscriptions/:id`: `cancel_at`, `cancel_at_period_end`, `metadata`,
 * `default_payment_method`, `description`, `cancellation_details`, and the plan change itself —
 * `items`, `proration_behavior`, `proration_date`, `payment_behavior`, `billing_cycle_anchor`
 * (subscription-changes.ts) — in one `customer.subscription.updated`, followed by the events of the
 * invoice the change makes at once (`invoice.created`, `.finalized`, `.paid` +
 * `.payment_succeeded`, or `.payment_failed`). The billing portal's plan switch goes through
 * `applyChange` too.
 */
import type Stripe from 'stripe';
import { chargeInvoice, finalizeInvoice, paymentMethodFor } from './billing';
import { type StandIn } from '../core/context';
import { invalidRequest } from '../core/errors';
import type { EventBatch } from '../core/events';
import { newProrationItem } from './invoice-items';
import { newInvoice } from './invoices';
import { asInteger } from '../core/params';
import type { InvoiceRecord, SubscriptionRecord } from '../core/store';
import {
  changedCopy,
  dueAfterBalance,
  immediateInvoice,
  paymentRefusal,
  type ChangePlan,
  type PaymentBehavior,
} from './subscription-changes';
import { currentPeriod, type Subscription } from './subscriptions';

/** How long Stripe keeps a `pending_if_incomplete` change waiting for its invoice to be paid. */
const PENDING_UPDATE_SECONDS = 23 * 60 * 60;

/**
 * Makes the planned change (see subscription-changes.ts): `alsoChange` applies the request's other
 * fields inside the same `customer.subscription.updated`. Throws Stripe's 402 (nothing changed)
 * when `error_if_incomplete` and the card would not pay. Returns the invoice made at once, if any.
 */
export function applyChange(
  standIn: StandIn,
  batch: EventBatch,
  record: SubscriptionRecord,
  plan: ChangePlan,
  paymentBehavior: PaymentBehavior,
  alsoChange: (subscription: Subscription) => void = () => {},
): InvoiceRecord | null {
  const { subscription } = record;
  const { at } = plan;
  let pending = false;
  if (plan.invoiceNow && paymentBehavior !== 'default_incomplete') {
    const refusal = paymentRefusal(standIn, subscription, dueAfterBalance(standIn, immediateInvoice(standIn, subscription, plan, null)));
    if (refusal && paymentBehavior === 'error_if_incomplete') throw refusal;
    pending = refusal !== null && paymentBehavior === 'pending_if_incomplete';
  }
  // Prorations become invoice items: pending until this change's invoice (or the next one) takes them.
  const after = changedCopy(subscription, plan);
  for (const proration of plan.prorations) newProrationItem(standIn, after, proration, at);
  const invoice = plan.invoiceNow
    ? newInvoice(standIn, record, 'subscription_update', plan.period, at, { items: plan.resetsAnchor ? plan.items : [] })
    : null;

  batch.change('customer.subscription.updated', subscription, at, (changed) => {
    alsoChange(changed);
    if (pending) {
      changed.pending_update = {
        billing_cycle_anchor: plan.resetsAnchor ? plan.anchor : null,
        cancel_at_period_end: null,
        discount: null,
        discounts: null,
        expires_at: at + PENDING_UPDATE_SECONDS,
        metadata: null,
        subscription_items: structuredClone(plan.items),
        trial_end: null,
        trial_from_plan: null,
      } as Stripe.Subscription.PendingUpdate;
    } else if (plan.itemsChanged || plan.resetsAnchor) {
      changed.items = { ...changed.items, data: structuredClone(plan.items) };
      changed.billing_cycle_anchor = plan.anchor;
      if (changed.cancel_at_period_end) changed.cancel_at = plan.period.end;
    }
    if (invoice) changed.latest_invoice = invoice.invoice.id;
  });
  if (!invoice) return null;

  batch.emit('invoice.created', invoice.invoice, at);
  finalizeInvoice(standIn, batch, invoice, at);
  if (paymentBehavior === 'default_incomplete' && invoice.invoice.amount_due > 0) {
    batch.change('customer.subscription.updated', subscription, at, (changed) => {
      changed.status = 'past_due';
    });
    return invoice;
  }
  const paid = chargeInvoice(standIn, batch, invoice, paymentMethodFor(standIn, subscription), at);
  if (!paid && !pending) {
    batch.change('customer.subscription.updated', subscription, at, (changed) => {
      changed.status = 'past_due';
    });
  }
  return invoice;
}

/** `cancel_at`: a timestamp, `min_period_end`/`max_period_end` (the current period's end), or
 *  '' to clear. undefined: not given. */
export function parseCancelAt(value: unknown, subscription: Subscription, now: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (value === 'min_period_end' || value === 'max_period_end') return currentPeriod(subscription).end;
  const at = asInteger(value as string, ['cancel_at'], 0)!;
  if (at <= now) throw invalidRequest('`cancel_at` must be a time in the future.', 'cancel_at');
  return at;
}
