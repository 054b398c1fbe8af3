/** unsubscribe: the one-click link of a marketing mail (docs/decisions/0121-consent-and-unsubscribe.md).
 *  POST `{token}`, no sign-in → 200 `{email, choice}`; 400 not a token, 403 forged, 410 expired.
 *  It turns the choice off on every account with the token's address, and records the opt-out
 *  under the address's hash, so mail to an address without an account respects it too. It only
 *  ever turns mail off: replaying a link, even after the person turned a choice back on in
 *  Profile settings, can do no more than the person already asked for. */
import { createHash } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { CONSENT_FIELDS, USERS_PATH, userPath, type ConsentField } from '../../../src/data/users';
import { authUserOrNull } from './account-records';
import { AccountRefusal, accountBody, accountEndpoint } from './endpoint';
import { readUnsubscribeToken, type UnsubscribeChoice } from './mail-links';

export const MARKETING_OPTOUTS_PATH = 'marketing_optouts';

export const UNSUBSCRIBE_MESSAGES = {
  malformed: 'This link is not complete. Open it again from the mail, or change your choices in Profile settings.',
  forged: 'This link is not valid.',
  expired: 'This link has expired. Change your choices in Profile settings.',
} as const;

export interface UnsubscribeDependencies {
  auth: Pick<Auth, 'getUserByEmail'>;
  database: Database;
  /** MAIL_LINK_SECRET. */
  secret: string;
  siteOrigins: readonly string[];
  now?: () => number;
}

export interface UnsubscribeAnswer {
  email: string;
  choice: UnsubscribeChoice;
}

/** marketing_optouts/<key>: SHA-256 of the lower-case address, so the list names nobody in clear. */
export function optOutKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** marketing_optouts/<key>: when each choice was first turned off from a mail, ms. */
export type OptOutRecord = Partial<Record<ConsentField, number>>;

export function fieldsOf(choice: UnsubscribeChoice): readonly ConsentField[] {
  return choice === 'all' ? CONSENT_FIELDS : [choice];
}

/** Whether the address turned off every marketing choice from a mail's link. */
export async function optedOutOfAll(database: Database, email: string): Promise<boolean> {
  const record = ((await database.ref(`${MARKETING_OPTOUTS_PATH}/${optOutKey(email)}`).get()).val() ?? {}) as OptOutRecord;
  return CONSENT_FIELDS.every((field) => typeof record[field] === 'number');
}

/** The accounts with this address: Auth's (the sign-in address) and any profile still holding it. */
async function accountsOf(deps: UnsubscribeDependencies, email: string): Promise<string[]> {
  const uids = new Set<string>();
  const user = await authUserOrNull(() => deps.auth.getUserByEmail(email));
  if (user) uids.add(user.uid);
  const profiles = await deps.database.ref(USERS_PATH).orderByChild('email').equalTo(email).get();
  profiles.forEach((child) => {
    if (child.key) uids.add(child.key);
  });
  return [...uids];
}

async function turnOff(deps: UnsubscribeDependencies, email: string, choice: UnsubscribeChoice, now: number): Promise<void> {
  const fields = fieldsOf(choice);
  await deps.database.ref(`${MARKETING_OPTOUTS_PATH}/${optOutKey(email)}`).transaction((current: OptOutRecord | null) => {
    const record: OptOutRecord = { ...(current ?? {}) };
    for (const field of fields) record[field] ??= now;
    return record;
  });
  for (const uid of await accountsOf(deps, email)) {
    // Only an existing profile: a lone consent field would make a half record of a half-made account.
    await deps.database.ref(userPath(uid)).transaction((current: Record<string, unknown> | null) => {
      if (current === null) return null;
      if (fields.every((field) => current[field] === false)) return undefined;
      return { ...current, ...Object.fromEntries(fields.map((field) => [field, false])) };
    });
  }
}

export async function handleUnsubscribe(request: Request, response: Response, deps: UnsubscribeDependencies): Promise<void> {
  await accountEndpoint(request, response, deps.siteOrigins, async () => {
    const body = accountBody(request);
    const now = (deps.now ?? Date.now)();
    const reading = readUnsubscribeToken(deps.secret, body.token, now);
    if (reading.status === 'malformed') throw new AccountRefusal(400, UNSUBSCRIBE_MESSAGES.malformed, undefined, 'token');
    if (reading.status === 'forged') throw new AccountRefusal(403, UNSUBSCRIBE_MESSAGES.forged);
    if (reading.status === 'expired') throw new AccountRefusal(410, UNSUBSCRIBE_MESSAGES.expired);
    const { email, choice } = reading.payload;
    await turnOff(deps, email, choice, now);
    const answer: UnsubscribeAnswer = { email, choice };
    response.status(200).json(answer);
  });
}
