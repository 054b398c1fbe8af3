/** Sends the mails of payment events, each once: the order confirmation when checkout completes, a
 *  failed payment once per invoice, a plan change once per change (the webhook's transaction that
 *  changed the plan is the only caller). The once is a record under billing_mails/{orderId}/{key}
 *  made in a transaction before sending (closed to browsers by the rules' default): a redelivered
 *  event finds it and sends nothing; a mail that fails is recorded, not retried, as with the claim
 *  link (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). A guest's mails carry a
 *  Manage your plan link minted for that mail (docs/decisions/0117-guest-manage-links.md). */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import { isServiceId, type ServiceId } from '../../../src/catalog/services';
import type { InvoiceMoney } from '../../../src/catalog/invoice-money';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import { paths } from '../../../src/config/paths';
import { isClosedOrder, orderPath } from '../../../src/data/orders';
import { declaredTradeIn } from '../../../src/data/trade-in';
import { normaliseEmail } from '../mail/email';
import type { OutcomeDetails } from '../stripe/event-outcome';
import {
  closedAccountRefundMail,
  orderCardUrl,
  managePlanUrl,
  orderConfirmationMail,
  paymentFailedMail,
  planChangeMail,
  sendMail,
  siteLink,
  type MailContent,
  type MailOutcome,
  type MailSettings,
} from '../mail';
import { mintManageLink } from './manage-links';
import { orderConfiguration } from './order-plan';
import { isStripeId } from '../stripe/stripe-ids';
import { stripeInvoiceMoney } from '../stripe/invoice-totals';
import { unlessMissing } from '../stripe/stripe-errors';

export const BILLING_MAILS_PATH = 'billing_mails';

export interface BillingMailDependencies {
  database: Database;
  mail?: MailSettings;
  now?: () => number;
}

type Order = Record<string, unknown>;

/** Claims the mail `key` of the order (true when this caller is the first), then sends it and
 *  records what became of it. */
async function sendOnce(
  deps: BillingMailDependencies & { mail: MailSettings },
  orderId: string,
  key: string,
  to: string,
  content: () => Promise<MailContent>,
): Promise<MailOutcome['status'] | 'already-sent'> {
  const ref = deps.database.ref(`${BILLING_MAILS_PATH}/${orderId}/${key}`);
  const now = (deps.now ?? Date.now)();
  const claimed = await ref.transaction(
    (current: unknown) => (current === null ? { claimedAt: now, status: 'sending' } : undefined),
    undefined,
    false,
  );
  if (!claimed.committed || (claimed.snapshot.val() as { claimedAt?: number } | null)?.claimedAt !== now) return 'already-sent';
  const outcome = await sendMail(deps.mail, { to, ...(await content()) });
  await ref.child('status').set(outcome.status);
  if (outcome.status !== 'sent') logger.warn('billing mail not sent', { orderId, key, status: outcome.status });
  return outcome.status;
}

/** The address a mail about the order goes to: what Stripe has for the buyer. None for a deleted
 *  account's order, whatever the event says: the person is gone, and a mail would mint a manage
 *  link to an order nobody may open (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
function recipientOf(order: Order, fallback?: string | null): string | null {
  if (isClosedOrder(order)) return null;
  return normaliseEmail(order.customerEmail) ?? normaliseEmail(fallback);
}

function serviceOf(order: Order): ServiceId {
  return isServiceId(order.product) ? order.product : 'websites';
}

/** Where the buyer manages the plan: the order's card when the order has an account, else a link
 *  minted for this mail (null when the order has no Stripe customer yet). */
async function manageUrl(deps: BillingMailDependencies & { mail: MailSettings }, orderId: string, order: Order): Promise<string | null> {
  if (typeof order.buyer === 'string' && order.buyer !== '') return orderCardUrl(deps.mail.siteUrl, orderId);
  if (!isStripeId('customer', order.customerId)) return null;
  const token = await mintManageLink(deps.database, { orderId, customerId: order.customerId, now: (deps.now ?? Date.now)() });
  return managePlanUrl(deps.mail.siteUrl, token);
}

async function readOrder(database: Database, orderId: string): Promise<Order | null> {
  return (await database.ref(orderPath(orderId)).get()).val() as Order | null;
}

/** The order confirmation, once, when checkout completes (after the subscription is on the order). */
export async function mailOrderConfirmation(
  deps: BillingMailDependencies,
  {
    orderId,
    session,
  }: {
    orderId: string;
    session: Pick<Stripe.Checkout.Session, 'customer_details' | 'customer_email'> &
      Partial<Pick<Stripe.Checkout.Session, 'amount_total' | 'total_details'>>;
  },
): Promise<OutcomeDetails> {
  const { mail } = deps;
  if (!mail) return {};
  const order = await readOrder(deps.database, orderId);
  const configuration = order === null ? null : orderConfiguration(order);
  if (order === null || configuration === null) return { confirmationMail: 'no-plan' };
  const to = recipientOf(order, session.customer_details?.email ?? session.customer_email);
  if (to === null) return { confirmationMail: 'no-email' };
  const withMail = { ...deps, mail };
  const status = await sendOnce(withMail, orderId, 'confirmation', to, async () => {
    const url = await manageUrl(withMail, orderId, order);
    const amount = typeof order.amountPerPeriod === 'number' ? order.amountPerPeriod : Number(order.productAmount) || 0;
    // No next payment when the period ends with the term (a yearly plan) or the plan ends earlier.
    const { currentPeriodEnd, termEndsAt } = order;
    const next =
      typeof currentPeriodEnd === 'number' &&
      order.cancelAt === undefined &&
      (typeof termEndsAt !== 'number' || currentPeriodEnd < termEndsAt)
        ? currentPeriodEnd
        : null;
    return orderConfirmationMail({
      service: serviceOf(order),
      configuration,
      amountPerPeriodCents: amount,
      // The session's own figures: what the buyer paid, not the catalogue's price.
      charged:
        typeof session.amount_total === 'number'
          ? {
              totalCents: session.amount_total,
              discountCents: session.total_details?.amount_discount ?? 0,
              taxCents: session.total_details?.amount_tax ?? 0,
            }
          : null,
      nextPaymentAt: next,
      manageUrl: url ?? orderCardUrl(mail.siteUrl, orderId),
      guest: url !== null && typeof order.buyer !== 'string',
      tradeIn: declaredTradeIn(order),
    });
  });
  return { confirmationMail: status };
}

/** A failed payment of an invoice, once per invoice: the link to update the card. */
export async function mailPaymentFailed(
  deps: BillingMailDependencies,
  { orderId, invoice }: { orderId: string; invoice: Pick<Stripe.Invoice, 'id' | 'amount_due' | 'hosted_invoice_url' | 'customer_email'> },
): Promise<OutcomeDetails> {
  const { mail } = deps;
  if (!mail || !invoice.id) return {};
  const order = await readOrder(deps.database, orderId);
  if (order === null) return {};
  const to = recipientOf(order, invoice.customer_email);
  if (to === null) return { paymentFailedMail: 'no-email' };
  const withMail = { ...deps, mail };
  const status = await sendOnce(withMail, orderId, `payment-failed-${invoice.id}`, to, async () => {
    const signedIn = typeof order.buyer === 'string' && order.buyer !== '';
    const url = signedIn ? siteLink(mail.siteUrl, paths.paymentMethods) : await manageUrl(withMail, orderId, order);
    return paymentFailedMail({
      service: serviceOf(order),
      configuration: orderConfiguration(order),
      amountDueCents: invoice.amount_due,
      updateCardUrl: url ?? orderCardUrl(mail.siteUrl, orderId),
      invoiceUrl: invoice.hosted_invoice_url ?? null,
    });
  });
  return { paymentFailedMail: status };
}

/** What the change's proration invoice did: the subscription's latest invoice, when a change made
 *  it (`always_invoice` bills a change at once; docs/decisions/0114-plan-changes-and-proration.md). */
async function changeBilled(stripe: Stripe, latestInvoice: string | null): Promise<InvoiceMoney | null> {
  if (latestInvoice === null) return null;
  const invoice = await unlessMissing(stripe.invoices.retrieve(latestInvoice));
  return invoice?.billing_reason === 'subscription_update' ? stripeInvoiceMoney(invoice) : null;
}

/** A plan change the webhook has just written to the order. */
export async function mailPlanChange(
  deps: BillingMailDependencies & { stripe: Stripe },
  {
    orderId,
    order,
    from,
    to,
    latestInvoice,
  }: { orderId: string; order: Order; from: PlanConfiguration; to: PlanConfiguration; latestInvoice: string | null },
): Promise<MailOutcome['status'] | 'already-sent' | 'no-email' | null> {
  const { mail } = deps;
  if (!mail) return null;
  const recipient = recipientOf(order);
  if (recipient === null) return 'no-email';
  const withMail = { ...deps, mail };
  const key = `plan-change-${(deps.now ?? Date.now)()}`;
  return sendOnce(withMail, orderId, key, recipient, async () => {
    const url = await manageUrl(withMail, orderId, order);
    return planChangeMail({
      service: serviceOf(order),
      from,
      to,
      amountPerPeriodCents: typeof order.amountPerPeriod === 'number' ? order.amountPerPeriod : 0,
      billed: await changeBilled(deps.stripe, latestInvoice),
      manageUrl: url ?? orderCardUrl(mail.siteUrl, orderId),
    });
  });
}

/** A checkout paid for an account being closed, refunded and canceled by the webhook
 *  (closed-account-checkout.ts): told once, to the address given at checkout. */
export async function mailClosedAccountRefund(
  deps: BillingMailDependencies,
  { orderId, to, refundedCents }: { orderId: string; to: string; refundedCents: number | null },
): Promise<MailOutcome['status'] | 'already-sent' | null> {
  const { mail } = deps;
  if (!mail) return null;
  return sendOnce({ ...deps, mail }, orderId, 'closed-account-refund', to, async () =>
    closedAccountRefundMail({ siteUrl: mail.siteUrl, refundedCents }),
  );
}
