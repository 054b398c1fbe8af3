// Local Firebase Realtime Database emulator: one HTTP server, WebSocket at /.ws, REST on *.json.

import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type OriginGate, originGate } from '@leopard/emulator-http';
import { ALLOW_ALL_RULES_TEXT } from './rules-api';
import { DENIAL_LOG_SIZE, Namespace } from './namespace';
import { type DataFile, NamespaceTable } from './namespace-table';
import { RealtimeServer } from './connection';
import { type RestHost, handleRest } from './rest';
import { CoverageRegistry, serveCoverage } from './coverage';
import { serveViewer } from './viewer';
import { TriggerRegistry } from './triggers';

export interface StartOptions {
  /** Default 9000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** JSON file `{ "<ns>": { "data": <export json>, "rules": "<text>" } }`: loaded on start,
   *  written every few seconds when changed and on stop. */
  dataFile?: string;
  /** No log output. */
  quiet?: boolean;
  /** Rules text for every new namespace (default: allow all reads and writes). */
  defaultRules?: string;
  /** Interval for writing dataFile when changed, in ms (default 2000). */
  saveIntervalMs?: number;
  /** Largest REST body and largest WebSocket message (a frame-count message's frames together),
   *  in bytes (default 16 MiB, the SDK's documented write limit). Refused with 413 / too_big. */
  maxRequestBytes?: number;
  /** A REST request's headers, and then its body, and a multi-frame WebSocket message must
   *  arrive within this many ms (default 30,000). Refused with 408 / the socket is closed. */
  requestTimeoutMs?: number;
  /** A WebSocket without a frame in either direction for this many ms is closed (default
   *  120,000; the SDK sends a keepalive after 45 s of silence, so keep this above that). */
  idleTimeoutMs?: number;
  /** Long polling (`/.lp`): how long a poll is held open when there is nothing to send, in ms
   *  (default 20,000; the browser SDK opens another poll after 25 s anyway). */
  longPollHoldMs?: number;
  /** REST streaming (`Accept: text/event-stream`): interval of `keep-alive` events, in ms
   *  (default 30,000). */
  streamKeepAliveMs?: number;
  /** Count rule evaluations for the coverage reports at /.inspect/coverage (default true). */
  coverage?: boolean;
  /** Rules text per namespace (e.g. firebase.json's `database` array form); those namespaces
   *  exist from the start. Other namespaces get `defaultRules`. */
  namespaceRules?: Record<string, string>;
  /** Load `<dir>/database_export/<ns>.json` files (the layout of `firebase emulators:export`). */
  importDir?: string;
  /** Write every namespace with data (and every imported one) to this directory, in the same
   *  layout, when stopped. */
  exportOnExit?: string;
  /** Serve the data viewer at / for browsers (default true). */
  viewer?: boolean;
  /** firebase-tools' Functions emulator ("host:port"): database triggers found in its list
   *  (`GET /backends`) or registered at /.settings/functionTriggers.json are delivered there. */
  functions?: string;
  /** The project id (for discovered triggers' routes and the hub answer at /emulators). */
  project?: string;
  /** Deliver Functions triggers (default true). */
  triggers?: boolean;
  /** The origins whose pages may call from a browser, besides the emulator's own (its viewer):
   *  exactly these; `*` for any. Default: any loopback origin (http://localhost:<any port>, …).
   *  Other pages are refused before anything is read or done (emulators/rtdb/docs/protocol.md#browser-origins). */
  allowedOrigins?: string[];
}

export const DEFAULT_MAX_REQUEST_BYTES = 16 * 1024 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

export interface RunningEmulator {
  /** http://host:port */
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
  /** Writes the namespaces with data (and the imported ones) to `dir` in the layout of
   *  `firebase emulators:export`; returns the namespaces written. */
  exportData(dir: string): string[];
  /** Replaces the rules of namespace `ns`, or (without `ns`) the default rules: new namespaces
   *  get them, and so does every namespace still on the previous default. Throws RulesError. */
  setRules(text: string, ns?: string): void;
  /** Functions triggers (null with `triggers: false`): `settled()` resolves when no event is on its
   *  way, `refresh()` reads the Functions emulator's /backends now. */
  triggers: TriggerRegistry | null;
}

export { Namespace };
export type { Denial, Operation } from './namespace';
export { FIREBASE_TOOLS_VERSION, TriggerRegistry } from './triggers';

export async function start(options: StartOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  let actualPort = 0;
  // Throws for a malformed origin before anything starts.
  const origins = originGate({ service: 'Realtime Database emulator', allowed: options.allowedOrigins, host, port: () => actualPort });
  const log = options.quiet ? () => {} : (msg: string) => console.error(`[rtdb] ${msg}`);
  const coverage = options.coverage === false ? null : new CoverageRegistry();
  const triggers =
    options.triggers === false
      ? null
      : new TriggerRegistry({
          functions: options.functions ?? null,
          project: options.project,
          log,
          databaseHost: () => `${urlHostOf(host)}:${actualPort}`,
        });
  const namespaces = new NamespaceTable(options.defaultRules ?? ALLOW_ALL_RULES_TEXT, options.namespaceRules ?? {}, log, {
    coverage: coverage !== null,
    onRulesReplaced: coverage?.onRulesReplaced,
    beforeCommit: triggers ? triggers.beforeCommit.bind(triggers) : undefined,
  });
  namespaces.createNamed();
  const dataFile = namespaces.persistTo(options.dataFile, options.saveIntervalMs ?? 2000);
  if (options.importDir) namespaces.importDirectory(options.importDir);
  const { realtime, server } = createServers(options, { host, port: () => actualPort, origins, log, namespaces, triggers, coverage });

  actualPort = await listen(server, options.port ?? 9000, host);
  triggers?.startDiscovery();

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    const parts = { dataFile, triggers, realtime, server, namespaces, log };
    stopped ??= stopEverything(parts, options.exportOnExit);
    return stopped;
  };

  return {
    url: `http://${urlHostOf(host)}:${actualPort}`,
    host,
    port: actualPort,
    stop,
    exportData: (dir) => namespaces.exportData(dir),
    setRules: (text, name) => namespaces.setRules(text, name),
    triggers,
  };
}

interface ServerContext {
  host: string;
  /** The port listened on (0 until then). */
  port(): number;
  origins: OriginGate;
  log: (msg: string) => void;
  namespaces: NamespaceTable;
  triggers: TriggerRegistry | null;
  coverage: CoverageRegistry | null;
}

/** The HTTP server (not listening yet) with REST, the tools and the realtime transports behind it. */
function createServers(options: StartOptions, ctx: ServerContext): { realtime: RealtimeServer; server: Server } {
  const { host, origins, log, namespaces, triggers, coverage } = ctx;
  const getNamespace = (name: string) => namespaces.get(name);
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const tools: ToolsHost = {
    host,
    port: ctx.port,
    triggers,
    namespaces,
    coverage,
    viewer: options.viewer !== false,
    corsHeaders: origins.corsHeaders,
  };
  const restHost: RestHost = {
    getNamespace,
    namespaceFor,
    namespaceNames: () => namespaces.names(),
    log,
    maxBodyBytes: maxRequestBytes,
    requestTimeoutMs,
    streamKeepAliveMs: options.streamKeepAliveMs,
    corsHeaders: origins.corsHeaders,
    triggers: triggers ?? undefined,
    tools: (req, res, url) => serveTools(tools, req, res, url),
  };
  // WebSocket (/.ws) and long-polling (/.lp) sessions: connection.ts.
  const realtime = new RealtimeServer({
    getNamespace,
    namespaceFor,
    log,
    limits: {
      maxMessageBytes: maxRequestBytes,
      messageTimeoutMs: requestTimeoutMs,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    },
    defaultHost: () => `${host}:${ctx.port()}`,
    longPollHoldMs: options.longPollHoldMs,
  });
  const server = createEmulatorServer({ origins, realtime, restHost, log, requestTimeoutMs });
  return { realtime, server };
}

interface RunningParts {
  dataFile: DataFile;
  triggers: TriggerRegistry | null;
  realtime: RealtimeServer;
  server: Server;
  namespaces: NamespaceTable;
  log: (msg: string) => void;
}

async function stopEverything(parts: RunningParts, exportOnExit: string | undefined): Promise<void> {
  const { dataFile, triggers, realtime, server, namespaces, log } = parts;
  dataFile.stopTimer();
  triggers?.stop();
  // Every session ends now (its onDisconnect writes run) and its sockets are cut.
  await realtime.closeAll();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await new Promise((r) => setImmediate(r));
  dataFile.save();
  if (exportOnExit) {
    const written = namespaces.exportData(exportOnExit);
    log(`exported ${written.length} namespace(s) to ${exportOnExit}`);
  }
}

/** The namespace a request is for: `?ns=`, else the first label of a database host name. */
function namespaceFor(url: URL, hostHeader: string | undefined): string {
  const ns = url.searchParams.get('ns');
  if (ns) return ns;
  const h = (hostHeader ?? '').split(':')[0];
  const m = /^([a-z0-9][a-z0-9-]*)\.(firebaseio\.com|firebasedatabase\.app|[a-z0-9-]+\.firebasedatabase\.app|localhost)$/i.exec(h);
  return m ? m[1].toLowerCase() : 'default';
}

interface ServerParts {
  origins: OriginGate;
  realtime: RealtimeServer;
  restHost: RestHost;
  log: (msg: string) => void;
  requestTimeoutMs: number;
}

/** One HTTP server for everything: pages of origins not allowed are refused first, then the
 *  realtime transports take their requests and upgrades, and REST the rest. */
function createEmulatorServer({ origins, realtime, restHost, log, requestTimeoutMs }: ServerParts): Server {
  // Node looks for overdue headers every connectionsCheckingInterval (30 s by default); checking
  // every quarter of the timeout keeps a short one accurate to 25%.
  const server = createServer(
    { connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(requestTimeoutMs / 4))) },
    (req, res) => {
      const refused = origins.refusal(req);
      if (refused !== null) {
        log(`refused ${req.method} ${req.url?.split('?')[0]} from ${refused.from}`);
        res.writeHead(refused.status, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': Buffer.byteLength(refused.text),
          Vary: 'Origin',
        });
        res.end(refused.text);
        return;
      }
      if (realtime.handleRequest(req, res)) return;
      void handleRest(restHost, req, res);
    },
  );
  server.keepAliveTimeout = 5000;
  // Headers that never finish get node's own 408 and are closed. The body has a timer of its own
  // (@leopard/emulator-http's readBody; rest.ts answers it with a JSON 408); node's whole-request timeout stays behind it as a backstop.
  server.headersTimeout = requestTimeoutMs;
  server.requestTimeout = 2 * requestTimeoutMs;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = origins.refusal(req);
    if (refused === null) return realtime.handleUpgrade(req, socket, head);
    log(`refused a WebSocket from ${refused.from}`);
    const headers = `Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(refused.text)}`;
    socket.end(`HTTP/1.1 ${refused.status} ${STATUS_CODES[refused.status]}\r\n${headers}\r\n\r\n${refused.text}`);
  });
  return server;
}

/** Listens on `port` (0: a free one) and resolves with the port taken. */
async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  return typeof addr === 'object' && addr ? addr.port : port;
}

interface ToolsHost {
  host: string;
  port(): number;
  triggers: TriggerRegistry | null;
  namespaces: NamespaceTable;
  coverage: CoverageRegistry | null;
  /** Serve the data viewer. */
  viewer: boolean;
  corsHeaders(req: IncomingMessage): Record<string, string>;
}

/** The tools beside the database: the hub answer, rules coverage reports and the data viewer. */
function serveTools(tools: ToolsHost, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (serveHub(tools, req, res, url)) return true;
  const { namespaces, coverage } = tools;
  const toolHost = {
    getNamespace: (name: string) => namespaces.get(name),
    namespaceFor,
    namespaces: () => namespaces.byName.values(),
    coverage,
  };
  return serveCoverage(toolHost, req, res, url) || (tools.viewer && serveViewer(req, res, url));
}

// What the Emulator Hub answers at /emulators, for the database only: @firebase/rules-unit-testing
// reads it when FIREBASE_EMULATOR_HUB names this emulator (`rtdb-emulator exec`). Beside it the
// trigger list and the denial log, open to read like the coverage reports.
function serveHub(hub: ToolsHost, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (req.method !== 'GET') return false;
  const { host } = hub;
  const info = (name: string) => ({
    name,
    host,
    port: hub.port(),
    listen: [{ address: host, family: host.includes(':') ? 'IPv6' : 'IPv4', port: hub.port() }],
  });
  let body: unknown;
  if (url.pathname === '/emulators') body = { database: info('database'), hub: info('hub') };
  else if (url.pathname === '/.inspect/triggers.json') body = hub.triggers?.describe() ?? { functions: null, triggers: [], off: true };
  else if (url.pathname === '/.inspect/denials.json') {
    const name = namespaceFor(url, req.headers.host);
    const ns = hub.namespaces.byName.get(name);
    const limit = Math.max(1, Math.min(DENIAL_LOG_SIZE, Number(url.searchParams.get('limit')) || DENIAL_LOG_SIZE));
    body = {
      format: 'rtdb-emulator-denials/1',
      namespace: name,
      kept: DENIAL_LOG_SIZE,
      total: ns?.denialCount ?? 0,
      denials: ns ? ns.denials.slice(-limit).reverse() : [],
    };
  } else return false;
  const text = JSON.stringify(body, null, url.searchParams.get('print') === 'pretty' ? 2 : undefined);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...hub.corsHeaders(req),
  });
  res.end(text);
  return true;
}

function urlHostOf(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
