/** Which events stripeWebhook acts on, what each one is about, and the checks that come before
 *  anything is read or written: signed is not well-formed
 *  (docs/decisions/0070-webhook-input-checks-and-redelivery.md). Pure. */
import type Stripe from 'stripe';
import { isOrderId } from '../../../src/data/orders';
import type { PaymentStatus } from '../billing/payment-status';
import { idOf, isStripeId } from '../stripe/stripe-ids';

/** What an event is about: the webhook refreshes that from Stripe, never from the event's copy,
 *  except a Checkout session's payment status, which the event itself reports. */
export type EventSubject =
  | {
      kind: 'checkout-session';
      sessionId: string;
      /** null when the session names no order (e.g. made in the Dashboard, not by stripeCheckout). */
      orderId: string | null;
      reported: PaymentStatus;
      session: Stripe.Checkout.Session;
    }
  /** subscriptionId null: an invoice of no subscription, nothing of ours. invoiceId: an invoice
   *  event's invoice, which goes on the order too (invoice-sync.ts). */
  | { kind: 'subscription'; subscriptionId: string | null; invoiceId?: string }
  /** customerId null: a payment method attached to no customer. */
  | { kind: 'customer'; customerId: string | null }
  /** An invoice's own change (created, finalized, updated, voided, uncollectible): only the invoice
   *  is read and written to its order (invoice-sync.ts); the payments that change the subscription
   *  come as the subscription-kind invoice events. */
  | { kind: 'invoice'; invoiceId: string }
  /** A refund or dispute of this charge (charge-sync.ts). */
  | { kind: 'charge'; chargeId: string };

export type EventRoute = { ok: true; eventId: string; subject: EventSubject } | { ok: false; field: string; message: string };

/** The payment status a Checkout event reports, or null for events that are not Checkout's. */
export function reportedStatus(event: Pick<Stripe.Event, 'type' | 'data'>): PaymentStatus | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods (bank debits) complete unpaid and settle by a later async event.
      return (event.data.object as Stripe.Checkout.Session).payment_status === 'paid' ? 'paid' : 'unpaid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

/** A payment: the subscription is read again, then the invoice. */
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);
/** Every other change of an invoice's number, amounts or status: only the invoice is read, so the
 *  order's invoice list stays live (docs/decisions/0114-plan-changes-and-proration.md). */
const INVOICE_ONLY_EVENTS = new Set([
  'invoice.created',
  'invoice.finalized',
  'invoice.updated',
  'invoice.voided',
  'invoice.marked_uncollectible',
]);
const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const CUSTOMER_EVENTS = new Set(['customer.updated']);
const PAYMENT_METHOD_EVENTS = new Set(['payment_method.attached']);
/** Refunds and disputes are made in Stripe's Dashboard (docs/decisions/0108-staff-console.md). */
const CHARGE_EVENTS = new Set(['charge.refunded']);
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.closed']);

/** The event types stripeWebhook acts on, and the one list of them: the webhook ignores every
 *  other type, and README's step 9 of Deploying (the endpoint in Stripe's Dashboard must send
 *  exactly these) is checked against it by webhook.test.ts. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  ...INVOICE_EVENTS,
  ...INVOICE_ONLY_EVENTS,
  ...SUBSCRIPTION_EVENTS,
  ...CUSTOMER_EVENTS,
  ...PAYMENT_METHOD_EVENTS,
  ...CHARGE_EVENTS,
  ...DISPUTE_EVENTS,
] as const;

const HANDLED: ReadonlySet<string> = new Set(HANDLED_EVENT_TYPES);

function refuse(field: string, message: string): EventRoute {
  return { ok: false, field, message };
}

const ID_RULE = 'and up to 255 letters, digits or underscores';

/** The event's subject, checked; null for event types the webhook does not handle. Refuses what
 *  no delivery could ever process: ids Stripe and stripeCheckout never make. */
export function routeEvent(event: Pick<Stripe.Event, 'id' | 'type' | 'data'>): EventRoute | null {
  if (!HANDLED.has(event.type)) return null;
  const reported = reportedStatus(event);

  const { id: eventId } = event;
  if (!isStripeId('event', eventId)) return refuse('id', `The event id is not a Stripe event id (evt_ ${ID_RULE}).`);
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  if (typeof object !== 'object' || object === null) return refuse('data.object', 'The event carries no object.');

  if (reported !== null) {
    const session = object as unknown as Stripe.Checkout.Session;
    if (!isStripeId('checkoutSession', session.id))
      return refuse('data.object.id', `The event carries no Checkout session id (cs_ ${ID_RULE}).`);
    const orderId = (session.metadata as Record<string, unknown> | null | undefined)?.orderId;
    if (orderId !== undefined && !isOrderId(orderId)) {
      return refuse('data.object.metadata.orderId', "The session's metadata.orderId is not an order id (a 20-character database push id).");
    }
    const subscriptionId = idOf(session.subscription as string | { id: string } | null | undefined);
    if (subscriptionId !== null && !isStripeId('subscription', subscriptionId)) {
      return refuse('data.object.subscription', `The session's subscription is not a subscription id (sub_ ${ID_RULE}).`);
    }
    return { ok: true, eventId, subject: { kind: 'checkout-session', sessionId: session.id, orderId: orderId ?? null, reported, session } };
  }

  if (INVOICE_EVENTS.has(event.type)) {
    const invoice = object as unknown as Stripe.Invoice;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
    if (subscriptionId !== null && !isStripeId('subscription', subscriptionId)) {
      return refuse(
        'data.object.parent.subscription_details.subscription',
        `The invoice's subscription is not a subscription id (sub_ ${ID_RULE}).`,
      );
    }
    if (!isStripeId('invoice', invoice.id)) return refuse('data.object.id', `The event carries no invoice id (in_ ${ID_RULE}).`);
    return { ok: true, eventId, subject: { kind: 'subscription', subscriptionId, invoiceId: invoice.id } };
  }

  if (INVOICE_ONLY_EVENTS.has(event.type)) {
    if (!isStripeId('invoice', object.id)) return refuse('data.object.id', `The event carries no invoice id (in_ ${ID_RULE}).`);
    return { ok: true, eventId, subject: { kind: 'invoice', invoiceId: object.id } };
  }

  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    if (!isStripeId('subscription', object.id)) return refuse('data.object.id', `The event carries no subscription id (sub_ ${ID_RULE}).`);
    return { ok: true, eventId, subject: { kind: 'subscription', subscriptionId: object.id } };
  }

  if (CUSTOMER_EVENTS.has(event.type)) {
    if (!isStripeId('customer', object.id)) return refuse('data.object.id', `The event carries no customer id (cus_ ${ID_RULE}).`);
    return { ok: true, eventId, subject: { kind: 'customer', customerId: object.id } };
  }

  if (CHARGE_EVENTS.has(event.type)) {
    if (!isStripeId('charge', object.id)) return refuse('data.object.id', `The event carries no charge id (ch_ ${ID_RULE}).`);
    return { ok: true, eventId, subject: { kind: 'charge', chargeId: object.id } };
  }

  if (DISPUTE_EVENTS.has(event.type)) {
    if (!isStripeId('dispute', object.id)) return refuse('data.object.id', `The event carries no dispute id (dp_ ${ID_RULE}).`);
    const chargeId = idOf(object.charge as string | { id: string } | null | undefined);
    if (!isStripeId('charge', chargeId)) return refuse('data.object.charge', `The dispute's charge is not a charge id (ch_ ${ID_RULE}).`);
    return { ok: true, eventId, subject: { kind: 'charge', chargeId } };
  }

  // payment_method.attached: the customer it was attached to.
  const customerId = idOf(object.customer as string | { id: string } | null | undefined);
  if (customerId !== null && !isStripeId('customer', customerId))
    return refuse('data.object.customer', `The payment method's customer is not a customer id (cus_ ${ID_RULE}).`);
  return { ok: true, eventId, subject: { kind: 'customer', customerId } };
}
