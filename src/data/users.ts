/**
 * The record users/{uid}: its path, its shape as sign-up writes it, and how the profile reads it
 * back (docs/decisions/0002-realtime-database-data-model.md: one schema for sign-up and profile; the reader also accepts the legacy
 * snake_case names). database.rules.json checks the same shape.
 */
import type { VERIFICATION_METHODS } from '../config/data-limits';

export const USERS_PATH = 'users';

export const userPath = (uid: string) => `${USERS_PATH}/${uid}`;

/** closed_accounts/{uid}: {closedAt}, written when a deletion starts and kept while an ID token of
 *  the account may still live, so the rules refuse that token's writes
 *  (docs/decisions/0119-account-deletion-and-retention.md). */
export const CLOSED_ACCOUNTS_PATH = 'closed_accounts';

/** What deleting an account does to a checkout that was started and not paid, in the deletion
 *  dialog, the privacy policy and the deletion mail alike
 *  (docs/decisions/0119-account-deletion-and-retention.md). */
export const OPEN_CHECKOUT_AT_DELETION =
  'A checkout you started and have not paid is closed, so it can no longer be paid; if a payment for it still gets through, it is refunded in full, its plan is canceled at once, and we tell you by email.';

/** The record as sign-up creates it. */
export interface NewUserRecord {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  country: string;
  /** "<Month name>/<day>/<year>", e.g. "March/14/1990". */
  birthDate: string;
  verificationMethod: (typeof VERIFICATION_METHODS)[number];
  receiveAnnouncements: boolean;
  receiveAppsMusicTV: boolean;
  /** Must equal the ID token's email_verified (database.rules.json). */
  emailVerified: boolean;
  /** ISO-8601, Date.toISOString(). */
  createdAt: string;
}

/** What the profile shows of the record. */
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

/** A record as read back: camelCase fields, or the legacy snake_case ones, each checked. */
export type StoredUser = Readonly<Record<string, unknown>>;

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

/** The two marketing choices of sign-up, which the person can change in Profile settings and turn
 *  off from any marketing mail's unsubscribe link (docs/decisions/0121-consent-and-unsubscribe.md). */
export const CONSENT_FIELDS = ['receiveAnnouncements', 'receiveAppsMusicTV'] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];
export type Consents = Record<ConsentField, boolean>;

/** How each choice is named, on the sign-up form, in Profile settings and on the unsubscribe page. */
export const CONSENT_LABELS: Readonly<Record<ConsentField, string>> = {
  receiveAnnouncements: 'Receive announcements, recommendations and updates',
  receiveAppsMusicTV: 'Receive news about apps, music, TV and more',
};

/** The choices as stored; anything but `true` is off (the sign-up default). */
export function toConsents(value: StoredUser | null): Consents {
  const record = value ?? {};
  return { receiveAnnouncements: record.receiveAnnouncements === true, receiveAppsMusicTV: record.receiveAppsMusicTV === true };
}
