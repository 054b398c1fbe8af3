// Local Firebase Realtime Database emulator: one HTTP server, WebSocket at /.ws, REST on *.json.

import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { WebSocketServer, type WebSocket } from 'ws';
import { ALLOW_ALL_RULES_TEXT, compileRules } from './rulesApi.js';
import { Namespace } from './namespace.js';
import { type ConnectionLimits, Connection } from './connection.js';
import { handleRest } from './rest.js';
import { type ExportJson, normalize } from './tree.js';

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
}

export { Namespace };

interface SavedNamespace {
  data?: ExportJson;
  rules?: string;
}

export async function start(options: StartOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.quiet ? () => {} : (msg: string) => console.error(`[rtdb] ${msg}`);
  const defaultRules = options.defaultRules ?? ALLOW_ALL_RULES_TEXT;
  compileRules(defaultRules); // throws RulesError early
  const namespaces = new Map<string, Namespace>();

  const getNamespace = (name: string): Namespace => {
    let ns = namespaces.get(name);
    if (!ns) {
      ns = new Namespace(name, defaultRules, log);
      namespaces.set(name, ns);
    }
    return ns;
  };

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
        ns = new Namespace(name, entry.rules ?? defaultRules, log);
      } catch (e) {
        log(`namespace ${name}: saved rules rejected (${(e as Error).message}); using the default rules`);
        ns = new Namespace(name, defaultRules, log);
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
  };
  // Node looks for overdue headers every connectionsCheckingInterval (30 s by default); checking
  // every quarter of the timeout keeps a short one accurate to 25%.
  const server = createServer({ connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(requestTimeoutMs / 4))) }, (req, res) => {
    void handleRest(restHost, req, res);
  });
  server.keepAliveTimeout = 5000;
  // Headers that never finish get node's own 408 and are closed. The body has a timer of its own
  // (rest.ts: a JSON 408); node's whole-request timeout stays behind it as a backstop.
  server.headersTimeout = requestTimeoutMs;
  server.requestTimeout = 2 * requestTimeoutMs;
  // ws refuses (1009, closing the socket) any single frame over the limit while reading it.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: maxRequestBytes });
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.ws') {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const ns = getNamespace(namespaceFor(url, req.headers.host));
      const conn = new Connection(ws, ns, req.headers.host ?? `${host}:${actualPort}`, log, limits);
      ws.on('message', (data) => {
        const bytes = data as Buffer; // one whole message, text or binary (binaryType stays 'nodebuffer')
        conn.onFrame(bytes.toString('utf8'), bytes.length);
      });
      ws.on('close', () => {
        sockets.delete(ws);
        conn.dispose();
      });
      ws.on('error', (e) => log(`socket error: ${e.message}`));
    });
  });

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
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (saveTimer) clearInterval(saveTimer);
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
      });
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // Let the sockets' close handlers (onDisconnect writes) run before the last save.
      await new Promise((r) => setImmediate(r));
      save();
    })();
    return stopped;
  };

  return { url: `http://${urlHost}:${actualPort}`, host, port: actualPort, stop };
}
