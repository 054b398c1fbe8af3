// Local Firebase Realtime Database emulator: one HTTP server, WebSocket at /.ws, REST on *.json.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { ALLOW_ALL_RULES_TEXT, compileRules } from './rules-api';
import { DENIAL_LOG_SIZE, Namespace } from './namespace';
import { type ConnectionLimits, RealtimeServer } from './connection';
import { handleRest } from './rest';
import { type ExportJson, normalize } from './tree';
import { CoverageRegistry, serveCoverage } from './coverage';
import { serveViewer } from './viewer';
import { EXPORT_DIRECTORY, SAFE_NAME, readExportDirectory, writeExportDirectory } from './export';
import { TriggerRegistry } from './triggers';
import { originGate, refusalText } from './origins';

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

interface SavedNamespace {
  data?: ExportJson;
  rules?: string;
}

export async function start(options: StartOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  // Throws for a malformed origin before anything starts.
  const origins = originGate({ allowed: options.allowedOrigins, host, port: () => actualPort });
  const log = options.quiet ? () => {} : (msg: string) => console.error(`[rtdb] ${msg}`);
  let defaultRules = options.defaultRules ?? ALLOW_ALL_RULES_TEXT;
  compileRules(defaultRules); // throws RulesError early
  const namespaces = new Map<string, Namespace>();
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
  const nsOptions = {
    coverage: coverage !== null,
    onRulesReplaced: coverage?.onRulesReplaced,
    beforeCommit: triggers ? triggers.beforeCommit.bind(triggers) : undefined,
  };
  const namespaceRules = new Map(Object.entries(options.namespaceRules ?? {}));
  for (const [name, text] of namespaceRules) {
    try {
      compileRules(text);
    } catch (e) {
      throw new Error(`Rules of namespace ${name}: ${(e as Error).message}`);
    }
  }

  const getNamespace = (name: string): Namespace => {
    let ns = namespaces.get(name);
    if (!ns) {
      ns = new Namespace(name, namespaceRules.get(name) ?? defaultRules, log, nsOptions);
      namespaces.set(name, ns);
    }
    return ns;
  };
  for (const name of namespaceRules.keys()) getNamespace(name);

  const namespaceFor = (url: URL, hostHeader: string | undefined): string => {
    const ns = url.searchParams.get('ns');
    if (ns) return ns;
    const h = (hostHeader ?? '').split(':')[0];
    const m = /^([a-z0-9][a-z0-9-]*)\.(firebaseio\.com|firebasedatabase\.app|[a-z0-9-]+\.firebasedatabase\.app|localhost)$/i.exec(h);
    return m ? m[1].toLowerCase() : 'default';
  };

  // ---- persistence
  const dataFile = options.dataFile;
  let savedVersion = -1;
  const totalVersion = () => {
    let v = namespaces.size;
    for (const ns of namespaces.values()) v += ns.version;
    return v;
  };
  if (dataFile && existsSync(dataFile)) {
    const text = readFileSync(dataFile, 'utf8');
    const saved = (text.trim() ? JSON.parse(text) : {}) as Record<string, SavedNamespace>;
    for (const [name, entry] of Object.entries(saved)) {
      let ns: Namespace;
      try {
        ns = new Namespace(name, entry.rules ?? namespaceRules.get(name) ?? defaultRules, log, nsOptions);
      } catch (e) {
        log(`namespace ${name}: saved rules rejected (${(e as Error).message}); using the default rules`);
        ns = new Namespace(name, namespaceRules.get(name) ?? defaultRules, log, nsOptions);
      }
      namespaces.set(name, ns);
      ns.load(normalize(entry.data ?? null, [], { now: Date.now(), oldRoot: null }));
    }
    savedVersion = totalVersion();
  }
  const save = () => {
    if (!dataFile) return;
    const v = totalVersion();
    if (v === savedVersion) return;
    const out: Record<string, SavedNamespace> = {};
    for (const [name, ns] of namespaces) out[name] = { data: ns.root, rules: ns.rulesText };
    const tmp = `${dataFile}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(out));
    renameSync(tmp, dataFile);
    savedVersion = v;
  };
  const saveTimer = dataFile
    ? setInterval(() => {
        try {
          save();
        } catch (e) {
          log(`could not write ${dataFile}: ${(e as Error).message}`);
        }
      }, options.saveIntervalMs ?? 2000)
    : null;
  saveTimer?.unref();

  // ---- import / export (the layout of `firebase emulators:export`)
  const imported = new Set<string>();
  if (options.importDir) {
    for (const [name, data] of readExportDirectory(options.importDir)) {
      getNamespace(name).load(normalize(data, [], { now: Date.now(), oldRoot: null }));
      imported.add(name);
      log(`imported namespace ${name} from ${options.importDir}/${EXPORT_DIRECTORY}/${name}.json`);
    }
  }
  const exportData = (dir: string): string[] => {
    const out = new Map<string, ExportJson>();
    for (const [name, ns] of namespaces) {
      if (ns.root === null && !imported.has(name)) continue;
      if (SAFE_NAME.test(name)) out.set(name, ns.root);
      else log(`namespace ${JSON.stringify(name)} is not a safe file name; not exported`);
    }
    writeExportDirectory(dir, out);
    return [...out.keys()];
  };

  // ---- HTTP + WebSocket
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const limits: ConnectionLimits = {
    maxMessageBytes: maxRequestBytes,
    messageTimeoutMs: requestTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  };
  const restHost = {
    getNamespace,
    namespaceFor,
    namespaceNames: () => [...namespaces.keys()],
    log,
    maxBodyBytes: maxRequestBytes,
    requestTimeoutMs,
    streamKeepAliveMs: options.streamKeepAliveMs,
    corsHeaders: origins.corsHeaders,
    // The tools beside the database: rules coverage reports and the data viewer.
    triggers: triggers ?? undefined,
    tools: (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
      if (serveHub(req, res, url)) return true;
      const toolHost = { getNamespace, namespaceFor, namespaces: () => namespaces.values(), coverage };
      return serveCoverage(toolHost, req, res, url) || (options.viewer !== false && serveViewer(req, res, url));
    },
  };
  // WebSocket (/.ws) and long-polling (/.lp) sessions: connection.ts.
  const realtime = new RealtimeServer({
    getNamespace,
    namespaceFor,
    log,
    limits,
    defaultHost: () => `${host}:${actualPort}`,
    longPollHoldMs: options.longPollHoldMs,
  });
  // Node looks for overdue headers every connectionsCheckingInterval (30 s by default); checking
  // every quarter of the timeout keeps a short one accurate to 25%.
  const server = createServer(
    { connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(requestTimeoutMs / 4))) },
    (req, res) => {
      const refused = origins.refusal(req);
      if (refused !== null) {
        log(`refused ${req.method} ${req.url?.split('?')[0]} from ${refused}`);
        const text = refusalText('Realtime Database emulator', refused);
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), Vary: 'Origin' });
        res.end(text);
        return;
      }
      if (realtime.handleRequest(req, res)) return;
      void handleRest(restHost, req, res);
    },
  );
  server.keepAliveTimeout = 5000;
  // Headers that never finish get node's own 408 and are closed. The body has a timer of its own
  // (http-body.ts; rest.ts answers it with a JSON 408); node's whole-request timeout stays behind it as a backstop.
  server.headersTimeout = requestTimeoutMs;
  server.requestTimeout = 2 * requestTimeoutMs;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = origins.refusal(req);
    if (refused === null) return realtime.handleUpgrade(req, socket, head);
    log(`refused a WebSocket from ${refused}`);
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  // What the Emulator Hub answers at /emulators, for the database only: @firebase/rules-unit-testing
  // reads it when FIREBASE_EMULATOR_HUB names this emulator (`rtdb-emulator exec`). Beside it the
  // trigger list and the denial log, open to read like the coverage reports.
  const serveHub = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (req.method !== 'GET') return false;
    const info = (name: string) => ({
      name,
      host,
      port: actualPort,
      listen: [{ address: host, family: host.includes(':') ? 'IPv6' : 'IPv4', port: actualPort }],
    });
    let body: unknown;
    if (url.pathname === '/emulators') body = { database: info('database'), hub: info('hub') };
    else if (url.pathname === '/.inspect/triggers.json') body = triggers?.describe() ?? { functions: null, triggers: [], off: true };
    else if (url.pathname === '/.inspect/denials.json') {
      const name = namespaceFor(url, req.headers.host);
      const ns = namespaces.get(name);
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
      ...origins.corsHeaders(req),
    });
    res.end(text);
    return true;
  };

  let actualPort = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  actualPort = typeof addr === 'object' && addr ? addr.port : (options.port ?? 9000);
  const urlHost = urlHostOf(host);
  triggers?.startDiscovery();

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (saveTimer) clearInterval(saveTimer);
      triggers?.stop();
      // Every session ends now (its onDisconnect writes run) and its sockets are cut.
      await realtime.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await new Promise((r) => setImmediate(r));
      save();
      if (options.exportOnExit) {
        const written = exportData(options.exportOnExit);
        log(`exported ${written.length} namespace(s) to ${options.exportOnExit}`);
      }
    })();
    return stopped;
  };

  const setRules = (text: string, name?: string): void => {
    compileRules(text); // throws RulesError before anything changes
    if (name !== undefined) {
      namespaceRules.set(name, text);
      getNamespace(name).setRules(text);
      return;
    }
    const previous = defaultRules;
    defaultRules = text;
    for (const [n, ns] of namespaces) if (!namespaceRules.has(n) && ns.rulesText === previous) ns.setRules(text);
  };

  return { url: `http://${urlHost}:${actualPort}`, host, port: actualPort, stop, exportData, setRules, triggers };
}

function urlHostOf(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
