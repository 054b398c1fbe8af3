/** Data access for users/{uid} (its shape: src/data/users.ts), the one module that reads and writes
 *  it: sign-up creates the record, the profile page watches and edits it, the customer area's guard
 *  watches whether it exists. Here, not in src/data, which stays pure so the functions can bundle it
 *  (docs/decisions/0128-pure-shared-layers.md). */
import type { Database } from 'firebase/database';
import {
  toConsents,
  toProfile,
  userPath,
  type ConsentField,
  type Consents,
  type NewUserRecord,
  type Profile,
  type ProfileField,
  type StoredUser,
} from '@/data/users';
import { type DatabaseSdk, getDatabaseWithSdk } from './clients';
import { withinServerWait } from './connection';

/**
 * `work` on the database, with loading the client and the SDK inside the server wait: the wait
 * starts when the person acts, not once the SDK has loaded, so a button that says "Saving…" always
 * has its time limit running. (Started after the load, it once started after the resilience test
 * had already moved the clock past the wait.)
 */
function withinServerWaitOn<T>(work: (db: Database, sdk: DatabaseSdk) => Promise<T>): Promise<T> {
  return withinServerWait(getDatabaseWithSdk().then(([db, sdk]) => work(db, sdk)));
}

export async function createUserRecord(uid: string, record: NewUserRecord): Promise<void> {
  const [db, { ref, set }] = await getDatabaseWithSdk();
  await set(ref(db, userPath(uid)), record);
}

/** Calls onChange with the profile now and on every change, until the returned function is called. */
export async function watchProfile(
  uid: string,
  onChange: (profile: Profile) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await getDatabaseWithSdk();
  return onValue(ref(db, userPath(uid)), (snapshot) => onChange(toProfile(snapshot.val() as StoredUser | null)), onError);
}

/** Writes the given fields of users/{uid}, leaving the others as they are. Rejects with a
 *  ServerUnreachableError when the database has not confirmed within SERVER_WAIT_MS, so the dialog
 *  says so and keeps what was typed instead of saving forever. */
export function saveProfile(uid: string, fields: Partial<Pick<Profile, ProfileField>>): Promise<void> {
  return withinServerWaitOn((db, { ref, update }) => update(ref(db, userPath(uid)), fields));
}

/** Whether users/{uid} exists, read once (after a sign-in). */
export function readProfileExists(uid: string): Promise<boolean> {
  return withinServerWaitOn(async (db, { get, ref }) => (await get(ref(db, userPath(uid)))).exists());
}

/** What the customer area's guard needs of users/{uid}: whether it exists, and the email it holds. */
export interface AccountRecordSummary {
  exists: boolean;
  email: string;
}

/** Calls onChange with the summary of users/{uid} now and on every change: an account whose
 *  profile write failed has no record (docs/decisions/0122-half-made-accounts-and-visitor-words.md). */
export async function watchAccountRecord(
  uid: string,
  onChange: (summary: AccountRecordSummary) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await getDatabaseWithSdk();
  return onValue(
    ref(db, userPath(uid)),
    (snapshot) => onChange({ exists: snapshot.exists(), email: toProfile(snapshot.val() as StoredUser | null).email }),
    onError,
  );
}

/** Calls onChange with the two marketing choices now and on every change. */
export async function watchConsents(
  uid: string,
  onChange: (consents: Consents) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await getDatabaseWithSdk();
  return onValue(ref(db, userPath(uid)), (snapshot) => onChange(toConsents(snapshot.val() as StoredUser | null)), onError);
}

/** Writes one marketing choice; rejects like saveProfile when the database does not confirm. */
export function saveConsent(uid: string, field: ConsentField, value: boolean): Promise<void> {
  return withinServerWaitOn((db, { ref, set }) => set(ref(db, `${userPath(uid)}/${field}`), value));
}
