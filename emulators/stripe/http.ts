/** Plain HTTP plumbing shared by the API, the hosted pages and the test controls. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest } from './errors.ts';

/** Stripe requests are a few kilobytes; this only guards the process. */
export const MAX_BODY_BYTES = 256 * 1024;

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
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
  res.writeHead(status, { ...CORS_HEADERS, ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  send(res, status, JSON.stringify(value, null, 2), 'application/json', headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  send(res, status, html, 'text/html; charset=utf-8', headers);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('Request body too large.', undefined, undefined, 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
