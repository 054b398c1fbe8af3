/**
 * customer_index/<uid> as derived from users/<uid>: the one line the console's customer list reads
 * per account (CustomerIndexEntry of src/data/list-index.ts), kept by the customerIndex trigger, the
 * list-index backfill and the demo seed alike (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
 * Pure: no React, no Firebase.
 */
import { emailKey, searchKey, type CustomerIndexEntry } from './list-index';
import { toProfile, type StoredUser } from './users';

/** The account's creation in milliseconds: the profile's ISO `createdAt`, 0 when it has none that
 *  reads as a time (it then sorts as the oldest). */
function createdAtMs(value: unknown): number {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? at : 0;
}

/** The entry of a stored profile (camelCase or the legacy first_name/last_name). */
export function customerIndexEntry(user: StoredUser): CustomerIndexEntry {
  const { firstName, lastName, email } = toProfile(user);
  const name = `${firstName} ${lastName}`.trim();
  return { name, email, at: createdAtMs(user.createdAt), e: emailKey(email), n: searchKey(name) };
}
