// For the functions' tests only (nothing in index.ts imports it): what a test file runs its
// handlers against, the project's database emulator with a firebase-admin app on it and the Stripe
// stand-in with the real `stripe` SDK pointed at it, both on free ports; optionally the webhook
// served between them, as the test file hands it in (so that this layer stays below every function
// it serves: docs/decisions/0132-functions-by-feature.md). checkout/store.testing.ts serves the
// store's functions on it; auth.testing.ts adds real accounts.
import type { App } from 'firebase-admin/app';
import type { Database } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type Stripe from 'stripe';
import { beforeEach } from 'vitest';
import { start as startStripe, type RunningStripe } from '@leopard/stripe-stand-in';
import { TERMS_OF_SERVICE_URL } from '@leopard/stripe-stand-in/testing';
import { orderPath } from '../../../src/data/orders';
import { syncStripeCatalog } from '../../../emulators/stripe-catalog-sync';
import { testServers, type JsonAnswer, type TestServers } from '../http/http.testing';
import type { MailSettings } from '../mail';
import { createStripeClient } from '../stripe/stripe-client';
import { startDatabaseApp, useForFile } from './emulators.testing';

export const SITE = 'http://127.0.0.1:4173';
export const CARDS = { visa: '4242424242424242', mastercard: '5555555555554444', failsLater: '4000000000000341' } as const;

/** The webhook's handler as index.ts serves it (handleWebhook). */
export type WebhookHandler = (
  request: Request,
  response: Response,
  deps: { database: Database; stripe: Stripe; webhookSecret: string; mail?: MailSettings },
) => Promise<void>;

export interface BackendOptions {
  /** The only API key the stand-in accepts (the `stripe` client uses it). */
  secretKey: string;
  /** Given: the webhook's handler is served (`webhookUrl`) and the stand-in delivers its events
   *  there, signed with `secret`; the handler sends the server mails (a guest's claim link) with
   *  `mail`. Absent: events are kept, not delivered. */
  webhook?: { handle: WebhookHandler; secret: string; mail?: MailSettings };
  /** The stand-in's retries of a failed delivery; none unless asked, so each test decides when
   *  Stripe redelivers (POST /__events/:id/resend) and every refusal shows. */
  retryDelaysMs?: number[];
  /** false: the stand-in starts (and resets to) without the catalogue's Products and Prices, which
   *  `npm run stripe:sync` otherwise puts there as on the local stack. */
  catalogue?: boolean;
  /** The firebase-admin app's project, when not `demo-<name>` (the shared Auth emulator's). */
  projectId?: string;
}

/** What the handler tests run against, all on free ports of 127.0.0.1. */
export interface Backends {
  /** firebase-admin's app, and its database on the project's database emulator. */
  app: App;
  database: Database;
  /** The Stripe stand-in, and the real `stripe` SDK pointed at it with `secretKey`. */
  standIn: RunningStripe;
  stripe: Stripe;
  /** Serve handlers here; `close()` closes them. */
  servers: TestServers;
  /** The webhook's URL, when one was given. */
  webhookUrl?: string;
  /** Forgets the stand-in's state and empties the database. */
  reset(): Promise<void>;
  /** Closes the servers, the app, the stand-in and the database emulator. */
  close(): Promise<void>;
}

/** Starts the database emulator, a firebase-admin app on it (project and namespace
 *  `demo-${name}`) and the Stripe stand-in, with the webhook served between the two when the
 *  stand-in is to deliver events. */
export async function startBackends(name: string, options: BackendOptions): Promise<Backends> {
  const databaseApp = await startDatabaseApp(name, options.projectId);
  const { app, database } = databaseApp;
  const servers = testServers();
  const { secretKey, webhook } = options;
  // The webhook is served first: the stand-in needs its URL to deliver to. `stripe` is read per
  // request, once the stand-in is up (the client needs its port).
  let stripe!: Stripe;
  const webhookUrl =
    webhook === undefined
      ? undefined
      : await servers.serve('stripeWebhook', (request, response) =>
          webhook.handle(request, response, { database, stripe, webhookSecret: webhook.secret, mail: webhook.mail }),
        );
  const standIn = await startStripe({
    port: 0,
    quiet: true,
    secretKey,
    termsOfServiceUrl: TERMS_OF_SERVICE_URL,
    ...(webhook === undefined ? {} : { webhookUrl, webhookSecret: webhook.secret, retryDelaysMs: options.retryDelaysMs ?? [] }),
  });
  stripe = createStripeClient(secretKey, standIn.url);
  const syncCatalogue = async () => {
    if (options.catalogue === false) return;
    await syncStripeCatalog(stripe, { seedDemo: true, concurrency: 8 });
    // Its events delivered before the test starts, so the test sees only its own.
    await standIn.settled();
  };
  await syncCatalogue();
  return {
    app,
    database,
    standIn,
    stripe,
    servers,
    webhookUrl,
    async reset() {
      // The catalogue stays: making its 48 Prices again, and delivering their events, cost every
      // test a third of a second. The sync below still puts back whatever a test changed.
      standIn.reset({ keepCatalogue: true });
      await databaseApp.reset();
      await syncCatalogue();
    },
    async close() {
      await servers.closeAll();
      await standIn.stop();
      await databaseApp.close();
    },
  };
}

/** A test file's backends: started in beforeAll, reset before each test, closed in afterAll.
 *  The object is filled in by beforeAll: read its fields inside tests and hooks. */
export function useBackends(name: string, options: BackendOptions): Backends {
  return useForFile(() => startBackends(name, options));
}

/** Waits until every event the stand-in has made has been delivered (one try each without
 *  retries), including events the webhook's own calls caused (setting the term end). */
export async function settled(standIn: RunningStripe, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivered = new Set(standIn.deliveries().map((delivery) => delivery.eventId));
    if (standIn.events().every((event) => event.pending_webhooks === 0 || delivered.has(event.id))) {
      // Quiet twice in a row: a delivery just answered may have caused another event.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const again = new Set(standIn.deliveries().map((delivery) => delivery.eventId));
      if (standIn.events().every((event) => event.pending_webhooks === 0 || again.has(event.id))) return;
    }
    if (Date.now() > deadline) throw new Error('the stand-in still has undelivered events');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function read<T = Record<string, unknown>>(database: Database, path: string): Promise<T | null> {
  return (await database.ref(path).get()).val() as T | null;
}

/** The order as the customer area reads it. */
export function readOrder<T = Record<string, unknown>>(harness: Pick<Backends, 'database'>, orderId: string): Promise<T | null> {
  return read<T>(harness.database, orderPath(orderId));
}

export interface TestClock {
  at: number | null;
  now: () => number;
}

/** The time the functions under test read as `now`: real time unless a test sets `at`, and real
 *  time again before each test. */
export function useTestClock(): TestClock {
  const clock = { at: null as number | null, now: () => clock.at ?? Date.now() };
  beforeEach(() => {
    clock.at = null;
  });
  return clock;
}

export type { JsonAnswer };
