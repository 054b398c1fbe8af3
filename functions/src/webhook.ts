/** stripeWebhook: settles orders from Stripe's signed Checkout events. Deliveries repeat and
 *  arrive out of order; each event is applied through nextPaymentStatus in a transaction and
 *  recorded under stripe_events/{eventId}, so a repeat is answered without touching anything.
 *  Only outcomes no later delivery could change are recorded; an event about an order that does
 *  not exist yet is refused (409) so that Stripe delivers it again. */
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { requireMethod } from './http';
import { isOrderId, ORDERS_PATH } from './orders';
import { isPaymentStatus, nextPaymentStatus, type PaymentStatus } from './payment-status';

/** Admin-only bookkeeping of processed events (closed to browsers by the rules' default). */
export const STRIPE_EVENTS_PATH = 'stripe_events';

export interface WebhookDependencies {
  database: Database;
  stripe: Stripe;
  webhookSecret: string;
}

/** The payment status a Checkout event reports, or null for events that do not concern orders. */
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

/** Stripe's ids: a prefix, then letters, digits and underscores (evt_1Nv…, cs_test_a1B…). Stricter
 *  than Stripe promises, on purpose: the event id becomes a database key, where "" would name
 *  stripe_events itself and `.#$[]/`, control characters or 768 bytes make the write throw. */
const EVENT_ID_PATTERN = /^evt_[A-Za-z0-9_]{1,255}$/;
const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]{1,255}$/;

/** The parts of a Checkout event the webhook reads, checked before anything is read or written. */
export interface CheckoutEvent {
  eventId: string;
  sessionId: string;
  /** null when the session names no order (e.g. made in the Dashboard, not by stripeCheckout). */
  orderId: string | null;
}

export type CheckoutEventCheck = { ok: true; event: CheckoutEvent } | { ok: false; field: string; message: string };

/** Refuses what no delivery could ever process: ids Stripe and stripeCheckout never make. */
export function checkCheckoutEvent(event: Pick<Stripe.Event, 'id' | 'data'>): CheckoutEventCheck {
  const { id: eventId } = event;
  if (typeof eventId !== 'string' || !EVENT_ID_PATTERN.test(eventId)) {
    return { ok: false, field: 'id', message: 'The event id is not a Stripe event id (evt_ and up to 255 letters, digits or underscores).' };
  }
  const session = event.data?.object as Partial<Stripe.Checkout.Session> | undefined;
  const sessionId = typeof session === 'object' && session !== null ? session.id : undefined;
  if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) {
    return { ok: false, field: 'data.object.id', message: 'The event carries no Checkout session id (cs_ and up to 255 letters, digits or underscores).' };
  }
  const orderId = (session?.metadata as Record<string, unknown> | null | undefined)?.orderId;
  if (orderId === undefined) return { ok: true, event: { eventId, sessionId, orderId: null } };
  if (!isOrderId(orderId)) {
    return { ok: false, field: 'data.object.metadata.orderId', message: "The session's metadata.orderId is not an order id (a 20-character database push id)." };
  }
  return { ok: true, event: { eventId, sessionId, orderId } };
}

export type Settlement =
  | { outcome: 'applied'; orderId: string; from: PaymentStatus; to: PaymentStatus }
  | { outcome: 'ignored'; orderId: string | null; reason: string }
  /** Not recorded: the order may still be written (stripeCheckout writes it after opening the
   *  session), and a redelivery must then be able to settle it. */
  | { outcome: 'retry'; orderId: string };

/** Applies what the session's event reports to its order, if the order is really this session's. */
async function settle(database: Database, { sessionId, orderId }: CheckoutEvent, reported: PaymentStatus): Promise<Settlement> {
  if (orderId === null) return { outcome: 'ignored', orderId: null, reason: 'the session names no order' };
  const orderRef = database.ref(`${ORDERS_PATH}/${orderId}`);
  // stripeId is written with the order and never changes, so one read settles whose order it is.
  const stripeId = (await orderRef.child('stripeId').get()).val() as unknown;
  if (stripeId === null) return { outcome: 'retry', orderId };
  if (stripeId !== sessionId) return { outcome: 'ignored', orderId, reason: `the order belongs to session ${String(stripeId)}` };

  let from: PaymentStatus | null = null;
  const result = await orderRef.child('payment_status').transaction((current: unknown) => {
    from = null;
    // null can be the SDK's first guess before it has the stored value; writing null back
    // (a no-op if it really is empty) makes the server answer with what is stored.
    if (current === null) return null;
    if (!isPaymentStatus(current)) return undefined;
    from = current;
    return nextPaymentStatus(current, reported);
  });
  const to = result.snapshot.val() as unknown;
  if (!result.committed || from === null || !isPaymentStatus(to)) {
    return { outcome: 'ignored', orderId, reason: `the order's payment_status is ${JSON.stringify(to)}` };
  }
  return { outcome: 'applied', orderId, from, to };
}

/** The webhook's refusals. Stripe retries any non-2xx answer (for up to three days), so this is
 *  only for what must not be acknowledged. */
function refuse(response: Response, status: number, message: string, field?: string): void {
  response.status(status).json({ received: false, error: field ? { message, field } : { message } });
}

export async function handleWebhook(request: Request, response: Response, deps: WebhookDependencies): Promise<void> {
  if (!requireMethod(request, response, 'POST')) return;

  const signature = request.get('Stripe-Signature');
  if (!signature) {
    refuse(response, 400, 'Missing Stripe-Signature header.');
    return;
  }
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(request.rawBody, signature, deps.webhookSecret);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn('stripeWebhook: signature refused', { reason: message });
    refuse(response, 400, `Webhook signature verification failed: ${message}`);
    return;
  }

  const reported = reportedStatus(event);
  if (reported === null) {
    logger.info('stripeWebhook: event type not handled', { eventId: event.id, type: event.type });
    response.status(200).json({ received: true });
    return;
  }

  const check = checkCheckoutEvent(event);
  if (!check.ok) {
    // 400 rather than the 500 a database path error would give: nothing was read or written.
    logger.warn('stripeWebhook: event refused', { type: event.type, field: check.field, reason: check.message });
    refuse(response, 400, check.message, check.field);
    return;
  }
  const { eventId, sessionId } = check.event;

  const eventRef = deps.database.ref(`${STRIPE_EVENTS_PATH}/${eventId}`);
  if ((await eventRef.child('type').get()).exists()) {
    logger.info('stripeWebhook: event already processed', { eventId, type: event.type });
    response.status(200).json({ received: true });
    return;
  }

  const settlement = await settle(deps.database, check.event, reported);
  if (settlement.outcome === 'retry') {
    // 409, not 5xx: nothing failed on our side, the order is just not there yet. Not recorded,
    // so Stripe's redelivery (any non-2xx is retried) is processed afresh.
    logger.warn('stripeWebhook: event refused until its order exists', { eventId, type: event.type, sessionId, orderId: settlement.orderId });
    refuse(response, 409, `Order ${settlement.orderId} does not exist yet; deliver this event again later.`);
    return;
  }
  // Recorded after the status: a crash in between means a redelivery runs settle() again, which
  // nextPaymentStatus makes harmless.
  await eventRef.set({
    type: event.type,
    sessionId,
    orderId: settlement.orderId,
    outcome: settlement.outcome,
    ...(settlement.outcome === 'applied' ? { status: settlement.to } : { reason: settlement.reason }),
    processedAt: ServerValue.TIMESTAMP,
  });
  if (settlement.outcome === 'applied') {
    logger.info('stripeWebhook: order settled', { eventId, type: event.type, orderId: settlement.orderId, from: settlement.from, to: settlement.to });
  } else {
    logger.warn('stripeWebhook: event ignored', { eventId, type: event.type, sessionId, orderId: settlement.orderId, reason: settlement.reason });
  }
  response.status(200).json({ received: true });
}
