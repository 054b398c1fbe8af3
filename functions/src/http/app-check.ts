/** App Check on the functions the site's signed-in pages and forms call (docs/decisions/0124-app-check.md):
 *  where it is enforced, a request without a valid token (X-Firebase-AppCheck) is refused with 401
 *  before the function does anything. Preflights pass (a browser sends no token with them), and
 *  the refusal carries the CORS headers, so the page can read it. */
import type { AppCheck } from 'firebase-admin/app-check';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { applyCors, sendError } from './http';

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

export const APP_CHECK_REFUSAL = 'This request did not come from the Leopard site (App Check).';

export type AppCheckVerifier = Pick<AppCheck, 'verifyToken'>;

type Handler = (request: Request, response: Response) => Promise<void>;

/** Whether the request carries a token App Check accepts. */
export async function hasValidAppCheckToken(request: Request, verifier: AppCheckVerifier): Promise<boolean> {
  const token = request.get(APP_CHECK_HEADER);
  if (!token) return false;
  return verifier.verifyToken(token).then(
    () => true,
    () => false,
  );
}

/** `handler`, behind App Check when `verifier()` answers one (null: not enforced, as on the local
 *  stack). Both are read per request: params are only readable then. */
export function withAppCheck(verifier: () => AppCheckVerifier | null, siteOrigins: () => readonly string[], handler: Handler): Handler {
  return async (request, response) => {
    const enforced = request.method === 'OPTIONS' ? null : verifier();
    if (enforced && !(await hasValidAppCheckToken(request, enforced))) {
      if (applyCors(request, response, siteOrigins(), 'POST, OPTIONS') === 'answered') return;
      sendError(response, 401, APP_CHECK_REFUSAL);
      return;
    }
    await handler(request, response);
  };
}
