/**
 * `POST /v1/invoices/create_preview`: what a subscription change would bill, without making it —
 * the same work-out as the update (subscription-changes.ts), answered as an invoice with no `id`
 * (as Stripe answers a preview) and no event. Which invoice it shows follows Stripe:
 *
 * - a change billed at once (`always_invoice`, or a new period from an interval change or
 *   `billing_cycle_anchor=now`): that invoice (`billing_reason: 'subscription_update'`), created now;
 * - otherwise the subscription's next invoice (`billing_reason: 'upcoming'`) at the current
 *   period's end: the next period at the (changed) prices plus the pending prorations, this
 *   change's included.
 *
 * The customer's balance is applied as it would be at finalization (`starting_balance`,
 * `amount_due`, `ending_balance`), and discounts and tax as the subscription has them.
 */
import { addInterval, type Interval } from './billing-periods';
import { customerNow, type StandIn } from './context';
import { getCustomer } from './customers';
import { invalidRequest } from './errors';
import { assertExpandable } from './expand';
import { applyInvoiceAmounts } from './invoice-amounts';
import { newProrationItem, pendingItemsOf } from './invoice-items';
import { draftInvoice, type Invoice } from './invoices';
import { asObject, asString, parseExpand, rejectUnknown } from './params';
import { ok, type Route } from './route';
import { changedCopy, immediateInvoice, parseChangeRequest, planChange } from './subscription-changes';
import { currentPeriod, getSubscription, isLive } from './subscriptions';

const DETAIL_FIELDS = ['items', 'proration_behavior', 'proration_date', 'billing_cycle_anchor'];

const noUpcoming = (customerId: string) =>
  invalidRequest(`No upcoming invoices for customer: ${customerId}`, undefined, 'invoice_upcoming_none');

/** The customer's balance, as finalization would apply it. */
function applyBalancePreview(standIn: StandIn, invoice: Invoice) {
  const balance = getCustomer(standIn, invoice.customer as string).customer.balance;
  invoice.starting_balance = balance;
  invoice.ending_balance = Math.min(0, invoice.total + balance);
  invoice.amount_due = Math.max(0, invoice.total + balance);
  invoice.amount_remaining = invoice.amount_due;
}

export const invoicePreviewRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/invoices\/create_preview$/,
    handle(standIn, { form }) {
      rejectUnknown(form, ['customer', 'subscription', 'subscription_details', 'expand']);
      assertExpandable(parseExpand(form), {});
      const details = asObject(form.subscription_details, ['subscription_details']) ?? {};
      rejectUnknown(details, DETAIL_FIELDS, ['subscription_details']);
      const customerId = asString(form.customer, ['customer']);
      if (customerId !== undefined) getCustomer(standIn, customerId, 'customer');
      const subscriptionId = asString(form.subscription, ['subscription']);
      if (subscriptionId === undefined) {
        if (customerId === undefined)
          throw invalidRequest('Must provide either `customer`, `customer_account` or `subscription`.', 'customer');
        throw invalidRequest('Nothing to invoice for customer', undefined, 'invoice_no_customer_line_items');
      }
      const { subscription } = getSubscription(standIn, subscriptionId, 'subscription');
      const owner = subscription.customer as string;
      if (customerId !== undefined && customerId !== owner)
        throw invalidRequest(`Customer ${customerId} does not have a subscription with ID ${subscriptionId}`, 'subscription');
      if (!isLive(subscription)) throw noUpcoming(owner);

      const now = customerNow(standIn, owner);
      const plan = planChange(standIn, subscription, parseChangeRequest(details, ['subscription_details']), now);
      let invoice: Invoice;
      if (plan.invoiceNow) {
        invoice = immediateInvoice(standIn, subscription, plan, null);
      } else {
        const after = changedCopy(subscription, plan);
        const period = currentPeriod(after);
        if (after.cancel_at_period_end || (after.cancel_at !== null && after.cancel_at <= period.end)) throw noUpcoming(owner);
        const { interval, interval_count } = after.items.data[0].price.recurring!;
        const next = { start: period.end, end: addInterval(period.end, interval as Interval, interval_count) };
        const invoiceItems = [
          ...pendingItemsOf(standIn, subscription.id).map((record) => record.invoiceItem),
          ...(plan.prorationBehavior === 'create_prorations'
            ? plan.prorations.map((proration) => newProrationItem(standIn, after, proration, now, false))
            : []),
        ];
        invoice = draftInvoice(standIn, after, 'subscription_cycle', next, period.end, { invoiceItems }, null);
        applyInvoiceAmounts(standIn, invoice, { subscription: after });
        invoice.billing_reason = 'upcoming';
        invoice.next_payment_attempt = period.end;
      }
      applyBalancePreview(standIn, invoice);
      // Stripe answers a preview without an id: it is not an invoice (yet).
      const preview: Partial<Invoice> = invoice;
      delete preview.id;
      return ok(preview);
    },
  },
];
