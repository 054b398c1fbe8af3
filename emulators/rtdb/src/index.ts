// Local Firebase Realtime Database emulator: one HTTP server, WebSocket at /.ws, REST on *.json.

import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { WebSocketServer, type WebSocket } from 'ws';
import { ALLOW_ALL_RULES_TEXT, compileRules } from './rulesApi.js';
import { Namespace } from './namespace.js';
import { Connection } from './connection.js';
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
}

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
  const restHost = {
    getNamespace,
    namespaceFor,
    namespaceNames: () => [...namespaces.keys()],
    log,
  };
  const server = createServer((req, res) => {
    void handleRest(restHost, req, res);
  });
  server.keepAliveTimeout = 5000;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
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
      const conn = new Connection(ws, ns, req.headers.host ?? `${host}:${actualPort}`, log);
      ws.on('message', (data, isBinary) => {
        conn.onFrame(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
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
