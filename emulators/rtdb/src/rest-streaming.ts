// REST streaming: `GET /<path>.json` with `Accept: text/event-stream` (Server-Sent Events), as the
// Firebase REST API documents it:
//
//   event: put        data: {"path":"/","data":<value at the location>}   first, then on changes
//   event: patch      data: {"path":"/a","data":{"b":1,"c":null}}          children of path replaced
//   event: keep-alive data: null                                          every streamKeepAliveMs
//   event: cancel     data: null          the rules no longer allow the read; the stream ends
//   event: auth_revoked data: "credential is no longer valid"   the `auth` token expired; ends
//
// A stream is one more listener of the namespace (the same one WebSocket and long-polling sessions
// use), so it gets exactly their updates: queries (`orderBy`, bounds, limits), rules (a stream
// whose read is no longer allowed after a rules change, or after a change to data its rules
// read, is cancelled), and priorities with `format=export`.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireQuery } from './rules/types';
import { ruleQueryFromWire } from './rules-api';
import { type AuthState, type Listener, type Logger, type Namespace, type Sink, permissionDenied } from './namespace';
import { type ExportJson, type Path, childKeys, isObj, pathToString, plainJson } from './tree';
import { parseWireQuery } from './query';

export const DEFAULT_STREAM_KEEP_ALIVE_MS = 30_000;

/** What rest.ts hands over. */
export interface StreamRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  ns: Namespace;
  path: Path;
  auth: AuthState;
  /** The REST query parameters as a wire query (rest.ts `restQuery`), or null. */
  wire: WireQuery | null;
  log: Logger;
  keepAliveMs?: number;
}

/** Whether a GET asks for an event stream. */
export function acceptsEventStream(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  return (
    (req.method ?? 'GET').toUpperCase() === 'GET' && typeof accept === 'string' && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept)
  );
}

/** Past this much unsent output (a client that stopped reading), the stream is dropped. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** Longest setTimeout delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Starts a stream. Throws (before anything is sent) when the read is not allowed. */
export function streamEvents(s: StreamRequest): void {
  const { req, res, ns, path, auth } = s;
  const query = s.wire ? parseWireQuery(s.wire) : null;
  const ruleQuery = s.wire && query?.filtered ? ruleQueryFromWire(s.wire) : null;
  if (!ns.mayRead(path, auth, ruleQuery, 'rest-stream')) throw permissionDenied();
  const exportFormat = s.url.searchParams.get('format') === 'export';
  const data = ns.read(path, query);

  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);

  let open = true;
  const write = (event: string, payload: string) => {
    if (!open || res.writableEnded || res.destroyed) return;
    res.write(`event: ${event}\ndata: ${payload}\n\n`);
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      s.log(`event stream at ${pathToString(path)} dropped: the client is not reading`);
      res.destroy();
    }
  };
  const json = (v: unknown) => (exportFormat ? JSON.stringify(v) : plainJson(v as ExportJson));
  const end = (event: string, payload: string) => {
    write(event, payload);
    cleanup();
    res.end();
  };

  const sink: Sink = {
    push(action, body) {
      // Rules that read data may stop allowing the read after any write: checked per update.
      if (!ns.mayRead(path, auth, ruleQuery)) return end('cancel', 'null');
      const at = typeof body.p === 'string' ? body.p : pathToString(path);
      const rel = relative(path, at);
      if (action === 'd') write('put', json({ path: rel, data: body.d }));
      else if (action === 'm' && isObj(body.d)) write('patch', json({ path: rel, data: body.d }));
    },
    authState: () => auth,
    revoke: () => end('cancel', 'null'),
  };
  const listener: Listener = {
    sink,
    path,
    pathStr: pathToString(path),
    queryId: s.wire ? 'rest-stream' : 'default',
    tag: null,
    query: query?.filtered ? query : null,
    keys: new Set(childKeys(data)),
    wire: s.wire,
  };
  ns.listeners.add(listener);
  write('put', json({ path: '/', data }));

  const keepAlive = setInterval(() => write('keep-alive', 'null'), s.keepAliveMs ?? DEFAULT_STREAM_KEEP_ALIVE_MS);
  keepAlive.unref();
  // A token that expires while the stream is open ends it. (The emulator trusts tokens whatever
  // their `exp`, so one that had expired already when the stream began, like the SDK's mock
  // tokens with exp 3600 = 1970, never does.)
  const exp = tokenExpiry(auth);
  const remaining = exp === null ? -1 : exp - Date.now();
  const expiry =
    remaining > 0
      ? setTimeout(() => end('auth_revoked', JSON.stringify('credential is no longer valid')), Math.min(remaining, MAX_TIMER_MS))
      : null;
  expiry?.unref();

  function cleanup(): void {
    if (!open) return;
    open = false;
    ns.listeners.delete(listener);
    clearInterval(keepAlive);
    if (expiry) clearTimeout(expiry);
  }
  res.on('close', cleanup);
}

/** `at` relative to the stream's location, as the REST API writes it ("/" for the location). */
function relative(base: Path, at: string): string {
  const parts = at.split('/').filter((x) => x !== '');
  return '/' + parts.slice(base.length).join('/');
}

/** The `exp` of a user token, in ms; null for admin, no token, or no `exp` claim. */
function tokenExpiry(auth: AuthState): number | null {
  if (auth.admin || !isObj(auth.auth)) return null;
  const token = (auth.auth as { token?: unknown }).token;
  if (!isObj(token)) return null;
  const exp = (token as { exp?: unknown }).exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
