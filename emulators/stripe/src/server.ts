/**
 * A local stand-in for the parts of Stripe our cloud functions use, speaking Stripe's v1 REST API
 * (form-encoded, Stripe's errors, signed webhooks) so the real `stripe` SDK talks to it unchanged:
 * Checkout Sessions (payment and subscription mode), Customers and their cards, Subscriptions,
 * Invoices, the Billing Portal and Test Clocks — plus the hosted pages Stripe would show (test
 * checkout, customer portal, invoices) and test controls under `/__`. See README.md beside this file.
 *
 * This module only wires the layers together (docs/decisions/0127-stripe-stand-in-layers.md):
 * core/ (the state, ids, events and their delivery, the clocks, request parsing), resources/ (one
 * module per Stripe resource), api/ (the `/v1` routes and router.ts, the API's door), hosted/ (the
 * pages' HTTP side and the pages), and controls.ts (`/__`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { closeUnreadAfterAnswer, originGate, sendHtml, sendJson, type OriginGate } from '@leopard/emulator-http';
import { API_SUMMARY, handleApi } from './api/router';
import { expireDueSessions, expireNow } from './resources/checkout-expiry';
import { DEFAULT_API_VERSION, standInNow, type StandIn } from './core/context';
import { advanceStandInClock, CONTROLS, handleControl, parseRule, snapshots, type StandInClock } from './controls';
import { closeDispute, openDispute, type NewDispute } from './resources/disputes';
import { StripeApiError, unrecognizedUrl, type StripeErrorBody } from './core/errors';
import { type StripeEvent, type WebhookDelivery } from './core/event-data';
import { handleCheckoutPage, handleInvoicePage, handlePortalPage } from './hosted/hosted-pages';
import { CORS_PREFLIGHT_HEADERS, PageError, decodeSegment } from './core/http';
import { randomId } from './core/ids';
import { Store, type FailureRule } from './core/store';
import { advanceStepwise } from './resources/test-clocks';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher } from './core/webhooks';

export { DEFAULT_API_VERSION } from './core/context';
export type { StripeEvent } from './core/event-data';
export type { FailureRule } from './core/store';
export type { NewDispute } from './resources/disputes';
export type { WebhookDelivery } from './core/event-data';

const EXPIRY_SWEEP_MS = 5_000;

export interface StartOptions {
  /** Default 12111; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** No log output. */
  quiet?: boolean;
  /** The only API key accepted (Bearer or Basic). The caller names it: the stand-in is a library
   *  and knows no project's keys (the CLI's default is the local stack's, from local-config.ts). */
  secretKey: string;
  /** Where events are POSTed; absent: events are kept but not delivered. */
  webhookUrl?: string;
  /** Signs deliveries (`Stripe-Signature`); required with `webhookUrl`. */
  webhookSecret?: string;
  /** Pauses before each retry of a failed delivery; its length is the number of retries. */
  retryDelaysMs?: number[];
  /** The business the billing portal and invoices name ("Return to Leopard"); default 'Leopard'. */
  businessName?: string;
  /** The account's Terms of Service URL, as a deployer sets it in the Dashboard's public details.
   *  Default none, like a new Stripe account: a Checkout session asking for Terms consent
   *  (`consent_collection[terms_of_service]=required`) is refused as Stripe refuses it. */
  termsOfServiceUrl?: string;
  /** The origins whose pages may call from a browser, besides the stand-in's own (its hosted pages):
   *  exactly these; `*` for any. Default: any loopback origin. Other pages are refused with 403
   *  before anything is read or changed; requests without Origin (the SDK, curl) are served
   *  (emulators/rtdb/docs/protocol.md#browser-origins). */
  allowedOrigins?: string[];
  /** How long after the hosted checkout's Pay its events are delivered (ms; default 0: Pay waits
   *  for them). Changed later with `POST /__webhook-delay` or `setWebhookDelay`. */
  webhookDelayMs?: number;
}

export interface RunningStripe {
  /** http://host:port — what the SDK's host/port/protocol point at, and the base of hosted pages. */
  url: string;
  port: number;
  /** Every session, oldest first, as the API returns it (copies); likewise the next four. */
  sessions(): Stripe.Checkout.Session[];
  customers(): Stripe.Customer[];
  subscriptions(): Stripe.Subscription[];
  /** Oldest first. */
  invoices(): Stripe.Invoice[];
  testClocks(): Stripe.TestHelpers.TestClock[];
  /** Every charge (one per paid invoice), oldest first (copies); likewise refunds and disputes. */
  charges(): Stripe.Charge[];
  refunds(): Stripe.Refund[];
  disputes(): Stripe.Dispute[];
  /** Opens a dispute on a charge (same as `POST /__disputes`); resolves once its event is delivered. */
  openDispute(input: NewDispute): Promise<Stripe.Dispute>;
  /** Closes it as won or lost (same as `POST /__disputes/:id/close`). */
  closeDispute(id: string, status: 'won' | 'lost'): Promise<Stripe.Dispute>;
  /** Every event created, oldest first (copies). */
  events(): StripeEvent[];
  /** Every delivery attempt, oldest first (copies). */
  deliveries(): WebhookDelivery[];
  /** Resolves once every event created so far has been delivered (or has run out of retries):
   *  API calls answer before their events are delivered, as on Stripe. */
  settled(): Promise<void>;
  /** Advances a test clock to `toSeconds` in as many steps as Stripe allows (two billing intervals
   *  each), billing and delivering as it goes; resolves with the clock, `ready`. */
  advanceClock(clockId: string, toSeconds: number): Promise<Stripe.TestHelpers.TestClock>;
  /** The stand-in's own time (Unix seconds): real time plus what `advanceTime` added. */
  now(): number;
  /** Moves the stand-in's own clock forward (same as `POST /__clock/advance {seconds}`): every
   *  session on no test clock whose `expires_at` it passes expires, and the events are delivered
   *  before this resolves. */
  advanceTime(seconds: number): Promise<StandInClock>;
  /** As `POST /__sessions/:id/expire`: the open session expires now, as if its `expires_at` had
   *  come; resolves once `checkout.session.expired` is delivered (false: it was not open). */
  expireSession(id: string): Promise<boolean>;
  /** The hosted checkout's webhook delay in ms (same as `POST /__webhook-delay {ms}`). */
  setWebhookDelay(ms: number): void;
  /** Make session creations fail (same as `POST /__control {fail}`). */
  fail(rule: FailureRule): void;
  /** Forget everything: objects, events, deliveries, idempotency keys and failure rules; the
   *  stand-in's clock goes back to real time. `keepCatalogue` keeps the Products, Prices, coupons,
   *  promotion codes and portal configurations (a test file's harness re-syncs them cheaply). */
  reset(options?: { keepCatalogue?: boolean }): void;
  stop(): Promise<void>;
}

/** The stand-in's parts, wired: the store, the webhook dispatcher and the settings. */
function newStandIn(options: StartOptions, log: (message: string) => void): StandIn {
  const store = new Store();
  const webhooks = new WebhookDispatcher(store, {
    url: options.webhookUrl,
    // Without a URL nothing is delivered, so nothing is signed.
    secret: options.webhookSecret ?? '',
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    log,
  });
  webhooks.delayMs = options.webhookDelayMs ?? 0;
  return {
    store,
    webhooks,
    settings: {
      baseUrl: '',
      businessName: options.businessName ?? 'Leopard',
      termsOfServiceUrl: options.termsOfServiceUrl ?? null,
      log,
    },
  };
}

type Reset = (options?: { keepCatalogue?: boolean }) => void;

/** Sends a request on to its part by path: the API, a hosted page, the controls, or the index. */
async function dispatch(
  standIn: StandIn,
  secretKey: string,
  reset: Reset,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  headers: Record<string, string>,
) {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CORS_PREFLIGHT_HEADERS, ...headers });
    res.end();
    return;
  }
  const { pathname } = url;
  if (pathname.startsWith('/v1/')) return handleApi(standIn, secretKey, req, res, url, headers);
  const checkout = /^\/c\/pay\/([^/]+)(\/pay|\/cancel|\/update)?$/.exec(pathname);
  if (checkout) return handleCheckoutPage(standIn, req, res, decodeSegment(checkout[1]), checkout[2] ?? '', headers);
  const portal = /^\/p\/session\/([^/]+)(\/.*)?$/.exec(pathname);
  if (portal) return handlePortalPage(standIn, req, res, decodeSegment(portal[1]), portal[2] ?? '', headers);
  const invoice = /^\/i\/([^/]+)(\/pdf)?$/.exec(pathname);
  if (invoice) return handleInvoicePage(standIn, req, res, decodeSegment(invoice[1]), invoice[2] ?? '', headers);
  if (pathname.startsWith('/__')) return handleControl(standIn, req, res, url, reset);
  if (req.method === 'GET' && pathname === '/') {
    const base = standIn.settings.baseUrl;
    const pages = { checkout: `${base}/c/pay/:id`, billingPortal: `${base}/p/session/:id`, invoice: `${base}/i/:id` };
    return sendJson(
      res,
      200,
      { service: 'Stripe stand-in', api: API_SUMMARY, pages, webhook: standIn.webhooks.url ?? null, controls: CONTROLS },
      headers,
    );
  }
  throw unrecognizedUrl(req.method ?? 'GET', pathname);
}

/** A failed request's answer: a hosted page's error page, Stripe's error body, or a logged 500. */
function answerFailure(
  standIn: StandIn,
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  headers: Record<string, string>,
) {
  if (res.headersSent) return;
  if (error instanceof PageError) return sendHtml(res, error.status, error.html, headers);
  if (error instanceof StripeApiError) return sendJson(res, error.status, { error: error.body }, headers);
  standIn.settings.log(`${req.method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const body: StripeErrorBody = { type: 'api_error', message: 'An unknown error occurred in the Stripe stand-in.' };
  sendJson(res, 500, { error: body }, headers);
}

/** Every request: the gate first (nothing read or changed for a refused host name or page), then its part. */
function requestListener(standIn: StandIn, origins: OriginGate, secretKey: string, reset: Reset) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const headers: Record<string, string> = { 'Request-Id': randomId('req_', 14), 'Stripe-Version': DEFAULT_API_VERSION };
    closeUnreadAfterAnswer(req, res);
    const refused = origins.refusal(req);
    if (refused !== null) {
      standIn.settings.log(`refused ${req.method} ${url.pathname} from ${refused.from}`);
      const body: StripeErrorBody = { type: 'invalid_request_error', message: refused.text.trim() };
      return sendJson(res, refused.status, { error: body }, { ...headers, Vary: 'Origin' });
    }
    for (const [name, value] of Object.entries(origins.corsHeaders(req))) res.setHeader(name, value);
    dispatch(standIn, secretKey, reset, req, res, url, headers).catch((error: unknown) =>
      answerFailure(standIn, error, req, res, url, headers),
    );
  };
}

export async function start(options: StartOptions): Promise<RunningStripe> {
  if (options.webhookUrl !== undefined && !options.webhookSecret) throw new Error('webhookSecret is required with webhookUrl');
  const host = options.host ?? '127.0.0.1';
  let listeningPort = 0;
  const origins = originGate({ service: 'Stripe stand-in', allowed: options.allowedOrigins, host, port: () => listeningPort });
  const log = options.quiet ? () => {} : (message: string) => console.error(`[stripe] ${message}`);
  const standIn = newStandIn(options, log);
  const { store, webhooks } = standIn;
  const reset: Reset = (resetOptions) => {
    store.reset(resetOptions);
    webhooks.reset();
  };

  const sweep = setInterval(() => void expireDueSessions(standIn), EXPIRY_SWEEP_MS);
  sweep.unref();

  const server = createServer(requestListener(standIn, origins, options.secretKey, reset));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 12111, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  listeningPort = port;
  standIn.settings.baseUrl = `http://${host}:${port}`;
  log(
    `ready on ${standIn.settings.baseUrl}${webhooks.url ? `, delivering events to ${webhooks.url}` : ' (no webhook URL: events are kept, not sent)'}`,
  );

  const list = snapshots(standIn);
  return {
    url: standIn.settings.baseUrl,
    port,
    sessions: list.sessions,
    customers: list.customers,
    subscriptions: list.subscriptions,
    invoices: list.invoices,
    testClocks: list.testClocks,
    charges: list.charges,
    refunds: list.refunds,
    disputes: list.disputes,
    openDispute: (input) => openDispute(standIn, input),
    closeDispute: (id, status) => closeDispute(standIn, id, status),
    events: list.events,
    deliveries: list.deliveries,
    settled: () => webhooks.settled(),
    advanceClock: (clockId, toSeconds) => advanceStepwise(standIn, clockId, toSeconds),
    now: () => standInNow(standIn),
    advanceTime: (seconds) => advanceStandInClock(standIn, seconds),
    expireSession: async (id) => {
      const record = standIn.store.sessions.get(id);
      return record ? expireNow(standIn, record) : false;
    },
    setWebhookDelay: (ms) => {
      webhooks.delayMs = ms;
    },
    fail: (rule) => {
      store.rules.push(parseRule(rule));
    },
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        webhooks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
