/** Data access for users/{uid}: the record the sign-up form creates (architecture "Data"). */
import { ref, set } from 'firebase/database';
import { getDatabaseClient } from '@/firebase/clients';

export interface NewUserProfile {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  country: string;
  /** "<Month name>/<day>/<year>", e.g. "March/14/1990". */
  birthDate: string;
  verificationMethod: 'text' | 'call';
  receiveAnnouncements: boolean;
  receiveAppsMusicTV: boolean;
  /** Must equal the ID token's email_verified (database.rules.json). */
  emailVerified: boolean;
  /** ISO-8601, Date.toISOString(). */
  createdAt: string;
}

export async function createUserProfile(uid: string, profile: NewUserProfile): Promise<void> {
  const database = await getDatabaseClient();
  await set(ref(database, `users/${uid}`), profile);
}
