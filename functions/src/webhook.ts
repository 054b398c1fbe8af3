/** stripeWebhook: settles orders from Stripe's signed Checkout events. Deliveries repeat and
 *  arrive out of order; each event is applied through nextPaymentStatus in a transaction and
 *  recorded under stripe_events/{eventId}, so a repeat is answered without touching anything. */
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { requireMethod } from './http';
import { ORDERS_PATH } from './orders';
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

export type Settlement =
  | { outcome: 'applied'; orderId: string; from: PaymentStatus; to: PaymentStatus }
  | { outcome: 'ignored'; orderId: string | null; reason: string };

/** Applies what the session's event reports to its order, if the order is really this session's. */
async function settle(database: Database, session: Stripe.Checkout.Session, reported: PaymentStatus): Promise<Settlement> {
  const orderId = session.metadata?.orderId;
  if (!orderId || /[.#$[\]/]/.test(orderId)) return { outcome: 'ignored', orderId: null, reason: 'the session names no order' };
  const orderRef = database.ref(`${ORDERS_PATH}/${orderId}`);
  // stripeId is written with the order and never changes, so one read settles whose order it is.
  const stripeId = (await orderRef.child('stripeId').get()).val() as unknown;
  if (stripeId === null) return { outcome: 'ignored', orderId, reason: 'no such order' };
  if (stripeId !== session.id) return { outcome: 'ignored', orderId, reason: `the order belongs to session ${String(stripeId)}` };

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

export async function handleWebhook(request: Request, response: Response, deps: WebhookDependencies): Promise<void> {
  if (!requireMethod(request, response, 'POST')) return;

  const signature = request.get('Stripe-Signature');
  if (!signature) {
    response.status(400).json({ received: false, error: { message: 'Missing Stripe-Signature header.' } });
    return;
  }
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(request.rawBody, signature, deps.webhookSecret);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn('stripeWebhook: signature refused', { reason: message });
    response.status(400).json({ received: false, error: { message: `Webhook signature verification failed: ${message}` } });
    return;
  }

  const reported = reportedStatus(event);
  if (reported === null) {
    logger.info('stripeWebhook: event type not handled', { eventId: event.id, type: event.type });
    response.status(200).json({ received: true });
    return;
  }

  const eventRef = deps.database.ref(`${STRIPE_EVENTS_PATH}/${event.id}`);
  if ((await eventRef.child('type').get()).exists()) {
    logger.info('stripeWebhook: event already processed', { eventId: event.id, type: event.type });
    response.status(200).json({ received: true });
    return;
  }

  const session = event.data.object as Stripe.Checkout.Session;
  const settlement = await settle(deps.database, session, reported);
  // Recorded after the status: a crash in between means a redelivery runs settle() again, which
  // nextPaymentStatus makes harmless.
  await eventRef.set({
    type: event.type,
    sessionId: session.id,
    orderId: settlement.orderId,
    outcome: settlement.outcome,
    ...(settlement.outcome === 'applied' ? { status: settlement.to } : { reason: settlement.reason }),
    processedAt: ServerValue.TIMESTAMP,
  });
  if (settlement.outcome === 'applied') {
    logger.info('stripeWebhook: order settled', { eventId: event.id, type: event.type, orderId: settlement.orderId, from: settlement.from, to: settlement.to });
  } else {
    logger.warn('stripeWebhook: event ignored', { eventId: event.id, type: event.type, sessionId: session.id, orderId: settlement.orderId, reason: settlement.reason });
  }
  response.status(200).json({ received: true });
}
