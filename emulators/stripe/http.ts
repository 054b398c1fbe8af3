/** Plain HTTP plumbing shared by the API, the hosted pages and the test controls. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody as readRequestBody } from '@leopard/rtdb-emulator/http-body';
import { invalidRequest } from './errors';

/** Stripe requests are a few kilobytes; this only guards the process. */
export const MAX_BODY_BYTES = 256 * 1024;

/** What a preflight from an allowed page is told besides its origin (server.ts's origin gate). */
export const CORS_PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
  'Access-Control-Max-Age': '600',
};

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

export function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  send(res, status, JSON.stringify(value, null, 2), 'application/json', headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  send(res, status, html, 'text/html; charset=utf-8', headers);
}

/** The request body as text; a Stripe-worded 413 past MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const tooLarge = () => invalidRequest('Request body too large.', undefined, undefined, 413);
  return (await readRequestBody(req, { maxBytes: MAX_BODY_BYTES, tooLarge })).toString('utf8');
}
