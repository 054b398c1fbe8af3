/** Live access to the signed-in person's record users/{uid} (spec section 7 "Profile read/write";
 *  architecture "Data": camelCase fields, legacy snake_case ones still read). */
import { getDatabaseClient } from '@/firebase/clients';
import { withinServerWait } from '@/firebase/connection';

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  /** As the record holds it: E.164, or an older form (src/data/phone-number.ts reads both). Pages
   *  format it for display, so screens that never show it (the dashboard) load no phone metadata. */
  phoneNumber: string;
  address: string;
  /** The sign-up country (two-letter code), which places a legacy number stored without its dial
   *  code; '' when the record has none. Read only. */
  country: string;
}

/** The fields the profile page may write (database.rules.json accepts these, camelCase only). */
export type ProfileField = Exclude<keyof Profile, 'country'>;

type StoredUser = Record<string, unknown>;

/** The camelCase value when it is a non-empty string, else the legacy snake_case one, else ''. */
function text(record: StoredUser, name: string, legacy?: string): string {
  for (const key of [name, legacy]) {
    const value = key === undefined ? undefined : record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return '';
}

export function toProfile(value: StoredUser | null): Profile {
  const record = value ?? {};
  const country = text(record, 'country');
  return {
    firstName: text(record, 'firstName', 'first_name'),
    lastName: text(record, 'lastName', 'last_name'),
    email: text(record, 'email'),
    phoneNumber: text(record, 'phoneNumber', 'phone_number'),
    address: text(record, 'address'),
    country,
  };
}

/** Calls onChange with the profile now and on every change, until the returned function is called. */
export async function watchProfile(
  uid: string,
  onChange: (profile: Profile) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  return onValue(ref(db, `users/${uid}`), (snapshot) => onChange(toProfile(snapshot.val() as StoredUser | null)), onError);
}

/** Writes the given fields of users/{uid}, leaving the others as they are. Rejects with a
 *  ServerUnreachableError when the database has not confirmed within SERVER_WAIT_MS, so the dialog
 *  says so and keeps what was typed instead of saving forever. */
export async function saveProfile(uid: string, fields: Partial<Pick<Profile, ProfileField>>): Promise<void> {
  const [db, { ref, update }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  await withinServerWait(update(ref(db, `users/${uid}`), fields));
}
