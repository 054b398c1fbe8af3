/**
 * Stripe events: what happened, with the object as it was at that moment (`data.object`) and, for
 * `*.updated`, the fields it changed with their earlier values (`data.previous_attributes`).
 * An operation collects its events in an EventBatch and hands them to the webhook dispatcher in
 * the order they happened.
 */
import { randomId } from './ids';
import type { Store } from './store';
import type { WebhookDispatcher } from './webhooks';
import {
  type WebhookDelivery,
  type EventRecord,
  type EventOrigin,
  type EventType,
  type StripeObject,
  type StripeEvent,
} from './event-data';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stripe's `previous_attributes`: the changed fields with their earlier values, nested objects
 *  narrowed to their changed fields (`{invoice_settings: {default_payment_method: null}}`,
 *  `{items: {data: [...]}}`), arrays given whole, fields that did not exist before as null. */
export function previousAttributes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const now = after[key];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    changed[key] = isPlainObject(old) && isPlainObject(now) ? previousAttributes(old, now) : (old ?? null);
  }
  return changed;
}

export class EventBatch {
  readonly records: EventRecord[] = [];

  constructor(
    private readonly store: Store,
    private readonly webhooks: WebhookDispatcher,
    readonly origin: EventOrigin,
  ) {}

  /** Records an event about `object` as it is now; `at` is its `created` (the test clock's time
   *  for objects on a clock). */
  emit(type: EventType, object: StripeObject, at: number, previous?: Record<string, unknown>): EventRecord {
    const event: StripeEvent = {
      id: randomId('evt_test_', 24),
      object: 'event',
      api_version: this.origin.apiVersion,
      created: at,
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.webhooks.pendingFor(type),
      request: { id: this.origin.requestId, idempotency_key: this.origin.idempotencyKey },
    };
    // Stripe sends events pretty-printed; receivers must verify these exact bytes.
    const record = { event, payload: JSON.stringify(event, null, 2) };
    this.store.addEvent(record);
    this.records.push(record);
    return record;
  }

  /** Applies `change` to `object` and records `type` (an `*.updated`) with what changed; nothing
   *  changed → no event. */
  change<T extends StripeObject>(type: EventType, object: T, at: number, change: (object: T) => void): EventRecord | null {
    const before = structuredClone(object) as unknown as Record<string, unknown>;
    change(object);
    const previous = previousAttributes(before, object as unknown as Record<string, unknown>);
    return Object.keys(previous).length === 0 ? null : this.emit(type, object, at, previous);
  }

  /** Sends this batch's events (in order, after any still queued); resolves when all are settled. */
  deliver(): Promise<WebhookDelivery[]> {
    return this.webhooks.deliverInOrder(this.records);
  }
}
