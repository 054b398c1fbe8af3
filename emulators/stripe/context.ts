/** What every part of the stand-in works with: the store, the webhook dispatcher and the settings,
 *  plus the time as a customer's objects see it (its test clock's). */
import { EventBatch, type EventOrigin } from './events.ts';
import { nowSeconds } from './ids.ts';
import type { Store } from './store.ts';
import type { WebhookDispatcher } from './webhooks.ts';

/** The API version stamped on events when the causing request named none (the SDK's pinned one). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

export interface Settings {
  /** http://host:port once listening: the base of hosted page URLs. */
  baseUrl: string;
  /** Shown on the billing portal and invoices ("Return to Leopard"). */
  businessName: string;
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

/** "Now" for a customer's objects: its test clock's time, or real time when it has no clock. */
export function customerNow(standIn: StandIn, customerId: string | null): number {
  if (customerId === null) return nowSeconds();
  const clockId = standIn.store.customers.get(customerId)?.customer.test_clock;
  const clock = typeof clockId === 'string' ? standIn.store.clocks.get(clockId) : undefined;
  return clock ? clock.now : nowSeconds();
}
