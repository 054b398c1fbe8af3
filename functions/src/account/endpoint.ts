/** What the account functions share: CORS to the site's origins, POST only, a small JSON body,
 *  the signed-in account behind the ID token, and refusals in the JSON error shape of http.ts
 *  (docs/decisions/0119-account-deletion-and-retention.md). */
import type { Auth } from 'firebase-admin/auth';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { bearerToken } from '../http/caller';
import { applyCors, requireMethod, type ErrorBody } from '../http/http';

/** Every account request is `{}` or a few short fields. */
export const ACCOUNT_MAX_BODY_BYTES = 4096;

export const ACCOUNT_MESSAGES = {
  signIn: 'Sign in first: send "Authorization: Bearer <ID token>".',
  badToken: 'Your sign-in is not valid or has expired. Sign in again.',
  /** Its tokens were revoked (a deletion started): the password again gives a new sign-in. */
  revoked: 'Your sign-in has ended. Enter your password again to go on.',
  gone: 'This account no longer exists.',
  body: 'The body must be a JSON object.',
  tooLarge: `The request is larger than ${ACCOUNT_MAX_BODY_BYTES} bytes.`,
} as const;

/** A refusal, thrown so each handler reads straight through its checks. `code` is a word the site
 *  acts on (e.g. `reauth-required`), given both in `error` and beside it. */
export class AccountRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 502,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type AccountErrorBody = ErrorBody & { error: { code?: string }; code?: string };

export function sendRefusal(response: Response, refusal: AccountRefusal): void {
  const body: AccountErrorBody = {
    statusCode: refusal.statusCode,
    error: {
      message: refusal.message,
      ...(refusal.field ? { field: refusal.field } : {}),
      ...(refusal.code ? { code: refusal.code } : {}),
    },
    ...(refusal.code ? { code: refusal.code } : {}),
  };
  response.status(refusal.statusCode).json(body);
}

/** The signed-in caller as the ID token says; Auth's own record is read by each handler. */
export interface AccountCaller {
  uid: string;
  /** When the person last typed their password (or signed in another way), ms since the epoch. */
  authTime: number;
}

export type AccountAuth = Pick<Auth, 'verifyIdToken'>;

export async function identifyAccount(auth: AccountAuth, authorization: string | undefined): Promise<AccountCaller> {
  const token = bearerToken(authorization);
  if (!token) throw new AccountRefusal(401, ACCOUNT_MESSAGES.signIn);
  let decoded: Awaited<ReturnType<Auth['verifyIdToken']>>;
  try {
    // Revocation checked too (docs/decisions/0119-account-deletion-and-retention.md): a deletion
    // revokes the account's tokens at its start.
    decoded = await auth.verifyIdToken(token, true);
  } catch (error) {
    // A deletion that failed half way revoked the tokens: the site asks for the password again
    // (reauth-required) and retries with the new sign-in.
    if ((error as { code?: string }).code === 'auth/id-token-revoked')
      throw new AccountRefusal(401, ACCOUNT_MESSAGES.revoked, 'reauth-required');
    throw new AccountRefusal(401, ACCOUNT_MESSAGES.badToken);
  }
  // An anonymous visitor of the forms has a uid too, but no account.
  if (decoded.firebase?.sign_in_provider === 'anonymous') throw new AccountRefusal(401, ACCOUNT_MESSAGES.signIn);
  return { uid: decoded.uid, authTime: decoded.auth_time * 1000 };
}

function bodySize(request: Request): number {
  return request.rawBody?.length ?? Buffer.byteLength(JSON.stringify(request.body ?? null));
}

/** The request's JSON object body; refuses a big or non-object one. */
export function accountBody(request: Request): Record<string, unknown> {
  if (bodySize(request) > ACCOUNT_MAX_BODY_BYTES) throw new AccountRefusal(413, ACCOUNT_MESSAGES.tooLarge);
  const body: unknown = request.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AccountRefusal(400, ACCOUNT_MESSAGES.body);
  return body as Record<string, unknown>;
}

/** CORS, POST, no-store, then `run`; an AccountRefusal becomes its JSON answer. Anything else is
 *  thrown on to withJsonErrors (a 500 in the same shape). */
export async function accountEndpoint(
  request: Request,
  response: Response,
  siteOrigins: readonly string[],
  run: () => Promise<void>,
): Promise<void> {
  if (applyCors(request, response, siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  // Answers hold a person's data: no shared cache may keep them.
  response.set('Cache-Control', 'no-store');
  try {
    await run();
  } catch (error) {
    if (error instanceof AccountRefusal) sendRefusal(response, error);
    else throw error;
  }
}
