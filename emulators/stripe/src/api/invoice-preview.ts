/** Invoice previews (`POST /v1/invoices/create_preview`): what a subscription change would bill,
 *  nothing stored and no event. */
import { addInterval } from '../resources/billing-periods';
import { customerNow } from '../core/context';
import { getCustomer } from '../resources/customers';
import { invalidRequest } from '../core/errors';
import { applyInvoiceAmounts } from '../resources/invoice-amounts';
import { pendingItemsOf, newProrationItem } from '../resources/invoice-items';
import { applyBalancePreview } from '../resources/invoice-preview';
import { type Invoice, draftInvoice } from '../resources/invoices';
import { rejectUnknown, asObject, asString } from '../core/params';
import { type Route, ok } from './route';
import { readExpand } from './resource-routes';
import { planChange, parseChangeRequest, immediateInvoice, changedCopy } from '../resources/subscription-changes';
import { getSubscription, isLive, currentPeriod } from '../resources/subscriptions';
import type { Interval } from '../core/store';

const DETAIL_FIELDS = ['items', 'proration_behavior', 'proration_date', 'billing_cycle_anchor'];

const noUpcoming = (customerId: string) =>
  invalidRequest(`No upcoming invoices for customer: ${customerId}`, undefined, 'invoice_upcoming_none');

export const invoicePreviewRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/invoices\/create_preview$/,
    handle(standIn, { form }) {
      readExpand(form, ['customer', 'subscription', 'subscription_details', 'expand'], {});
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
