/**
 * A local stand-in for the parts of Stripe our cloud functions use: the v1 REST API for Checkout
 * Sessions (create, retrieve, line items, expire, events), answered in Stripe's encoding and error
 * shapes so the real `stripe` SDK talks to it unchanged, plus a hosted test-checkout page whose Pay
 * button completes the session and delivers a signed `checkout.session.completed` webhook.
 * Tests read what happened at `/__sessions`, `/__events`, `/__deliveries` and steer it through
 * `/__control`. See README.md beside this file.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, notFoundPage, redirectPage, statusPage } from './checkout-page.ts';
import { lineItemList, newSession, parseCreateParams, randomId, type CheckoutSession, type CreateParams, type LineItem } from './checkout-sessions.ts';
import {
  StripeApiError,
  idempotencyMismatch,
  invalidApiKey,
  invalidRequest,
  noApiKey,
  noSuchEvent,
  noSuchSession,
  unknownParam,
  unrecognizedUrl,
  type StripeErrorBody,
} from './errors.ts';
import { MalformedFormError, decodeForm, type FormObject } from './form-encoding.ts';
import { signatureHeader } from './signature.ts';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../local-config.ts';

/** The API version stamped on events when the creating request named none (the SDK's pinned one). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

/** Checkout requests are a few kilobytes; this only guards the process. */
const MAX_BODY_BYTES = 256 * 1024;
/** Stripe's documented limit for Idempotency-Key. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** The oldest sessions/events/deliveries are dropped past this many. */
const MAX_KEPT = 1000;
/** Stripe retries failed deliveries for days; locally a few short tries show the same behaviour. */
const DEFAULT_RETRY_DELAYS_MS = [250, 500, 1000];
const WEBHOOK_TIMEOUT_MS = 15_000;
const EXPIRY_SWEEP_MS = 5_000;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: 'checkout.session.completed' | 'checkout.session.expired';
  data: { object: CheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

/** One attempt to deliver an event to the webhook URL. */
export interface WebhookDelivery {
  eventId: string;
  eventType: StripeEvent['type'];
  url: string;
  /** 1 for the first try of this delivery, 2.. for its retries. */
  attempt: number;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  ok: boolean;
  error?: string;
  /** The receiver's answer, cut to 2,000 characters (handy when a test fails). */
  responseBody?: string;
  at: string;
  durationMs: number;
}

/** Set through `POST /__control {fail: …}`: the next session creations answer with this Stripe error. */
export interface FailureRule {
  status: number;
  type: string;
  message: string;
  code?: string;
  /** How many creations fail before the rule is dropped; absent: until `DELETE /__control`. */
  times?: number;
  /** Only creations whose parameters all equal these fail, named as the API names them:
   *  `success_url`, `cancel_url`, `client_reference_id`, `customer_email`, `metadata[key]`.
   *  Lets one test fail its own checkout while others run in parallel. Empty matches all. */
  match?: Record<string, string>;
}

export interface StartOptions {
  /** Default 12111; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** No log output. */
  quiet?: boolean;
  /** The only API key accepted (Bearer or Basic); default STRIPE_SECRET_KEY of local-config.ts. */
  secretKey?: string;
  /** Where events are POSTed; absent: events are kept but not delivered. */
  webhookUrl?: string;
  /** Signs deliveries (`Stripe-Signature`); default STRIPE_WEBHOOK_SECRET of local-config.ts. */
  webhookSecret?: string;
  /** Pauses before each retry of a failed delivery; its length is the number of retries. */
  retryDelaysMs?: number[];
}

export interface RunningStripe {
  /** http://host:port — what the SDK's host/port/protocol point at, and the base of checkout URLs. */
  url: string;
  port: number;
  /** Every session, oldest first, as the API returns it (copies). */
  sessions(): CheckoutSession[];
  /** Every event created, oldest first (copies). */
  events(): StripeEvent[];
  /** Every delivery attempt, oldest first (copies). */
  deliveries(): WebhookDelivery[];
  /** Make session creations fail (same as `POST /__control {fail}`). */
  fail(rule: FailureRule): void;
  /** Forget sessions, events, deliveries, idempotency keys and failure rules. */
  reset(): void;
  stop(): Promise<void>;
}

interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  lineItemIds: string[];
  apiVersion: string;
}

interface EventRecord {
  event: StripeEvent;
  /** The exact bytes delivered, so a resend is byte-identical (only the signature's time changes). */
  payload: string;
}

interface ApiAnswer {
  status: number;
  body: unknown;
}

interface SavedAnswer extends ApiAnswer {
  fingerprint: string;
}

class PageError extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super(`page ${status}`);
  }
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
  'Access-Control-Max-Age': '600',
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...CORS_HEADERS, ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  send(res, status, JSON.stringify(value, null, 2), 'application/json', headers);
}

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  send(res, status, html, 'text/html; charset=utf-8', headers);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('Request body too large.', undefined, undefined, 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function decode(text: string): FormObject {
  try {
    return decodeForm(text);
  } catch (error) {
    if (error instanceof MalformedFormError) throw invalidRequest(`Invalid request: ${error.message}`);
    throw error;
  }
}

/** Bearer (what the SDK sends) or Basic with the key as user name (what `curl -u sk_…:` sends). */
function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return header;
}

function parseRule(value: unknown): FailureRule {
  if (typeof value !== 'object' || value === null) throw new StripeApiError(400, { type: 'invalid_request_error', message: '"fail" must be an object' });
  const { status, type, message, code, times } = value as Record<string, unknown>;
  const reject = (message: string) => new StripeApiError(400, { type: 'invalid_request_error', message });
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) throw reject('"fail.status" must be an integer from 400 to 599');
  if (typeof type !== 'string' || type === '') throw reject('"fail.type" must be a Stripe error type, e.g. "api_error"');
  if (typeof message !== 'string') throw reject('"fail.message" must be a string');
  if (code !== undefined && typeof code !== 'string') throw reject('"fail.code" must be a string');
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) throw reject('"fail.times" must be a positive integer');
  const match = (value as Record<string, unknown>).match;
  if (match !== undefined && (typeof match !== 'object' || match === null || Object.values(match).some((entry) => typeof entry !== 'string'))) {
    throw reject('"fail.match" must map parameter names to strings');
  }
  return { status, type, message, ...(code ? { code } : {}), ...(times ? { times } : {}), ...(match ? { match: match as Record<string, string> } : {}) };
}

/** The parameters a failure rule can be matched on, by the names the API gives them. */
function matchesRule(rule: FailureRule, params: CreateParams): boolean {
  const value = (name: string): string | null => {
    const metadataKey = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (metadataKey !== undefined) return params.metadata[metadataKey] ?? null;
    if (name === 'success_url' || name === 'cancel_url' || name === 'client_reference_id' || name === 'customer_email') return params[name];
    return null;
  };
  return Object.entries(rule.match ?? {}).every(([name, expected]) => value(name) === expected);
}

function keepLast<T>(list: T[]): T[] {
  return list.length > MAX_KEPT ? list.slice(-MAX_KEPT) : list;
}

export async function start(options: StartOptions = {}): Promise<RunningStripe> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? STRIPE_WEBHOOK_SECRET;
  const webhookUrl = options.webhookUrl;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log = options.quiet ? () => {} : (message: string) => console.error(`[stripe] ${message}`);
  let baseUrl = '';

  let sessions = new Map<string, SessionRecord>();
  let events: EventRecord[] = [];
  let deliveries: WebhookDelivery[] = [];
  let idempotent = new Map<string, SavedAnswer>();
  let rules: FailureRule[] = [];
  /** Bumped by reset(), so deliveries still in flight do not write into the fresh state. */
  let generation = 0;
  const inFlight = new Set<AbortController>();
  let stopped = false;

  const findEvent = (id: string) => events.find((record) => record.event.id === id);

  const deliverOnce = async (record: EventRecord, attempt: number, url: string): Promise<WebhookDelivery> => {
    const controller = new AbortController();
    inFlight.add(controller);
    const started = performance.now();
    const delivery: WebhookDelivery = { eventId: record.event.id, eventType: record.event.type, url, attempt, status: null, ok: false, at: new Date().toISOString(), durationMs: 0 };
    try {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(record.payload, webhookSecret),
        },
        body: record.payload,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      delivery.status = response.status;
      delivery.ok = response.status >= 200 && response.status < 300;
      delivery.responseBody = (await response.text().catch(() => '')).slice(0, 2000);
    } catch (error) {
      delivery.error = error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
    } finally {
      inFlight.delete(controller);
      delivery.durationMs = Math.round(performance.now() - started);
    }
    return delivery;
  };

  /** Delivers with retries; resolves with this delivery's attempts once one succeeded or all failed. */
  const deliver = async (record: EventRecord): Promise<WebhookDelivery[]> => {
    if (!webhookUrl) return [];
    const myGeneration = generation;
    const attempts: WebhookDelivery[] = [];
    for (let attempt = 1; attempt <= retryDelays.length + 1 && !stopped; attempt++) {
      if (attempt > 1) await sleep(retryDelays[attempt - 2]);
      if (stopped) break;
      const delivery = await deliverOnce(record, attempt, webhookUrl);
      attempts.push(delivery);
      if (myGeneration === generation) deliveries = keepLast([...deliveries, delivery]);
      log(`${record.event.type} ${record.event.id} → ${webhookUrl}: ${delivery.status ?? delivery.error} (attempt ${attempt})`);
      if (delivery.ok) break;
    }
    return attempts;
  };

  const emit = (type: StripeEvent['type'], record: SessionRecord): EventRecord => {
    const event: StripeEvent = {
      id: randomId('evt_test_', 24),
      object: 'event',
      api_version: record.apiVersion,
      created: nowSeconds(),
      type,
      data: { object: structuredClone(record.session) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
    };
    // Stripe sends events pretty-printed; receivers must verify these exact bytes.
    const eventRecord = { event, payload: JSON.stringify(event, null, 2) };
    events = keepLast([...events, eventRecord]);
    return eventRecord;
  };

  const expire = (record: SessionRecord) => {
    record.session.status = 'expired';
    record.session.url = null;
    log(`session ${record.session.id} expired`);
    void deliver(emit('checkout.session.expired', record));
  };

  /** Sessions past expires_at expire when next looked at (and on a timer), as Stripe's do. */
  const expireIfDue = (record: SessionRecord) => {
    if (record.session.status === 'open' && record.session.expires_at <= nowSeconds()) expire(record);
  };
  const sweep = setInterval(() => sessions.forEach(expireIfDue), EXPIRY_SWEEP_MS);
  sweep.unref();

  const getSession = (id: string): SessionRecord | undefined => {
    const record = sessions.get(id);
    if (record) expireIfDue(record);
    return record;
  };

  const createSession = (form: FormObject, req: IncomingMessage): ApiAnswer => {
    const now = nowSeconds();
    const params = parseCreateParams(form, now);
    // A controlled failure counts as "the endpoint ran": Stripe saves such results under the
    // idempotency key, so the SDK's automatic retries of a 5xx see the same error again.
    const rule = rules.find((candidate) => matchesRule(candidate, params));
    if (rule) {
      if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((kept) => kept !== rule);
      log(`create session: failing with ${rule.status} ${rule.type} (control rule)`);
      return { status: rule.status, body: { error: { type: rule.type, ...(rule.code ? { code: rule.code } : {}), message: rule.message } } };
    }
    const session = newSession(params, now, baseUrl);
    const apiVersion = typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : DEFAULT_API_VERSION;
    sessions.set(session.id, { session, lineItems: params.lineItems, lineItemIds: params.lineItems.map(() => randomId('li_', 24)), apiVersion });
    if (sessions.size > MAX_KEPT) sessions.delete(sessions.keys().next().value!);
    log(`session ${session.id} created: ${session.amount_total} ${session.currency}, ${params.lineItems.map((item) => item.name).join(', ')}`);
    return { status: 200, body: session };
  };

  const rejectQuery = (query: FormObject) => {
    for (const key of Object.keys(query)) if (key !== 'expand') throw unknownParam(key);
  };

  /** The v1 API, after authentication. POST bodies are form-encoded; GET parameters are in the query. */
  const api = (method: string, path: string, form: FormObject, req: IncomingMessage): ApiAnswer => {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form, req);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items|\/expire)?$/.exec(path);
    if (sessionMatch) {
      const id = decodeURIComponent(sessionMatch[1]);
      const action = sessionMatch[2] ?? '';
      if (method === 'GET' && action !== '/expire') {
        rejectQuery(form);
        const record = getSession(id);
        if (!record) throw noSuchSession(id);
        return { status: 200, body: action === '' ? record.session : lineItemList(record.session, record.lineItems, record.lineItemIds) };
      }
      if (method === 'POST' && action === '/expire') {
        rejectQuery(form);
        const record = getSession(id);
        if (!record) throw noSuchSession(id);
        if (record.session.status !== 'open') {
          throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`);
        }
        expire(record);
        return { status: 200, body: record.session };
      }
    }
    const eventMatch = /^\/v1\/events\/([^/]+)$/.exec(path);
    if (eventMatch && method === 'GET') {
      rejectQuery(form);
      const record = findEvent(decodeURIComponent(eventMatch[1]));
      if (!record) throw noSuchEvent(decodeURIComponent(eventMatch[1]));
      return { status: 200, body: record.event };
    }
    throw unrecognizedUrl(method, path);
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL, headers: Record<string, string>) => {
    const method = req.method ?? 'GET';
    const key = apiKeyOf(req);
    if (!key) throw noApiKey();
    if (key !== secretKey) throw invalidApiKey(key);

    let bodyText = '';
    if (method === 'POST') {
      bodyText = await readBody(req);
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (bodyText !== '' && type !== 'application/x-www-form-urlencoded') {
        throw invalidRequest(`Invalid request: unsupported Content-Type ${type || '(none)'}. Stripe's v1 API takes application/x-www-form-urlencoded.`);
      }
    }
    const form = decode(method === 'POST' ? bodyText : url.search.slice(1));

    const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof idempotencyKey === 'string') {
      if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw invalidRequest(`Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`);
      }
      headers['Idempotency-Key'] = idempotencyKey;
      const fingerprint = `${method} ${url.pathname}\n${bodyText}`;
      const saved = idempotent.get(idempotencyKey);
      if (saved) {
        if (saved.fingerprint !== fingerprint) throw idempotencyMismatch(idempotencyKey);
        sendJson(res, saved.status, saved.body, { ...headers, 'Idempotent-Replayed': 'true' });
        return;
      }
      // Parameter errors throw and are not saved (Stripe: "no idempotent result is saved if
      // incoming parameters failed validation"); whatever the endpoint answered is.
      const answer = api(method, url.pathname, form, req);
      idempotent.set(idempotencyKey, { ...structuredClone(answer), fingerprint });
      sendJson(res, answer.status, answer.body, headers);
      return;
    }
    const answer = api(method, url.pathname, form, req);
    sendJson(res, answer.status, answer.body, headers);
  };

  /** The hosted checkout page and its two buttons. */
  const handleCheckout = async (req: IncomingMessage, res: ServerResponse, id: string, action: string) => {
    if (req.method === 'POST') await readBody(req); // the buttons post no fields; drain whatever came
    const record = getSession(id);
    if (!record) throw new PageError(404, notFoundPage(id));
    const { session } = record;
    if (req.method === 'GET' && action === '') {
      sendHtml(res, 200, checkoutPage(session, record.lineItems));
      return;
    }
    if (req.method !== 'POST' || (action !== '/pay' && action !== '/cancel')) throw new PageError(405, notFoundPage(id));
    if (session.status !== 'open') throw new PageError(409, statusPage(session));

    if (action === '/cancel') {
      // On Stripe, "back" leaves the session open; it can still be paid until it expires.
      const target = session.cancel_url ?? `${baseUrl}/c/pay/${session.id}`;
      sendHtml(res, 303, redirectPage(target, 'Checkout cancelled'), { Location: target });
      return;
    }
    session.status = 'complete';
    session.payment_status = session.mode === 'setup' ? 'no_payment_required' : 'paid';
    session.payment_intent = session.mode === 'payment' ? randomId('pi_test_', 24) : null;
    session.customer_details = { email: session.customer_email, name: null, phone: null, address: null, tax_exempt: 'none', tax_ids: [] };
    session.url = null;
    log(`session ${session.id} paid`);
    // Stripe redirects without waiting for webhooks; waiting here makes "back on the shop" mean
    // "the shop has heard", which keeps browser tests deterministic.
    await deliver(emit('checkout.session.completed', record));
    const target = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    sendHtml(res, 303, redirectPage(target, 'Payment complete'), { Location: target });
  };

  const handleControl = async (req: IncomingMessage, res: ServerResponse, route: string, pathname: string) => {
    const resendMatch = /^\/__events\/([^/]+)\/resend$/.exec(pathname);
    if (req.method === 'POST' && resendMatch) {
      const record = findEvent(decodeURIComponent(resendMatch[1]));
      if (!record) throw noSuchEvent(decodeURIComponent(resendMatch[1]));
      if (!webhookUrl) throw invalidRequest('No webhook URL is configured (--webhook-url), so there is nowhere to resend to.');
      sendJson(res, 200, { event: record.event.id, deliveries: await deliver(record) });
      return;
    }
    switch (route) {
      case 'GET /__sessions':
        sendJson(res, 200, [...sessions.values()].map((record) => record.session));
        return;
      case 'GET /__events':
        sendJson(res, 200, events.map((record) => record.event));
        return;
      case 'GET /__deliveries':
        sendJson(res, 200, deliveries);
        return;
      case 'POST /__control': {
        let body: unknown;
        try {
          body = JSON.parse((await readBody(req)) || '{}');
        } catch {
          throw invalidRequest('The body of POST /__control must be JSON: {"fail": {"status", "type", "message", "code"?, "times"?}}');
        }
        rules.push(parseRule((body as { fail?: unknown } | null)?.fail));
        sendJson(res, 200, { rules });
        return;
      }
      case 'DELETE /__control':
        rules = [];
        sendJson(res, 200, { rules });
        return;
      case 'POST /__reset':
        reset();
        sendJson(res, 200, { reset: true });
        return;
      default:
        throw unrecognizedUrl(req.method ?? 'GET', pathname);
    }
  };

  const reset = () => {
    generation++;
    sessions = new Map();
    events = [];
    deliveries = [];
    idempotent = new Map();
    rules = [];
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = `${req.method} ${url.pathname}`;
    const headers: Record<string, string> = { 'Request-Id': randomId('req_', 14), 'Stripe-Version': DEFAULT_API_VERSION };
    const handle = async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...CORS_HEADERS, ...headers });
        res.end();
        return;
      }
      if (url.pathname.startsWith('/v1/')) return handleApi(req, res, url, headers);
      const checkoutMatch = /^\/c\/pay\/([^/]+)(\/pay|\/cancel)?$/.exec(url.pathname);
      if (checkoutMatch) return handleCheckout(req, res, decodeURIComponent(checkoutMatch[1]), checkoutMatch[2] ?? '');
      if (url.pathname.startsWith('/__')) return handleControl(req, res, route, url.pathname);
      if (route === 'GET /') {
        sendJson(
          res,
          200,
          {
            service: 'Stripe stand-in',
            api: ['POST /v1/checkout/sessions', 'GET /v1/checkout/sessions/:id', 'GET /v1/checkout/sessions/:id/line_items', 'POST /v1/checkout/sessions/:id/expire', 'GET /v1/events/:id'],
            checkout: `${baseUrl}/c/pay/:id`,
            webhook: webhookUrl ?? null,
            controls: ['GET /__sessions', 'GET /__events', 'GET /__deliveries', 'POST /__events/:id/resend', 'POST /__control', 'DELETE /__control', 'POST /__reset'],
          },
          headers,
        );
        return;
      }
      throw unrecognizedUrl(req.method ?? 'GET', url.pathname);
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return;
      if (error instanceof PageError) return sendHtml(res, error.status, error.html, headers);
      if (error instanceof StripeApiError) return sendJson(res, error.status, { error: error.body }, headers);
      log(`${route}: ${String(error)}`);
      const body: StripeErrorBody = { type: 'api_error', message: 'An unknown error occurred in the Stripe stand-in.' };
      sendJson(res, 500, { error: body }, headers);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 12111, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  log(`ready on ${baseUrl}${webhookUrl ? `, delivering events to ${webhookUrl}` : ' (no webhook URL: events are kept, not sent)'}`);

  return {
    url: baseUrl,
    port,
    sessions: () => [...sessions.values()].map((record) => structuredClone(record.session)),
    events: () => events.map((record) => structuredClone(record.event)),
    deliveries: () => structuredClone(deliveries),
    fail: (rule) => {
      rules.push(parseRule(rule));
    },
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        clearInterval(sweep);
        for (const controller of inFlight) controller.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
