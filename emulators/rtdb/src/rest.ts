// The HTTP/REST surface (emulators/rtdb/docs/protocol.md#rest-surface).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BodyLimits, HttpError, checkDeclaredSize, closeUnreadAfterAnswer, readBody } from '@leopard/emulator-http';
import type { WireQuery } from './rules/types';
import { RulesError, ruleQueryFromWire } from './rules-api';
import { authFromCredential } from './connection';
import { type AuthState, type Namespace, type Operation, type Precondition, UNAUTHENTICATED, permissionDenied } from './namespace';
import { type ExportJson, type Path, DataError, childKeys, getAt, isObj, newObj, pathToString, plainJson, validatePath } from './tree';
import { parseWireQuery } from './query';
import { nodeHash } from './hash';
import { nextPushId } from './push-id';
import { stripJsonComments } from './jsonc';
import { acceptsEventStream, streamEvents } from './rest-streaming';
import type { TriggerRegistry } from './triggers';

export interface RestHost {
  getNamespace(name: string): Namespace;
  namespaceNames(): string[];
  namespaceFor(url: URL, host: string | undefined): string;
  log(msg: string): void;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** A request body must have arrived completely this long after the headers. */
  requestTimeoutMs: number;
  /** Interval of `keep-alive` events on event streams (rest-streaming.ts; default 30 s). */
  streamKeepAliveMs?: number;
  /** Functions triggers (triggers.ts): registrations arrive at /.settings/functionTriggers.json. */
  triggers?: TriggerRegistry;
  /** `Access-Control-Allow-Origin` for a request the origin gate let through (@leopard/emulator-http). */
  corsHeaders(req: IncomingMessage): Record<string, string>;
  /** Endpoints beside the database (coverage reports, the data viewer): true when answered. */
  tools?(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

function cors(host: RestHost, req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of Object.entries(host.corsHeaders(req))) res.setHeader(name, value);
  res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, POST, PATCH, DELETE, OPTIONS');
  const reqHeaders = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    typeof reqHeaders === 'string' && reqHeaders
      ? reqHeaders
      : 'Authorization, Content-Type, X-Firebase-ETag, If-Match, X-HTTP-Method-Override, X-Firebase-GMPID, X-Firebase-AppCheck, X-Firebase-Client',
  );
  res.setHeader('Access-Control-Expose-Headers', 'ETag');
  res.setHeader('Access-Control-Max-Age', '86400');
}

const bodyLimits = (host: RestHost): BodyLimits => ({ maxBytes: host.maxBodyBytes, timeoutMs: host.requestTimeoutMs });

/** The request body as text, within the host's size and time limits (@leopard/emulator-http's readBody). */
async function readText(host: RestHost, req: IncomingMessage): Promise<string> {
  return (await readBody(req, bodyLimits(host))).toString('utf8');
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
  }
}

function credential(req: IncomingMessage, url: URL): AuthState {
  let token = url.searchParams.get('auth') ?? url.searchParams.get('access_token');
  if (token === null) {
    const h = req.headers.authorization;
    if (typeof h === 'string') {
      const m = /^\s*Bearer\s+(.+?)\s*$/i.exec(h);
      if (m) token = m[1];
    }
  }
  if (token === null || token === '') return UNAUTHENTICATED;
  const a = authFromCredential(token);
  if (!a) throw new HttpError(401, 'Could not parse auth token.');
  return a;
}

function parseQueryParam(url: URL, name: string): unknown[] | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  let v: unknown;
  try {
    v = JSON.parse('[' + raw + ']');
  } catch {
    throw new HttpError(400, `Invalid value for ${name}: ${raw}`);
  }
  const arr = v as unknown[];
  if (arr.length < 1 || arr.length > 2) throw new HttpError(400, `Invalid value for ${name}: ${raw}`);
  if (arr.length === 2 && typeof arr[1] !== 'string') throw new HttpError(400, `Invalid key name for ${name}: ${raw}`);
  return arr;
}

/** Build a wire query object from REST query parameters (null when there is none). */
export function restQuery(url: URL): WireQuery | null {
  const orderByRaw = url.searchParams.get('orderBy');
  const q: WireQuery = {};
  const startAt = parseQueryParam(url, 'startAt');
  const startAfter = parseQueryParam(url, 'startAfter');
  const endAt = parseQueryParam(url, 'endAt');
  const endBefore = parseQueryParam(url, 'endBefore');
  const equalTo = parseQueryParam(url, 'equalTo');
  const lf = url.searchParams.get('limitToFirst');
  const ll = url.searchParams.get('limitToLast');
  const anyFilter = startAt || startAfter || endAt || endBefore || equalTo || lf !== null || ll !== null;
  if (orderByRaw === null) {
    if (anyFilter) throw new HttpError(400, 'orderBy must be defined when other query parameters are defined');
    return null;
  }
  let orderBy: unknown;
  try {
    orderBy = JSON.parse(orderByRaw);
  } catch {
    throw new HttpError(400, 'orderBy must be a valid JSON encoded path');
  }
  if (typeof orderBy !== 'string' || orderBy === '') throw new HttpError(400, 'orderBy must be a valid JSON encoded path');
  if (orderBy === '$key') q.i = '.key';
  else if (orderBy === '$value') q.i = '.value';
  else if (orderBy !== '$priority') q.i = orderBy;
  const setStart = (a: unknown[], inclusive: boolean) => {
    q.sp = a[0];
    if (a.length === 2) q.sn = a[1];
    else if (!inclusive && q.i !== '.key') q.sn = '[MAX_NAME]';
    q.sin = inclusive;
  };
  const setEnd = (a: unknown[], inclusive: boolean) => {
    q.ep = a[0];
    if (a.length === 2) q.en = a[1];
    else if (!inclusive && q.i !== '.key') q.en = '[MIN_NAME]';
    q.ein = inclusive;
  };
  if (equalTo) {
    if (startAt || startAfter || endAt || endBefore)
      throw new HttpError(400, 'equalTo cannot be combined with startAt, startAfter, endAt or endBefore');
    setStart(equalTo, true);
    setEnd(equalTo, true);
  }
  if (startAt && startAfter) throw new HttpError(400, 'startAt and startAfter cannot both be given');
  if (endAt && endBefore) throw new HttpError(400, 'endAt and endBefore cannot both be given');
  if (startAt) setStart(startAt, true);
  if (startAfter) setStart(startAfter, false);
  if (endAt) setEnd(endAt, true);
  if (endBefore) setEnd(endBefore, false);
  if (lf !== null && ll !== null) throw new HttpError(400, 'limitToFirst and limitToLast cannot both be given');
  const lim = lf ?? ll;
  if (lim !== null) {
    const n = Number(lim);
    if (!Number.isInteger(n) || n <= 0)
      throw new HttpError(400, `${lf !== null ? 'limitToFirst' : 'limitToLast'} must be a positive integer`);
    q.l = n;
    q.vf = lf !== null ? 'l' : 'r';
  }
  return q;
}

/** How `send` turns the body into text: JSON as is, a data node without priorities, or raw text. */
type BodyKind = 'json' | 'plain' | 'raw';

function send(req: IncomingMessage, res: ServerResponse, url: URL, code: number, body: unknown, kind: BodyKind = 'json'): void {
  if (res.headersSent || res.destroyed || req.socket.destroyed) return;
  const print = url.searchParams.get('print');
  if (print === 'silent' && code >= 200 && code < 300) {
    res.writeHead(204);
    res.end();
    return;
  }
  const space = print === 'pretty' ? 2 : undefined;
  const text = kind === 'raw' ? String(body) : kind === 'plain' ? plainJson(body as ExportJson, space) : JSON.stringify(body, null, space);
  res.writeHead(code, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

function etagOf(node: ExportJson): string {
  return nodeHash(node) || 'null_etag';
}

export async function handleRest(host: RestHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // An answer given before the whole body arrived (a refusal) closes the connection.
  closeUnreadAfterAnswer(req, res);
  cors(host, req, res);
  try {
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    await route(host, req, res, url);
  } catch (e) {
    if (e instanceof HttpError) send(req, res, url, e.status, { error: e.message });
    else if (e instanceof DataError) {
      if (e.status === 'permission_denied') send(req, res, url, 401, { error: 'Permission denied' });
      else send(req, res, url, 400, { error: e.message });
    } else {
      host.log(`REST error for ${req.method} ${req.url}: ${(e as Error).stack}`);
      send(req, res, url, 500, { error: 'Internal server error: ' + (e as Error).message });
    }
  }
}

async function route(host: RestHost, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const pathname = url.pathname;
  let method = (req.method ?? 'GET').toUpperCase();
  if (method === 'POST') {
    const o = req.headers['x-http-method-override'] ?? url.searchParams.get('x-http-method-override');
    if (typeof o === 'string' && o) method = o.toUpperCase();
  }
  if (host.tools?.(req, res, url)) return;
  if (pathname === '/' && method === 'GET' && !url.search) {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Local Firebase Realtime Database emulator. Data at /<path>.json?ns=<namespace>\n');
    return;
  }
  if (pathname === '/.inspect/databases.json') {
    send(
      req,
      res,
      url,
      200,
      host.namespaceNames().map((name) => ({ name })),
    );
    return;
  }
  if (!pathname.endsWith('.json')) throw new HttpError(404, 'Not found; REST paths end with .json');
  const ns = host.getNamespace(host.namespaceFor(url, req.headers.host));
  const auth = credential(req, url);
  const r: RestRequest = { host, req, res, url, method, ns, auth };

  if (pathname === '/.settings/rules.json') return serveRulesSettings(r);
  if (pathname === '/.settings/functionTriggers.json') return serveTriggerSettings(r);

  const path = dataPath(pathname);
  validatePath(path, method === 'PUT');
  if (method === 'GET' || method === 'HEAD') return serveRead(r, path);
  return serveWrite(r, path);
}

/** A REST request after routing: its method (after X-HTTP-Method-Override), namespace and caller. */
interface RestRequest {
  host: RestHost;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  ns: Namespace;
  auth: AuthState;
}

/** `/a/b%2Fc.json` → ['a', 'b/c']. */
function dataPath(pathname: string): Path {
  try {
    return pathname
      .slice(0, -'.json'.length)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw new HttpError(400, 'Invalid path: bad percent-encoding');
  }
}

/** `/.settings/rules.json`: the namespace's rules text (owner only). */
async function serveRulesSettings({ host, req, res, url, method, ns, auth }: RestRequest): Promise<void> {
  if (!auth.admin) throw new HttpError(401, 'Permission denied');
  if (method === 'GET') {
    if (url.searchParams.get('format') === 'strict') send(req, res, url, 200, JSON.parse(stripJsonComments(ns.rulesText)));
    else send(req, res, url, 200, ns.rulesText, 'raw');
    return;
  }
  if (method === 'PUT') {
    const text = await readText(host, req);
    try {
      ns.setRules(text);
    } catch (e) {
      if (e instanceof RulesError) throw new HttpError(400, e.message);
      throw e;
    }
    send(req, res, url, 200, { status: 'ok' });
    return;
  }
  throw new HttpError(405, 'Method not allowed');
}

/** `/.settings/functionTriggers.json`: Functions trigger registrations (owner only). */
async function serveTriggerSettings({ host, req, res, url, method, ns, auth }: RestRequest): Promise<void> {
  if (!auth.admin) throw new HttpError(401, 'Permission denied');
  const triggers = host.triggers;
  if (method === 'GET') {
    send(req, res, url, 200, triggers ? (triggers.describe() as { triggers: unknown }).triggers : []);
    return;
  }
  if (method !== 'POST' && method !== 'PUT') throw new HttpError(405, 'Method not allowed');
  const body = parseJsonBody(await readText(host, req));
  if (!triggers) throw new HttpError(400, 'Functions triggers are off in this emulator');
  try {
    for (const one of Array.isArray(body) ? body : [body]) triggers.register(one, ns.name);
  } catch (e) {
    throw new HttpError(400, (e as Error).message);
  }
  send(req, res, url, 200, { status: 'ok' });
}

function wantsEtag(req: IncomingMessage): boolean {
  return String(req.headers['x-firebase-etag'] ?? '').toLowerCase() === 'true';
}

/** GET and HEAD of data: an event stream, or the value (shallow, with priorities or plain). */
function serveRead({ host, req, res, url, ns, auth }: RestRequest, path: Path): void {
  if (acceptsEventStream(req))
    return streamEvents({ req, res, url, ns, path, auth, wire: restQuery(url), log: host.log, keepAliveMs: host.streamKeepAliveMs });
  const wire = restQuery(url);
  const query = wire ? parseWireQuery(wire) : null;
  const rq = wire && query?.filtered ? ruleQueryFromWire(wire) : null;
  if (!ns.mayRead(path, auth, rq, 'rest-get')) throw new DataError('Permission denied', 'permission_denied');
  let node = ns.read(path, query);
  // The ETag hashes the whole location: not for a caller allowed only this query's window.
  if (wantsEtag(req) && (!rq || ns.mayRead(path, auth, null))) res.setHeader('ETag', etagOf(getAt(ns.root, path)));
  if (url.searchParams.get('shallow') === 'true' && isObj(node) && childKeys(node).length) {
    const o: Record<string, boolean> = {};
    for (const k of childKeys(node)) Object.defineProperty(o, k, { value: true, enumerable: true });
    send(req, res, url, 200, o);
    return;
  }
  if (url.searchParams.get('shallow') === 'true') node = isObj(node) ? (node['.value'] ?? null) : node;
  send(req, res, url, 200, node, url.searchParams.get('format') === 'export' ? 'json' : 'plain');
}

/** PUT, POST (push), PATCH (update) and DELETE of data, with If-Match as a compare-and-set. */
async function serveWrite({ host, req, res, url, method, ns, auth }: RestRequest, path: Path): Promise<void> {
  // firebase-tools' import writes with disableTriggers=true: those writes fire no Functions triggers.
  const quiet = url.searchParams.get('disableTriggers') === 'true';
  const write = <T>(fn: () => T): T => (quiet ? ns.withoutTriggers(fn) : fn());
  const ifMatch = req.headers['if-match'];
  const expected: Precondition | undefined =
    typeof ifMatch === 'string' && (method === 'PUT' || method === 'DELETE') ? (cur) => etagOf(cur) === ifMatch : undefined;

  /** Runs a write; when its If-Match does not hold, answers 412 with the current value and its
   *  ETag. The namespace checks the rules, read access included, before it compares. */
  const conditionally = (write: () => void): boolean => {
    try {
      write();
      return true;
    } catch (e) {
      if (!(e instanceof DataError) || e.status !== 'datastale') throw e;
      const cur = getAt(ns.root, path);
      res.setHeader('ETag', etagOf(cur));
      send(req, res, url, 412, cur, 'plain');
      return false;
    }
  };

  /** Before reading a write's body: refuse what no body could change, i.e. an announced size over
   *  the limit, a write the rules deny whatever the data (`below`: an update, whose keys may go
   *  deeper), and a conditional write by a caller who may not read what the 412 would show. */
  const op = `rest-${method.toLowerCase()}` as Operation;
  const checkBeforeBody = (at: Path, below: boolean) => {
    checkDeclaredSize(req, bodyLimits(host));
    if (!ns.couldWrite(at, auth, below, op)) throw permissionDenied();
    if (expected && !ns.mayRead(at, auth, null, op, true)) throw permissionDenied();
  };

  switch (method) {
    case 'PUT': {
      checkBeforeBody(path, false);
      const body = parseJsonBody(await readText(host, req));
      let written: ExportJson = null;
      if (!conditionally(() => (written = write(() => ns.set(path, body, auth, expected, op))))) return;
      if (wantsEtag(req)) res.setHeader('ETag', etagOf(getAt(ns.root, path)));
      send(req, res, url, 200, written, url.searchParams.get('format') === 'export' ? 'json' : 'plain');
      return;
    }
    case 'POST': {
      const id = nextPushId();
      checkBeforeBody(path.concat(id), false);
      const body = parseJsonBody(await readText(host, req));
      write(() => ns.set(path.concat(id), body, auth, undefined, op));
      send(req, res, url, 200, { name: id });
      return;
    }
    case 'PATCH': {
      checkBeforeBody(path, true);
      const body = parseJsonBody(await readText(host, req));
      if (!isObj(body) || Array.isArray(body)) throw new HttpError(400, 'Invalid data; PATCH requires a JSON object.');
      write(() => ns.update(path, body, auth, op));
      const out = newObj();
      for (const k of Object.keys(body)) out[k] = getAt(ns.root, path.concat(k.split('/').filter((s) => s !== '')));
      send(req, res, url, 200, out, 'plain');
      return;
    }
    case 'DELETE': {
      checkBeforeBody(path, false);
      if (!conditionally(() => write(() => ns.set(path, null, auth, expected, op)))) return;
      send(req, res, url, 200, null);
      return;
    }
    default:
      throw new HttpError(405, `Method ${method} not allowed`);
  }
}

export { pathToString };
