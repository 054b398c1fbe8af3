// Answering a request in one piece, with its length, as the local services do everywhere but in
// their streams (the database emulator's REST printing and event streams keep their own writers).

import type { ServerResponse } from 'node:http';

export function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Pretty-printed, as Stripe's API answers (and easy to read in curl). */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  send(res, status, JSON.stringify(value, null, 2), 'application/json', headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  send(res, status, html, 'text/html; charset=utf-8', headers);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  send(res, status, text, 'text/plain; charset=utf-8', headers);
}

/** A refusal as JSON, `{ "error": … }`: the shape both the database's REST API and Stripe's API
 *  give an error (a message there, an object with `type` and `message` here). */
export function sendJsonError(res: ServerResponse, status: number, error: unknown, headers: Record<string, string> = {}) {
  sendJson(res, status, { error }, headers);
}
