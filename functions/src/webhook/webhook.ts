/** stripeWebhook: keeps orders true to Stripe. Checkout events settle the order's payment status;
 *  every event about a subscription (its Checkout session, its invoices, the subscription itself)
 *  makes the webhook read the subscription from Stripe and write it to its order; customer and
 *  payment-method events refresh the card summary; refund and dispute events read the charge and
 *  write its refund and disputes to the order it paid for. Deliveries repeat and arrive out of order: each
 *  event is recorded under stripe_events/{eventId} once processed, so a repeat is answered without
 *  work, and every write is a transaction that a stale reading cannot win. Only outcomes no later
 *  delivery could change are recorded; an event whose order (or completed session) is not there
 *  yet is refused (409) so that Stripe delivers it again. An event of another Stripe API version
 *  than the functions speak is refused (500) with an ERROR before anything is read or written. */
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../../src/catalog/stripe-prices';
import { refreshCardSummary } from '../billing/card-summary';
import { syncCharge } from '../billing/charge-sync';
import { applyCheckoutEvent } from './checkout-events';
import { applied, ignored, retry, type EventOutcome } from '../stripe/event-outcome';
import { requireMethod } from '../http/http';
import { syncInvoice } from '../billing/invoice-sync';
import type { MailSettings } from '../mail';
import { syncSubscription } from '../billing/subscription-sync';
import { routeEvent, type EventSubject } from './webhook-events';

export { reportedStatus } from './webhook-events';

/** Admin-only bookkeeping of processed events (closed to browsers by the rules' default). */
export const STRIPE_EVENTS_PATH = 'stripe_events';

export interface WebhookDependencies {
  database: Database;
  stripe: Stripe;
  webhookSecret: string;
  /** Milliseconds since the epoch; the tests pass their own. */
  now?: () => number;
  /** The server mail settings (a guest's claim link); absent, no mail is sent. */
  mail?: MailSettings;
}

/** The webhook's refusals. Stripe retries any non-2xx answer (for up to three days), so this is
 *  only for what must not be acknowledged. */
function refuse(response: Response, status: number, message: string, field?: string): void {
  response.status(status).json({ received: false, error: field ? { message, field } : { message } });
}

/** An endpoint of another API version sends objects of another shape (fields moved or gone), which
 *  the code would misread. Not a bad request but a wrong setting on our side, so an ERROR with a
 *  stack (Error Reporting notifies) and a 5xx (the alert on the webhook's 5xx fires; Stripe retries
 *  for three days and its Dashboard shows the endpoint failing) until the endpoint is replaced
 *  (docs/decisions/0137-webhook-endpoint-by-script.md). */
function refuseOtherVersion(response: Response, event: Stripe.Event): void {
  const message =
    `Stripe sent event ${event.id} at API version ${event.api_version ?? '(none)'}, but stripeWebhook speaks ${STRIPE_API_VERSION}` +
    ` (STRIPE_API_VERSION): nothing was written. Make the endpoint send ${STRIPE_API_VERSION}: run` +
    ` \`npm run stripe:webhook -- --replace\` with the account's key, then store the new signing secret as it says;` +
    ` Stripe keeps retrying this event for up to three days.`;
  logger.error('stripeWebhook: event of another Stripe API version refused:', new Error(message), {
    function: 'stripeWebhook',
    eventId: event.id,
    type: event.type,
    eventApiVersion: event.api_version,
    expectedApiVersion: STRIPE_API_VERSION,
  });
  refuse(response, 500, message);
}

async function processEvent(deps: WebhookDependencies, subject: EventSubject, eventType: string): Promise<EventOutcome> {
  switch (subject.kind) {
    case 'checkout-session':
      return applyCheckoutEvent(deps, subject, eventType);
    case 'subscription': {
      if (subject.subscriptionId === null) return ignored('the invoice belongs to no subscription');
      const synced = await syncSubscription(deps, subject.subscriptionId);
      if (subject.invoiceId === undefined || synced.outcome === 'retry') return synced;
      const invoice = await syncInvoice(deps, subject.invoiceId, eventType);
      return { ...synced, details: { ...synced.details, ...invoice } };
    }
    case 'invoice': {
      const details = await syncInvoice(deps, subject.invoiceId, eventType);
      if (details.invoiceOutcome === 'order-missing') return retry(`order ${String(details.orderId)} does not exist yet`, details);
      return details.invoiceOutcome === 'written' || details.invoiceOutcome === 'stale'
        ? applied(details)
        : ignored(`the invoice was not written (${String(details.invoiceOutcome)})`, details);
    }
    case 'customer':
      return subject.customerId === null
        ? ignored('the payment method belongs to no customer')
        : refreshCardSummary(deps, subject.customerId);
    case 'charge':
      return syncCharge(deps, subject.chargeId);
  }
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

  if (event.api_version !== STRIPE_API_VERSION) {
    refuseOtherVersion(response, event);
    return;
  }

  const route = routeEvent(event);
  if (route === null) {
    logger.info('stripeWebhook: event type not handled', { eventId: event.id, type: event.type });
    response.status(200).json({ received: true });
    return;
  }
  if (!route.ok) {
    // 400 rather than the 500 a database path error would give: nothing was read or written.
    logger.warn('stripeWebhook: event refused', { type: event.type, field: route.field, reason: route.message });
    refuse(response, 400, route.message, route.field);
    return;
  }
  const { eventId, subject } = route;

  const eventRef = deps.database.ref(`${STRIPE_EVENTS_PATH}/${eventId}`);
  if ((await eventRef.child('type').get()).exists()) {
    logger.info('stripeWebhook: event already processed', { eventId, type: event.type });
    response.status(200).json({ received: true });
    return;
  }

  const outcome = await processEvent(deps, subject, event.type);
  if (outcome.outcome === 'retry') {
    // 409, not 5xx: nothing failed on our side, what the event needs is just not there yet. Not
    // recorded, so Stripe's redelivery (any non-2xx is retried) is processed afresh.
    logger.warn('stripeWebhook: event refused until it can be applied', {
      eventId,
      type: event.type,
      reason: outcome.reason,
      ...outcome.details,
    });
    refuse(response, 409, `${outcome.reason[0].toUpperCase()}${outcome.reason.slice(1)}; deliver this event again later.`);
    return;
  }
  // Recorded after the order: a crash in between means a redelivery processes the event again,
  // which is harmless (the status rule and the newest-reading-wins transactions).
  await eventRef.set({
    type: event.type,
    outcome: outcome.outcome,
    ...outcome.details,
    ...(outcome.outcome === 'ignored' ? { reason: outcome.reason } : {}),
    processedAt: ServerValue.TIMESTAMP,
  });
  if (outcome.outcome === 'applied') {
    logger.info('stripeWebhook: event applied', { eventId, type: event.type, ...outcome.details });
  } else {
    logger.warn('stripeWebhook: event ignored', { eventId, type: event.type, reason: outcome.reason, ...outcome.details });
  }
  response.status(200).json({ received: true });
}
