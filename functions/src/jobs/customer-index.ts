/** customer_index/<uid>: the console's customer list, one line per account, kept from users/<uid>
 *  by a database trigger (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
 *  The profile is written by its owner's browser, which the rules cannot trust with a normalised
 *  search key, so the server derives the line. It reads the profile when it runs rather than taking
 *  the event's copy: a redelivered or late event then writes the profile as it is now, never an
 *  older one over a newer. */
import { isDeepStrictEqual } from 'node:util';
import type { Database } from 'firebase-admin/database';
import { customerIndexEntry } from '../../../src/data/customer-index-entry';
import { CUSTOMER_INDEX_PATH, type CustomerIndexEntry } from '../../../src/data/list-index';
import type { StoredUser } from '../../../src/data/users';

export type CustomerIndexOutcome = 'written' | 'removed' | 'unchanged';

/** Rounds of read, write, read again before giving up to the next delivery (retry: true). */
const MAX_ROUNDS = 5;

async function currentEntry(database: Database, uid: string): Promise<CustomerIndexEntry | null> {
  const user = (await database.ref(`users/${uid}`).get()).val() as StoredUser | null;
  return user === null || typeof user !== 'object' ? null : customerIndexEntry(user);
}

/**
 * Makes customer_index/<uid> the line of users/<uid> as it is, or removes it when there is no
 * profile. Two runs at once (two quick edits) may read the profile at different moments; each reads
 * it again after writing and writes again if it changed meanwhile, so the last write is always
 * checked against the profile after it.
 */
export async function syncCustomerIndex(database: Database, uid: string): Promise<CustomerIndexOutcome> {
  const ref = database.ref(`${CUSTOMER_INDEX_PATH}/${uid}`);
  let outcome: CustomerIndexOutcome = 'unchanged';
  let wanted = await currentEntry(database, uid);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const stored = (await ref.get()).val() as unknown;
    if (isDeepStrictEqual(stored, wanted)) return outcome;
    await ref.set(wanted);
    outcome = wanted === null ? 'removed' : 'written';
    const now = await currentEntry(database, uid);
    if (isDeepStrictEqual(now, wanted)) return outcome;
    wanted = now;
  }
  throw new Error(`customerIndex: users/${uid} kept changing over ${MAX_ROUNDS} rounds; left to the next delivery`);
}
