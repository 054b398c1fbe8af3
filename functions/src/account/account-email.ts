/** accountEmail: after the person opened the link of `verifyBeforeUpdateEmail`, Auth holds the new,
 *  verified address; this brings users/<uid>/email and the account's Stripe customers to it
 *  (docs/decisions/0118-email-change-by-verified-link.md). It reads the address from Auth with the
 *  Admin SDK, never from the request, and does nothing while Auth's address is unverified. POST `{}`
 *  → 200 `{email, changed}`. Idempotent: the site calls it after every sign-in. */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { userPath } from '../../../src/data/users';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { accountCustomerIds, accountOrders, authUserOrNull } from './account-records';
import { ACCOUNT_MESSAGES, AccountRefusal, accountBody, accountEndpoint, identifyAccount, type AccountAuth } from './endpoint';

export interface AccountEmailDependencies {
  auth: AccountAuth & Pick<Auth, 'getUser'>;
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
}

export interface AccountEmailAnswer {
  /** The address the profile holds after the call (Auth's when no profile exists). */
  email: string | null;
  /** Whether this call changed the profile or a Stripe customer. */
  changed: boolean;
}

/** customers/<uid>/syncedEmail: the address every Stripe customer of the account was last given,
 *  so a sign-in with nothing new costs no Stripe call. */
export const SYNCED_EMAIL_FIELD = 'syncedEmail';

export const ACCOUNT_EMAIL_MESSAGES = {
  stripe: 'Your email changed, but our payment provider could not be updated just now. Sign in again later to finish.',
} as const;

/** Writes the profile's email when the profile exists (never creates a half record). */
async function updateProfileEmail(
  database: Database,
  uid: string,
  email: string,
): Promise<{ changed: boolean; profileEmail: string | null }> {
  let changed = false;
  const result = await database.ref(userPath(uid)).transaction((current: Record<string, unknown> | null) => {
    changed = false;
    if (current === null) return null;
    if (current.email === email) return undefined;
    changed = true;
    return { ...current, email };
  });
  const stored = result.snapshot.val() as Record<string, unknown> | null;
  return { changed: changed && result.committed, profileEmail: typeof stored?.email === 'string' ? stored.email : null };
}

/** Gives every customer of the account `email`; answers how many it changed. */
async function updateCustomers(deps: AccountEmailDependencies, uid: string, email: string): Promise<number> {
  const synced = (await deps.database.ref(`${CUSTOMERS_PATH}/${uid}/${SYNCED_EMAIL_FIELD}`).get()).val() as unknown;
  if (synced === email) return 0;
  const customerIds = await accountCustomerIds(deps.database, uid, await accountOrders(deps.database, uid));
  let updated = 0;
  for (const customerId of customerIds) {
    const customer = await deps.stripe.customers.retrieve(customerId);
    if ('deleted' in customer && customer.deleted) continue;
    if ((customer as Stripe.Customer).email === email) continue;
    await deps.stripe.customers.update(customerId, { email });
    updated += 1;
  }
  if (customerIds.length > 0) {
    const record = deps.database.ref(`${CUSTOMERS_PATH}/${uid}`);
    // Only beside a stored customer: a guest order's customer alone makes no customers/<uid>.
    if ((await record.child('stripeCustomerId').get()).exists()) await record.child(SYNCED_EMAIL_FIELD).set(email);
  }
  return updated;
}

export async function handleAccountEmail(request: Request, response: Response, deps: AccountEmailDependencies): Promise<void> {
  await accountEndpoint(request, response, deps.siteOrigins, async () => {
    const caller = await identifyAccount(deps.auth, request.get('Authorization'));
    // The body is not read for anything: the address comes from Auth alone.
    accountBody(request);
    const user = await authUserOrNull(() => deps.auth.getUser(caller.uid));
    if (user === null) throw new AccountRefusal(401, ACCOUNT_MESSAGES.gone);
    const email = user.email?.toLowerCase() ?? null;
    if (email === null || !user.emailVerified) {
      const stored = (await deps.database.ref(`${userPath(caller.uid)}/email`).get()).val() as unknown;
      const answer: AccountEmailAnswer = { email: typeof stored === 'string' ? stored : email, changed: false };
      response.status(200).json(answer);
      return;
    }
    const profile = await updateProfileEmail(deps.database, caller.uid, email);
    let customers: number;
    try {
      customers = await updateCustomers(deps, caller.uid, email);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logger.warn('accountEmail: Stripe refused or did not answer', { message: error.message });
      throw new AccountRefusal(502, ACCOUNT_EMAIL_MESSAGES.stripe);
    }
    const answer: AccountEmailAnswer = { email: profile.profileEmail ?? email, changed: profile.changed || customers > 0 };
    response.status(200).json(answer);
  });
}
