/** What the HTTPS functions share: the JSON error shape and CORS limited to the site's origins.
 *  CORS is done here rather than with onRequest's `cors` option because the Functions emulator
 *  opens that option to every origin, and the local stack must refuse what production refuses. */
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { logger } from 'firebase-functions';
import { isAllowedOrigin } from './origins';

export interface ErrorBody {
  statusCode: number;
  error: { message: string; field?: string };
}

export function sendError(response: Response, statusCode: number, message: string, field?: string): void {
  const body: ErrorBody = { statusCode, error: field ? { message, field } : { message } };
  response.status(statusCode).json(body);
}

export type CorsOutcome = 'continue' | 'answered';

/**
 * Adds the CORS headers for an allowed Origin and answers preflights. Requests without an Origin
 * (servers, curl, tests) pass; a browser request from any other origin is refused with 403, so
 * another site cannot start checkouts even with a "simple" request that skips the preflight.
 */
export function applyCors(request: Request, response: Response, allowedOrigins: readonly string[], methods: string): CorsOutcome {
  const origin = request.get('Origin');
  response.vary('Origin');
  if (origin !== undefined) {
    if (!isAllowedOrigin(origin, allowedOrigins)) {
      sendError(response, 403, `Requests from ${origin} are not allowed.`);
      return 'answered';
    }
    response.set('Access-Control-Allow-Origin', origin);
  }
  if (request.method === 'OPTIONS') {
    response.set('Access-Control-Allow-Methods', methods);
    // X-Firebase-AppCheck: submitForm checks it where App Check is enforced (docs/decisions/0111-submissions-through-the-server.md).
    response.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Firebase-AppCheck');
    response.set('Access-Control-Max-Age', '3600');
    response.status(204).end();
    return 'answered';
  }
  return 'continue';
}

/** Refuses any method but `allowed` (OPTIONS is answered by applyCors before this). */
export function requireMethod(request: Request, response: Response, allowed: string): boolean {
  if (request.method === allowed) return true;
  response.set('Allow', `${allowed}, OPTIONS`);
  sendError(response, 405, `Method ${request.method} is not allowed; use ${allowed}.`);
  return false;
}

type Handler = (request: Request, response: Response) => Promise<void>;

/** Unexpected failures still answer in the JSON error shape, and are logged without the request
 *  (which may carry a token), but with the original error and its stack, as one structured entry
 *  at severity ERROR that Cloud Logging's Error Reporting groups and alerts on
 *  (docs/decisions/0125-operations-and-cleanup.md). */
export function withJsonErrors(name: string, handler: Handler): Handler {
  return async (request, response) => {
    try {
      await handler(request, response);
    } catch (error) {
      logUnexpected(name, error);
      if (!response.headersSent) sendError(response, 500, 'Something went wrong on our side. Please try again.');
    }
  };
}

/** An unexpected failure of `name`: the message is the error as Node prints it (its stack, and its
 *  cause's), which the logger keeps whole; a thrown non-Error gets the stack of this call. */
export function logUnexpected(name: string, error: unknown): void {
  logger.error(`${name}: unexpected failure:`, error, { function: name, errorName: error instanceof Error ? error.name : typeof error });
}
