/**
 * The shapes of Stripe's events and of their delivery attempts: what the store keeps, the events
 * module makes and the webhook dispatcher sends, so none of the three needs another for its types.
 */
import type Stripe from 'stripe';

export type EventType = Stripe.Event.Type;

/** Any Stripe API object. */
export interface StripeObject {
  id: string;
  object: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: EventType;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface EventRecord {
  event: StripeEvent;
  /** The exact bytes delivered, so a resend is byte-identical (only the signature's time changes). */
  payload: string;
}

/** What caused the events: an API request (its id and idempotency key show in `event.request`),
 *  or the stand-in itself (a hosted page, a test clock) with null ids. */
export interface EventOrigin {
  apiVersion: string;
  requestId: string | null;
  idempotencyKey: string | null;
}

/** One attempt to deliver an event to the webhook URL. */
export interface WebhookDelivery {
  eventId: string;
  eventType: EventType;
  url: string;
  /** 1 for the first try of this delivery, 2.. for its retries. */
  attempt: number;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  ok: boolean;
  error?: string;
  /** The receiver's answer, cut to 2,000 characters (handy when a test fails). */
  responseBody?: string;
  at: string;
  durationMs: number;
}
