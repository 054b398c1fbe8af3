/**
 * When Checkout Sessions expire: on `POST /v1/checkout/sessions/:id/expire`, or once their time
 * (`sessionNow`: the stand-in's clock, or the later of it and their customer's test clock) passes
 * `expires_at` — noticed when the session is next looked at, when a clock is moved, and by a sweep
 * every few seconds. Each expiry sends `checkout.session.expired` once; an expired session never
 * opens again.
 */
import { newBatch, ownOrigin, sessionNow, type StandIn } from '../core/context';
import type { EventBatch } from '../core/events';
import type { SessionRecord } from '../core/store';

const customerOf = (record: SessionRecord) => (typeof record.session.customer === 'string' ? record.session.customer : null);

/** Closes the (open) session as of `at` and records `checkout.session.expired` in `batch`, or in
 *  a batch of its own that is delivered at once. */
export function expireSession(standIn: StandIn, record: SessionRecord, at: number, batch?: EventBatch) {
  record.session.status = 'expired';
  record.session.url = null;
  standIn.settings.log(`session ${record.session.id} expired`);
  const own = batch ?? newBatch(standIn, ownOrigin(record.apiVersion));
  own.emit('checkout.session.expired', record.session, at);
  if (!batch) void own.deliver();
}

/** True when the open session's time has reached its `expires_at`. */
export function isDue(standIn: StandIn, record: SessionRecord): boolean {
  return record.session.status === 'open' && record.session.expires_at <= sessionNow(standIn, customerOf(record));
}

/** Expires the session when it is due; the event is dated at `expires_at`, when it happened. */
export function expireIfDue(standIn: StandIn, record: SessionRecord, batch?: EventBatch): boolean {
  if (!isDue(standIn, record)) return false;
  expireSession(standIn, record, record.session.expires_at, batch);
  return true;
}

/** Expires every due session, oldest first, at once (before the first await), with its events in
 *  one batch per API version (events carry the version of the request that made the session);
 *  resolves once they are delivered. */
export async function expireDueSessions(standIn: StandIn): Promise<string[]> {
  const batches = new Map<string, EventBatch>();
  const expired: string[] = [];
  for (const record of standIn.store.sessions.values()) {
    if (!isDue(standIn, record)) continue;
    const batch = batches.get(record.apiVersion) ?? newBatch(standIn, ownOrigin(record.apiVersion));
    batches.set(record.apiVersion, batch);
    expireSession(standIn, record, record.session.expires_at, batch);
    expired.push(record.session.id);
  }
  await Promise.all([...batches.values()].map((batch) => batch.deliver()));
  return expired;
}

/** The open sessions of the customers on a test clock that expire by `target`: expired as the
 *  clock passes them, their events in the advance's batch (so they are delivered before the clock
 *  is `ready`). Simplification: they come before the advance's billing events rather than
 *  between them in time order. */
export function expireSessionsOnClock(standIn: StandIn, clockId: string, target: number, batch: EventBatch): void {
  for (const record of standIn.store.sessions.values()) {
    const customerId = customerOf(record);
    if (record.session.status !== 'open' || customerId === null) continue;
    if (standIn.store.customers.get(customerId)?.customer.test_clock !== clockId) continue;
    if (record.session.expires_at <= target) expireSession(standIn, record, record.session.expires_at, batch);
  }
}

/** What a session's time reaching `expires_at` does, brought forward to now (the test control
 *  `POST /__sessions/:id/expire`): `expires_at` becomes the session's now, and it expires as due,
 *  its event delivered before this resolves. Stripe's own expiry, not the merchant's expire call:
 *  the event is dated at the (new) `expires_at`. A session not open is left as it is. */
export async function expireNow(standIn: StandIn, record: SessionRecord): Promise<boolean> {
  if (record.session.status !== 'open') return false;
  record.session.expires_at = Math.min(record.session.expires_at, sessionNow(standIn, customerOf(record)));
  const batch = newBatch(standIn, ownOrigin(record.apiVersion));
  const expired = expireIfDue(standIn, record, batch);
  await batch.deliver();
  return expired;
}
