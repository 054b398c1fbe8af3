/** What every part of the stand-in works with: the store, the webhook dispatcher and the settings,
 *  plus the time as each object sees it: the stand-in's own clock, a customer's test clock, or
 *  (for a Checkout session) the later of the two. */
import { EventBatch } from './events';
import { type EventOrigin } from './event-data';
import { nowSeconds } from './ids';
import type { Store } from './store';
import type { WebhookDispatcher } from './webhooks';

/** The API version stamped on events when the causing request named none (the SDK's pinned one). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

export interface Settings {
  /** http://host:port once listening: the base of hosted page URLs. */
  baseUrl: string;
  /** Shown on the billing portal and invoices ("Return to Leopard"). */
  businessName: string;
  /** The account's Terms of Service URL (Dashboard → Settings → Business → Public details); null
   *  on a new account, which Stripe refuses Checkout's Terms consent for. */
  termsOfServiceUrl: string | null;
  log: (message: string) => void;
}

export interface StandIn {
  store: Store;
  webhooks: WebhookDispatcher;
  settings: Settings;
}

/** Events caused by the stand-in itself (hosted pages, test clocks), not by an API request. */
export const ownOrigin = (apiVersion = DEFAULT_API_VERSION): EventOrigin => ({ apiVersion, requestId: null, idempotencyKey: null });

export function newBatch(standIn: StandIn, origin: EventOrigin = ownOrigin()): EventBatch {
  return new EventBatch(standIn.store, standIn.webhooks, origin);
}

/** The stand-in's own time, for objects on no test clock: real time, plus however far tests have
 *  moved it forward (`POST /__clock/advance`). It never goes back. */
export function standInNow(standIn: StandIn): number {
  return nowSeconds() + standIn.store.clockOffsetSeconds;
}

/** "Now" for a customer's objects: its test clock's time, or the stand-in's when it has no clock. */
export function customerNow(standIn: StandIn, customerId: string | null): number {
  if (customerId === null) return standInNow(standIn);
  const clockId = standIn.store.customers.get(customerId)?.customer.test_clock;
  const clock = typeof clockId === 'string' ? standIn.store.clocks.get(clockId) : undefined;
  return clock ? clock.now : standInNow(standIn);
}

/** "Now" for a Checkout session: Stripe expires sessions in real time, so the stand-in's clock
 *  always counts; a session made for a customer also follows that customer's test clock, so a test
 *  can expire its own session by advancing its own clock without touching anyone else's. */
export function sessionNow(standIn: StandIn, customerId: string | null): number {
  return Math.max(standInNow(standIn), customerNow(standIn, customerId));
}
