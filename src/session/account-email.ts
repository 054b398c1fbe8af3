/**
 * Keeps the profile's and the Stripe customer's email in step with Auth's: after a sign-in, and
 * whenever the signed-in person's Auth email differs from the one in users/<uid>, the site asks
 * the accountEmail function, which reads the account with admin rights and copies a verified
 * address over (docs/decisions/0118-email-change-by-verified-link.md). The browser sends nothing
 * the function trusts; it only says "look now".
 */
import type { User } from 'firebase/auth';
import { callFunction, isRecord } from '@/firebase/functions';

export type AccountEmailOutcome = { ok: true; email: string; changed: boolean } | { ok: false };

/** The same question already on its way is not asked twice (the sign-in form and the customer
 *  area's guard both ask right after a sign-in). */
const inFlight = new Map<string, Promise<AccountEmailOutcome>>();

export function syncAccountEmail(user: User): Promise<AccountEmailOutcome> {
  const key = `${user.uid} ${user.email ?? ''}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = ask(user).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function ask(user: User): Promise<AccountEmailOutcome> {
  try {
    const answer = await callFunction('accountEmail', { body: {}, idToken: await user.getIdToken() });
    if (!answer.reached || answer.status !== 200 || !isRecord(answer.body)) return { ok: false };
    // Either the bare answer or the { statusCode, data } shape of the older functions.
    const data = isRecord(answer.body.data) ? answer.body.data : answer.body;
    if (typeof data.email !== 'string') return { ok: false };
    return { ok: true, email: data.email, changed: data.changed === true };
  } catch (error) {
    // Best effort: the next sign-in or visit asks again.
    console.warn('Could not bring the account email up to date', error);
    return { ok: false };
  }
}

/** Asked already in this page's life, by the customer area's guard: an Auth email the function
 *  will not copy (not verified yet) is not asked about on every page. */
const asked = new Set<string>();

/** syncAccountEmail, at most once per account, Auth email and profile email. */
export function syncAccountEmailOnce(user: User, profileEmail: string): void {
  const key = `${user.uid} ${user.email ?? ''} ${profileEmail}`;
  if (asked.has(key)) return;
  asked.add(key);
  void syncAccountEmail(user);
}
