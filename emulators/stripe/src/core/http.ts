/** What the API, the hosted pages and the test controls add to the shared HTTP layer
 *  (@leopard/emulator-http): Stripe's limits and wording. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody as readRequestBody } from '@leopard/emulator-http';
import type { StandIn } from './context';
import { invalidRequest } from './errors';

/** Stripe requests are a few kilobytes; this only guards the process. */
export const MAX_BODY_BYTES = 256 * 1024;

/** What a preflight from an allowed page is told besides its origin (server.ts's origin gate). */
export const CORS_PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
  'Access-Control-Max-Age': '600',
};

/** A hosted page (checkout, portal, invoice): the id its path names and what follows it (the
 *  action, '' for the page itself); it answers, or throws a PageError. */
export type PageHandler = (
  standIn: StandIn,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  action: string,
  headers: Record<string, string>,
) => void | Promise<void>;

/** A hosted page's answer that is not the happy path (404, 409, a declined card…). */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super(`page ${status}`);
  }
}

/** A path segment's text; a malformed %-escape is kept as typed (it then names nothing). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request body as text; a Stripe-worded 413 past MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const tooLarge = () => invalidRequest('Request body too large.', undefined, undefined, 413);
  return (await readRequestBody(req, { maxBytes: MAX_BODY_BYTES, tooLarge })).toString('utf8');
}
