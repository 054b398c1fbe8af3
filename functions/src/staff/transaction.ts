import type { Reference } from 'firebase-admin/database';

/**
 * A transaction on one record whose tentative values stay out of this instance's local view. Its
 * first try runs before the server's value is known and proposes null for "no record"; applied
 * locally, that null would be what a concurrent request on the same instance reads with get() (a
 * pre-order that seems gone) until the server refuses it. The server's answer is the same either way.
 */
export function transact<T>(ref: Reference, update: (current: T | null) => T | null | undefined) {
  return ref.transaction(update, undefined, false);
}
