/** Who calls an endpoint: a signed-in customer (a verified Firebase ID token) or a visitor. */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type Stripe from 'stripe';
import { sendError } from './http';

/** What index.ts gives every function the site's pages call with a sign-in (siteDependencies()):
 *  Auth to tell who calls, the database, Stripe and the site's origins. */
export interface SiteDependencies {
  auth: Pick<Auth, 'verifyIdToken'>;
  database: Database;
  stripe: Stripe;
  siteOrigins: readonly string[];
}

/** The 401's words when a token was sent but Auth refused it. */
export const SIGN_IN_NOT_VERIFIED = 'Your sign-in could not be verified. Sign in again and retry.';

/** A customer's email and whether Auth has verified it. Neither ever gives a guest's order to an
 *  account (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export type Caller =
  | { kind: 'visitor' }
  /** `anonymous`: a visitor the forms signed in anonymously, which has a uid but no account. */
  | { kind: 'customer'; uid: string; email: string | null; emailVerified: boolean; anonymous: boolean }
  | { kind: 'rejected'; reason: string };

/** The token of an `Authorization: Bearer <token>` header; null when there is no such header. A
 *  header of another form yields '' so the caller is rejected rather than treated as a visitor. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/** No header: a visitor. A header: it must hold a valid ID token of this project (under the
 *  emulators, one the Auth emulator issued) that is not revoked, of an account that still exists
 *  and is not disabled: a deleted account's token, or one of an account whose tokens were revoked,
 *  buys nothing for the rest of its hour (docs/decisions/0119-account-deletion-and-retention.md). */
export async function identifyCaller(auth: Pick<Auth, 'verifyIdToken'>, authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  if (token === null) return { kind: 'visitor' };
  if (token === '') return { kind: 'rejected', reason: 'The Authorization header must be "Bearer <ID token>".' };
  try {
    const decoded = await auth.verifyIdToken(token, true);
    return {
      kind: 'customer',
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      anonymous: decoded.firebase?.sign_in_provider === 'anonymous',
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unknown';
    return { kind: 'rejected', reason: code };
  }
}

export type SignedInCaller = Extract<Caller, { kind: 'customer' }>;

/** The 401's words: to a request without a token, and to one whose token Auth refused. */
export interface SignInWords {
  signIn: string;
  badToken: string;
}

/** The check at the start of every endpoint for signed-in people only: the caller, or null once it
 *  has answered 401 (the refusal's reason is logged under `endpoint`, never sent). */
export async function signedInCaller(
  auth: Pick<Auth, 'verifyIdToken'>,
  request: Request,
  response: Response,
  endpoint: string,
  words: SignInWords,
): Promise<SignedInCaller | null> {
  const caller = await identifyCaller(auth, request.get('Authorization'));
  if (caller.kind === 'customer') return caller;
  if (caller.kind === 'rejected') logger.warn(`${endpoint}: sign-in token refused`, { reason: caller.reason });
  sendError(response, 401, caller.kind === 'visitor' ? words.signIn : words.badToken);
  return null;
}
