/**
 * Test controls (`/__…`, no API key): read what happened, steer failures, move test clocks and the
 * stand-in's own clock, and set a customer's card, without going through Stripe's API or the
 * hosted pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '@leopard/emulator-http';
import { updatePaymentMethod } from './resources/billing-portal';
import { expireDueSessions, expireNow } from './resources/checkout-expiry';
import { standInNow, type StandIn } from './core/context';
import { StripeApiError, invalidRequest, noSuchCustomer, noSuchEvent, noSuchSession, unrecognizedUrl } from './core/errors';
import { decodeSegment, readBody } from './core/http';
import { newestFirst } from './core/lists';
import type { FailureRule } from './core/store';
import { getClock } from './resources/clock-records';
import { closeDispute, openDispute } from './resources/disputes';
import { advanceStepwise } from './resources/test-clocks';
import { MAX_WEBHOOK_DELAY_MS } from './core/webhooks';

export function parseRule(value: unknown): FailureRule {
  if (typeof value !== 'object' || value === null)
    throw new StripeApiError(400, { type: 'invalid_request_error', message: '"fail" must be an object' });
  const { status, type, message, code, times } = value as Record<string, unknown>;
  const reject = (message: string) => new StripeApiError(400, { type: 'invalid_request_error', message });
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
    throw reject('"fail.status" must be an integer from 400 to 599');
  if (typeof type !== 'string' || type === '') throw reject('"fail.type" must be a Stripe error type, e.g. "api_error"');
  if (typeof message !== 'string') throw reject('"fail.message" must be a string');
  if (code !== undefined && typeof code !== 'string') throw reject('"fail.code" must be a string');
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1))
    throw reject('"fail.times" must be a positive integer');
  const match = (value as Record<string, unknown>).match;
  if (
    match !== undefined &&
    (typeof match !== 'object' || match === null || Object.values(match).some((entry) => typeof entry !== 'string'))
  ) {
    throw reject('"fail.match" must map parameter names to strings');
  }
  return {
    status,
    type,
    message,
    ...(code ? { code } : {}),
    ...(times ? { times } : {}),
    ...(match ? { match: match as Record<string, string> } : {}),
  };
}

async function readJson(req: IncomingMessage, usage: string): Promise<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse((await readBody(req)) || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw invalidRequest(`The body must be JSON: ${usage}`);
}

/** The stand-in's own clock, as `/__clock` answers. */
export interface StandInClock {
  /** Unix seconds: real time plus the offset. */
  now: number;
  /** How far the clock has been moved past real time. */
  offset_seconds: number;
  /** Sessions that expired because of this move (only in the answer to an advance). */
  expired?: string[];
}

const clockState = (standIn: StandIn): StandInClock => ({ now: standInNow(standIn), offset_seconds: standIn.store.clockOffsetSeconds });

/** Moves the stand-in's own clock forward by `seconds`: sessions whose time passes `expires_at`
 *  expire, and their `checkout.session.expired` events are delivered before this resolves. Test
 *  clocks do not move: their customers' objects keep their own time. */
export async function advanceStandInClock(standIn: StandIn, seconds: number): Promise<StandInClock> {
  if (!Number.isInteger(seconds) || seconds <= 0) throw invalidRequest('"seconds" must be a positive whole number of seconds.', 'seconds');
  standIn.store.clockOffsetSeconds += seconds;
  standIn.settings.log(`stand-in clock moved forward ${seconds} s, to ${new Date(standInNow(standIn) * 1000).toISOString()}`);
  const expired = await expireDueSessions(standIn);
  return { ...clockState(standIn), expired };
}

function oldestFirst<R extends { seq: number }, T>(records: Map<string, R>, object: (record: R) => T): T[] {
  return [...records.values()].sort((a, b) => a.seq - b.seq).map((record) => structuredClone(object(record)));
}

/** Every object of a kind, oldest first. */
export const snapshots = (standIn: StandIn) => ({
  sessions: () => [...standIn.store.sessions.values()].map((record) => structuredClone(record.session)),
  customers: () => [...standIn.store.customers.values()].map((record) => structuredClone(record.customer)),
  subscriptions: () => [...standIn.store.subscriptions.values()].map((record) => structuredClone(record.subscription)),
  invoices: () =>
    newestFirst([...standIn.store.invoices.values()], (record) => record.invoice.created)
      .reverse()
      .map((record) => structuredClone(record.invoice)),
  testClocks: () => [...standIn.store.clocks.values()].map((record) => structuredClone(record.clock)),
  paymentMethods: () => [...standIn.store.paymentMethods.values()].map((record) => structuredClone(record.paymentMethod)),
  portalSessions: () => [...standIn.store.portalSessions.values()].map((record) => structuredClone(record.session)),
  charges: () => oldestFirst(standIn.store.charges, (record) => record.charge),
  refunds: () => oldestFirst(standIn.store.refunds, (record) => record.refund),
  disputes: () => oldestFirst(standIn.store.disputes, (record) => record.dispute),
  events: () => standIn.store.events.map((record) => structuredClone(record.event)),
  deliveries: () => structuredClone(standIn.store.deliveries),
});

/** The controls whose path names an object (`/__events/:id/resend`, `/__sessions/:id/expire`, `/__test_clocks/:id/advance`,
 *  `/__disputes/:id/close`, `/__customers/:id/card`); false when the path is none of them. */
async function handleObjectControl(standIn: StandIn, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const resend = /^\/__events\/([^/]+)\/resend$/.exec(pathname);
  if (req.method === 'POST' && resend) {
    const record = standIn.store.findEvent(decodeSegment(resend[1]));
    if (!record) throw noSuchEvent(decodeSegment(resend[1]));
    if (!standIn.webhooks.url) throw invalidRequest('No webhook URL is configured (--webhook-url), so there is nowhere to resend to.');
    sendJson(res, 200, { event: record.event.id, deliveries: await standIn.webhooks.deliverNow(record) });
    return true;
  }
  const expiring = /^\/__sessions\/([^/]+)\/expire$/.exec(pathname);
  if (req.method === 'POST' && expiring) {
    const id = decodeSegment(expiring[1]);
    const record = standIn.store.sessions.get(id);
    if (!record) throw noSuchSession(id);
    if (!(await expireNow(standIn, record)))
      throw invalidRequest(`The Checkout Session is ${record.session.status}, not open, so it cannot expire.`, undefined, undefined, 409);
    sendJson(res, 200, structuredClone(record.session));
    return true;
  }
  const advance = /^\/__test_clocks\/([^/]+)\/advance$/.exec(pathname);
  if (req.method === 'POST' && advance) {
    const body = await readJson(req, '{"frozen_time": <unix seconds>}');
    const id = decodeSegment(advance[1]);
    getClock(standIn, id);
    if (typeof body.frozen_time !== 'number' || !Number.isInteger(body.frozen_time))
      throw invalidRequest('"frozen_time" must be a Unix time in seconds.', 'frozen_time');
    if (body.frozen_time <= standIn.store.clocks.get(id)!.clock.frozen_time)
      throw invalidRequest('"frozen_time" must be after the clock\'s frozen_time.', 'frozen_time');
    sendJson(res, 200, await advanceStepwise(standIn, id, body.frozen_time));
    return true;
  }
  const closing = /^\/__disputes\/([^/]+)\/close$/.exec(pathname);
  if (req.method === 'POST' && closing) {
    const body = await readJson(req, '{"status": "won" | "lost"}');
    sendJson(res, 200, await closeDispute(standIn, decodeSegment(closing[1]), body.status));
    return true;
  }
  const card = /^\/__customers\/([^/]+)\/card$/.exec(pathname);
  if (req.method === 'POST' && card) {
    const body = await readJson(req, '{"number": "4000 0000 0000 0341"}');
    const id = decodeSegment(card[1]);
    if (!standIn.store.customers.has(id)) throw noSuchCustomer(id);
    if (typeof body.number !== 'string') throw invalidRequest('"number" must be a card number.', 'number');
    const result = await updatePaymentMethod(standIn, id, body.number);
    if (!result.saved)
      throw invalidRequest(result.message, 'number', result.status === 402 ? 'card_declined' : 'invalid_number', result.status);
    sendJson(
      res,
      200,
      snapshots(standIn)
        .customers()
        .find((customer) => customer.id === id),
    );
    return true;
  }
  return false;
}

/** The controls that answer a snapshot as it is (`GET /__sessions` first expires what is due). */
const SNAPSHOT_ROUTES: Readonly<Record<string, Exclude<keyof ReturnType<typeof snapshots>, 'sessions' | 'deliveries'>>> = {
  'GET /__customers': 'customers',
  'GET /__subscriptions': 'subscriptions',
  'GET /__invoices': 'invoices',
  'GET /__test_clocks': 'testClocks',
  'GET /__payment_methods': 'paymentMethods',
  'GET /__portal_sessions': 'portalSessions',
  'GET /__events': 'events',
  'GET /__charges': 'charges',
  'GET /__refunds': 'refunds',
  'GET /__disputes': 'disputes',
};

export async function handleControl(standIn: StandIn, req: IncomingMessage, res: ServerResponse, url: URL, reset: () => void) {
  const { pathname } = url;
  const route = `${req.method} ${pathname}`;
  const list = snapshots(standIn);

  if (await handleObjectControl(standIn, req, res, pathname)) return;
  const snapshot = SNAPSHOT_ROUTES[route];
  if (snapshot) return sendJson(res, 200, list[snapshot]());

  switch (route) {
    case 'GET /__sessions':
      // As a retrieve would: a session past its time is shown expired (its event is sent, not
      // waited for; the expiring itself happens before the first await).
      void expireDueSessions(standIn);
      return sendJson(res, 200, list.sessions());
    case 'GET /__clock':
      return sendJson(res, 200, clockState(standIn));
    case 'GET /__webhook-delay':
      return sendJson(res, 200, { ms: standIn.webhooks.delayMs });
    case 'POST /__webhook-delay': {
      const body = await readJson(req, '{"ms": <milliseconds>, "session"?: <checkout session id>}');
      if (typeof body.ms !== 'number' || !Number.isInteger(body.ms) || body.ms < 0 || body.ms > MAX_WEBHOOK_DELAY_MS)
        throw invalidRequest(`"ms" must be a whole number of milliseconds from 0 to ${MAX_WEBHOOK_DELAY_MS}.`, 'ms');
      if (body.session !== undefined) {
        if (typeof body.session !== 'string' || !standIn.store.sessions.has(body.session)) throw noSuchSession(String(body.session));
        standIn.webhooks.setSessionDelay(body.session, body.ms);
        standIn.settings.log(`session ${body.session}'s events go out ${body.ms} ms after Pay`);
        return sendJson(res, 200, { ms: body.ms, session: body.session });
      }
      standIn.webhooks.delayMs = body.ms;
      standIn.settings.log(`hosted checkout events now go out ${body.ms} ms after Pay`);
      return sendJson(res, 200, { ms: standIn.webhooks.delayMs });
    }
    case 'POST /__clock/advance': {
      const body = await readJson(req, '{"seconds": <whole seconds>}');
      return sendJson(res, 200, await advanceStandInClock(standIn, body.seconds as number));
    }
    case 'POST /__disputes': {
      const body = await readJson(req, '{"charge": "ch_…", "amount"?: <cents>, "reason"?: "fraudulent"}');
      if (typeof body.charge !== 'string' || body.charge === '') throw invalidRequest('"charge" must be a charge id (ch_…).', 'charge');
      if (body.amount !== undefined && typeof body.amount !== 'number')
        throw invalidRequest('"amount" must be a number of cents.', 'amount');
      if (body.reason !== undefined && typeof body.reason !== 'string') throw invalidRequest('"reason" must be a string.', 'reason');
      return sendJson(res, 200, await openDispute(standIn, { chargeId: body.charge, amount: body.amount, reason: body.reason }));
    }
    case 'GET /__deliveries':
      // ?settled=true: first wait until nothing is being delivered or retried.
      if (url.searchParams.get('settled') === 'true') await standIn.webhooks.settled();
      return sendJson(res, 200, list.deliveries());
    case 'POST /__control': {
      const body = await readJson(req, '{"fail": {"status", "type", "message", "code"?, "times"?, "match"?}}');
      standIn.store.rules.push(parseRule(body.fail));
      return sendJson(res, 200, { rules: standIn.store.rules });
    }
    case 'DELETE /__control':
      standIn.store.rules = [];
      return sendJson(res, 200, { rules: [] });
    case 'POST /__reset':
      reset();
      return sendJson(res, 200, { reset: true });
    default:
      throw unrecognizedUrl(req.method ?? 'GET', pathname);
  }
}

export const CONTROLS = [
  'GET /__sessions',
  'GET /__customers',
  'GET /__subscriptions',
  'GET /__invoices',
  'GET /__test_clocks',
  'GET /__payment_methods',
  'GET /__portal_sessions',
  'GET /__events',
  'GET /__deliveries',
  'GET /__charges',
  'GET /__refunds',
  'GET /__disputes',
  'POST /__disputes',
  'POST /__disputes/:id/close',
  'POST /__events/:id/resend',
  'POST /__sessions/:id/expire',
  'POST /__test_clocks/:id/advance',
  'GET /__clock',
  'POST /__clock/advance',
  'GET /__webhook-delay',
  'POST /__webhook-delay',
  'POST /__customers/:id/card',
  'POST /__control',
  'DELETE /__control',
  'POST /__reset',
];
