// handleCheckout over real HTTP with the real Stripe SDK against the Stripe stand-in and
// firebase-admin against the project's database emulator, both started here on free ports. It
// covers what the e2e suite cannot steer without disturbing other tests: Stripe refusing.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type Stripe from 'stripe';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start as startDatabase, type RunningEmulator } from '../../emulators/rtdb/src/index';
import { start as startStripe, type RunningStripe } from '../../emulators/stripe/server';
import { buildCheckoutRequest } from '../../src/catalog/checkout';
import { handleCheckout } from './checkout';
import { createStripeClient } from './stripe-client';

const SECRET_KEY = 'sk_test_handler_suite';
const SITE = 'http://127.0.0.1:4173';
const BODY = buildCheckoutRequest(
  { service: 'websites', plan: 'earth', period: 'monthly', storage: false, security: false, marketing: false, tradeIn: null },
  { imageURL: `${SITE}/images/earth.png`, successURL: `${SITE}/orders`, cancelURL: `${SITE}/store` },
);

let databaseEmulator: RunningEmulator;
let standIn: RunningStripe;
let app: App;
let database: Database;
let servers: Server[] = [];

/** The handler behind an express app parsing JSON bodies, as the Functions runtime runs it. */
async function serve(stripe: Stripe): Promise<string> {
  const web = express();
  web.use(express.json());
  web.all('/', (request, response) => {
    void handleCheckout(request as Request, response, { auth: getAuth(app), database, stripe, siteOrigins: [SITE] });
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = web.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function storedOrders(): Promise<Record<string, unknown>> {
  return ((await database.ref('all_orders').get()).val() as Record<string, unknown> | null) ?? {};
}

beforeAll(async () => {
  databaseEmulator = await startDatabase({ port: 0, quiet: true });
  standIn = await startStripe({ port: 0, quiet: true, secretKey: SECRET_KEY });
  app = initializeApp({ projectId: 'demo-handler', databaseURL: `${databaseEmulator.url}?ns=demo-handler` }, `checkout-handler-${Date.now()}`);
  database = getDatabase(app);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  servers = [];
  await deleteApp(app);
  await standIn.stop();
  await databaseEmulator.stop();
});

beforeEach(async () => {
  standIn.reset();
  await database.ref().set(null);
});

describe('handleCheckout with Stripe answering', () => {
  it('creates the session and the order when Stripe accepts', async () => {
    const { status, json } = await post(await serve(createStripeClient(SECRET_KEY, standIn.url)), BODY);
    expect(status).toBe(201);
    const { orderId, id } = json.data as { orderId: string; id: string };
    expect(Object.keys(await storedOrders())).toEqual([orderId]);
    expect(standIn.sessions().map((session) => session.id)).toEqual([id]);
  });

  it('answers 502 with Stripe’s message and writes no order when Stripe fails', async () => {
    standIn.fail({ status: 500, type: 'api_error', message: 'Stripe is having a moment.' });
    const { status, json } = await post(await serve(createStripeClient(SECRET_KEY, standIn.url)), BODY);
    expect(status).toBe(502);
    expect(json).toEqual({ statusCode: 502, error: { message: 'The payment provider could not start checkout: Stripe is having a moment.' } });
    expect(await storedOrders()).toEqual({});
  });

  it('answers 502 when Stripe refuses the key, without revealing the key', async () => {
    const { status, json } = await post(await serve(createStripeClient('sk_test_wrong_key_9999', standIn.url)), BODY);
    expect(status).toBe(502);
    const { message } = (json as { error: { message: string } }).error;
    expect(message).toMatch(/^The payment provider could not start checkout: Invalid API Key provided/);
    expect(message).not.toContain('sk_test_wrong_key_9999');
    expect(await storedOrders()).toEqual({});
  });
});
