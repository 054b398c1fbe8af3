// For the handler tests only (nothing in index.ts imports it, so it is not bundled): serves a
// function's handler over real HTTP the way the Functions runtime does, so the tests call it as
// the browser and Stripe do.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import type { Request } from 'firebase-functions/v2/https';
import { withJsonErrors } from './http';

export type Handler = (request: Request, response: Response) => Promise<void>;

export interface TestServers {
  /** Serves the handler on a free port of 127.0.0.1 and answers its URL. */
  serve(name: string, handler: Handler): Promise<string>;
  /** Closes every server served so far. */
  closeAll(): Promise<void>;
}

/** Like the runtime: JSON bodies parsed, the exact bytes kept as request.rawBody (what Stripe
 *  signs), and the handler wrapped in withJsonErrors as index.ts wraps it, so a throw answers 500
 *  instead of leaving the request hanging. */
export function testServers(): TestServers {
  let servers: Server[] = [];
  return {
    async serve(name, handler) {
      const web = express();
      web.use(express.json({ verify: (request, _response, body) => ((request as unknown as Request).rawBody = body) }));
      const wrapped = withJsonErrors(name, handler);
      web.all('/', (request, response) => void wrapped(request as Request, response));
      const server = await new Promise<Server>((resolve) => {
        const listening = web.listen(0, '127.0.0.1', () => resolve(listening));
      });
      servers.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    },
    async closeAll() {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      servers = [];
    },
  };
}

export interface JsonAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** POSTs these exact bytes as JSON (a webhook's signature covers the bytes, not the value). */
export async function postText(url: string, payload: string, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: payload });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  return postText(url, JSON.stringify(body), headers);
}
