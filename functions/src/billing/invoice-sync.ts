/** Keeps all_orders/{orderId}/invoices/{invoiceId} true to Stripe: every invoice.* event makes the
 *  webhook read the invoice from Stripe (never the event's copy, which may be stale) and write it to
 *  the order whose subscription it bills. Deliveries repeat and race, so the write is a transaction
 *  that refuses a reading older than the stored one, as for subscriptions
 *  (docs/decisions/0076-subscriptions-follow-stripe.md, docs/decisions/0114-plan-changes-and-proration.md).
 *  A failed payment also mails the buyer, once per invoice. */
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { isInvoiceStatus, isOrderId, type OrderInvoiceRecord, orderPath } from '../../../src/data/orders';
import { mailPaymentFailed } from './billing-mail';
import type { OutcomeDetails } from '../stripe/event-outcome';
import type { MailSettings } from '../mail';
import { idOf } from '../stripe/stripe-ids';
import { invoiceTax } from '../stripe/invoice-totals';
import { unlessMissing } from '../stripe/stripe-errors';

const SECOND_MS = 1000;

export interface InvoiceSyncDependencies {
  database: Database;
  stripe: Stripe;
  now?: () => number;
  mail?: MailSettings;
}

const seconds = (value: number | null | undefined) => (typeof value === 'number' ? value * SECOND_MS : null);

/** The order's record of an invoice as Stripe reports it (cents; times in ms). */
export function invoiceRecord(invoice: Stripe.Invoice, fetchedAt: number): OrderInvoiceRecord {
  const line = invoice.lines?.data?.[0];
  return {
    number: invoice.number ?? null,
    createdAt: invoice.created * SECOND_MS,
    total: invoice.total,
    tax: invoiceTax(invoice),
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    status: isInvoiceStatus(invoice.status) ? invoice.status : 'draft',
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    billingReason: invoice.billing_reason ?? null,
    // The period billed: the lines' (a subscription invoice bills its lines' period, while the
    // invoice's own period_start/end is the one before it).
    periodStart: seconds(line?.period?.start ?? invoice.period_start),
    periodEnd: seconds(line?.period?.end ?? invoice.period_end),
    fetchedAt,
  };
}

/** The order an invoice's subscription names in its metadata (copied onto the invoice, else read). */
async function orderIdOf(stripe: Stripe, invoice: Stripe.Invoice, subscriptionId: string): Promise<string | null> {
  const fromInvoice = invoice.parent?.subscription_details?.metadata?.orderId;
  if (isOrderId(fromInvoice)) return fromInvoice;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const orderId = subscription.metadata?.orderId;
  return isOrderId(orderId) ? orderId : null;
}

/** Reads the invoice and writes it to its order; answers facts for the event's record. Called
 *  after the subscription's sync, which is what makes an order name its subscription. */
export async function syncInvoice(deps: InvoiceSyncDependencies, invoiceId: string, eventType: string): Promise<OutcomeDetails> {
  const fetchedAt = (deps.now ?? Date.now)();
  const invoice = await unlessMissing(deps.stripe.invoices.retrieve(invoiceId));
  if (invoice === null) return { invoiceOutcome: 'unknown' };
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
  if (subscriptionId === null) return { invoiceOutcome: 'no-subscription' };
  const orderId = await orderIdOf(deps.stripe, invoice, subscriptionId);
  if (orderId === null) return { invoiceOutcome: 'no-order' };
  const orderRef = deps.database.ref(orderPath(orderId));
  // Only the order that names the subscription (the subscription's sync proved it is the order's).
  // An order not written yet (stripeCheckout writes it after opening the session) is waited for.
  const named = (await orderRef.child('subscriptionId').get()).val() as unknown;
  if (named === null && !(await orderRef.child('stripeId').get()).exists()) return { invoiceOutcome: 'order-missing', orderId };
  if (named !== subscriptionId) return { invoiceOutcome: 'not-the-order-s' };

  const record = invoiceRecord(invoice, fetchedAt);
  let stale = false;
  await orderRef.child(`invoices/${invoiceId}`).transaction(
    (current: Partial<OrderInvoiceRecord> | null) => {
      stale = typeof current?.fetchedAt === 'number' && current.fetchedAt > fetchedAt;
      return stale ? undefined : record;
    },
    undefined,
    false,
  );
  const details: OutcomeDetails = { invoiceId, invoiceOutcome: stale ? 'stale' : 'written', invoiceStatus: record.status };
  if (eventType === 'invoice.payment_failed' && invoice.status === 'open') {
    return { ...details, ...(await mailPaymentFailed(deps, { orderId, invoice })) };
  }
  return details;
}
