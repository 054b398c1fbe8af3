/** Data access for users/{uid} (src/data/users.ts), the one module that reads and writes it: sign-up
 *  creates the record, the profile page watches and edits it. */
import { getDatabaseClient } from '@/firebase/clients';
import { withinServerWait } from '@/firebase/connection';
import { toProfile, userPath, type NewUserRecord, type Profile, type ProfileField, type StoredUser } from './users';

export async function createUserRecord(uid: string, record: NewUserRecord): Promise<void> {
  const [db, { ref, set }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  await set(ref(db, userPath(uid)), record);
}

/** Calls onChange with the profile now and on every change, until the returned function is called. */
export async function watchProfile(
  uid: string,
  onChange: (profile: Profile) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  return onValue(ref(db, userPath(uid)), (snapshot) => onChange(toProfile(snapshot.val() as StoredUser | null)), onError);
}

/** Writes the given fields of users/{uid}, leaving the others as they are. Rejects with a
 *  ServerUnreachableError when the database has not confirmed within SERVER_WAIT_MS, so the dialog
 *  says so and keeps what was typed instead of saving forever. */
export async function saveProfile(uid: string, fields: Partial<Pick<Profile, ProfileField>>): Promise<void> {
  const [db, { ref, update }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  await withinServerWait(update(ref(db, userPath(uid)), fields));
}
