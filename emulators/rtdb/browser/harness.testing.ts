/**
 * What every browser conformance test file of the database emulator needs, and nothing global:
 *
 * - `startEmulator()`: the project's emulator (emulators/rtdb) in this worker on a free port, with
 *   `restart()` on the same port (data is kept only when a `dataFile` is given).
 * - `servePage()`: a tiny static site on another free port: `/` is an empty HTML page that loads
 *   `/app.js`, the esbuild bundle of `page-sdk.testing.ts` (the project's `firebase` package exposed as
 *   `window.sdk` and `window.rtdb`), or of another entry you pass.
 * - `openPage()`: navigates a Playwright page there (optionally with localStorage set before any
 *   script runs) and waits for the bundle.
 * - `trackTransports()`: which transport carries the page's database traffic, as the browser
 *   saw it (long-polling requests to `/.lp`, WebSockets to `/.ws` and their frames).
 *
 * - `useEmulator()` / `useEmulatorPage()`: the usual set-up of a test file, an emulator (and the
 *   page server) started in `test.beforeAll` and stopped in `test.afterAll`.
 *
 * Each test file starts its own in beforeAll/afterAll, so files run in parallel workers without
 * sharing anything.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { test, type Page, type WebSocket as PwWebSocket } from '@playwright/test';
import { type RunningEmulator, type StartOptions, start } from '../src';

export type { PageRtdb, ConnectOptions } from './page-sdk.testing';

const DEFAULT_ENTRY = fileURLToPath(new URL('./page-sdk.testing.ts', import.meta.url));

// ------------------------------------------------------------------------------------- emulator

export interface TestEmulator {
  /** "127.0.0.1:<port>", what `rtdb.connect({ host })` takes. */
  hostPort: string;
  port: number;
  url: string;
  /** The running instance (changes on restart). */
  current: RunningEmulator;
  /** Stops the emulator and starts it again on the same port with the same options. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmulator(options: StartOptions = {}): Promise<TestEmulator> {
  const opts: StartOptions = { host: '127.0.0.1', quiet: !process.env.RTDB_TEST_VERBOSE, ...options, port: options.port ?? 0 };
  let current = await start(opts);
  const port = current.port;
  const handle: TestEmulator = {
    hostPort: `127.0.0.1:${port}`,
    port,
    url: current.url,
    current,
    async restart({ downMs = 0 } = {}) {
      await current.stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      // The port was just released; a moment's retry covers a slow close.
      for (let attempt = 0; ; attempt++) {
        try {
          current = await start({ ...opts, port });
          handle.current = current;
          return;
        } catch (e) {
          if (attempt >= 20 || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    stop: () => current.stop(),
  };
  return handle;
}

// ------------------------------------------------------------------------------------- page

const bundles = new Map<string, Promise<string>>();

/** The esbuild bundle of `entry` (an ES module for the browser), built once per worker. */
export function bundle(entry = DEFAULT_ENTRY): Promise<string> {
  let b = bundles.get(entry);
  if (!b) {
    b = build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      sourcemap: 'inline',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"test"' },
    }).then((r) => r.outputFiles[0].text);
    bundles.set(entry, b);
  }
  return b;
}

export interface TestPageServer {
  /** http://127.0.0.1:<port>/ */
  url: string;
  stop(): Promise<void>;
}

/** Serves `/` (an HTML page loading `/app.js` as a module) and `/app.js` (the bundle of `entry`).
 *  `headers` go on the HTML page (e.g. a Content-Security-Policy). Serve headers from here rather
 *  than with `page.route(…).fulfill`: Chromium treats a fulfilled document as public, and its
 *  Local Network Access checks then block the page's connections to the emulator on 127.0.0.1. */
export async function servePage(
  options: { entry?: string; title?: string; headers?: Record<string, string> } = {},
): Promise<TestPageServer> {
  const js = await bundle(options.entry);
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${options.title ?? 'rtdb emulator test'}</title></head>` +
    `<body><script type="module" src="/app.js"></script></body></html>`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...options.headers });
      res.end(html);
    } else if (path === '/app.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(js);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Opens the test page. `localStorage` entries are set before any of the page's scripts run
 *  (e.g. `{ 'firebase:previous_websocket_failure': 'true' }`). */
export async function openPage(page: Page, server: TestPageServer, options: { localStorage?: Record<string, string> } = {}): Promise<void> {
  if (options.localStorage) {
    await page.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
    }, options.localStorage);
  }
  await page.goto(server.url);
  await page.waitForFunction(() => window.rtdbReady === true);
}

// ------------------------------------------------------------------------------------- per file

/** Fails clearly when a handle is used before `test.beforeAll` has started it. */
function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the ${what} is started in test.beforeAll; use it inside a test or hook`);
  return value;
}

/** Stands for the emulator started in beforeAll: usable at module level, valid inside tests. */
function emulatorHandle(get: () => TestEmulator | undefined): TestEmulator {
  const emulator = () => started(get(), 'emulator');
  return {
    get hostPort() {
      return emulator().hostPort;
    },
    get port() {
      return emulator().port;
    },
    get url() {
      return emulator().url;
    },
    get current() {
      return emulator().current;
    },
    restart: (options) => emulator().restart(options),
    stop: () => emulator().stop(),
  };
}

/** This test file's emulator: started in `test.beforeAll`, stopped in `test.afterAll`. */
export function useEmulator(options: StartOptions = {}): TestEmulator {
  let emulator: TestEmulator | undefined;
  test.beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  test.afterAll(async () => {
    await emulator?.stop();
  });
  return emulatorHandle(() => emulator);
}

/** This test file's emulator and test page server (`servePage()`), started in `test.beforeAll`
 *  and stopped in `test.afterAll` (the page server first). Open the page with `openPage(page, site)`. */
export function useEmulatorPage(options: { emulator?: StartOptions; page?: Parameters<typeof servePage>[0] } = {}): {
  emulator: TestEmulator;
  site: TestPageServer;
} {
  let emulator: TestEmulator | undefined;
  let site: TestPageServer | undefined;
  test.beforeAll(async () => {
    emulator = await startEmulator(options.emulator);
    site = await servePage(options.page);
  });
  test.afterAll(async () => {
    await site?.stop();
    await emulator?.stop();
  });
  return {
    emulator: emulatorHandle(() => emulator),
    site: {
      get url() {
        return started(site, 'page server').url;
      },
      stop: () => started(site, 'page server').stop(),
    },
  };
}

// ------------------------------------------------------------------------------------- transports

export interface TransportLog {
  /** Every request the page made to `/.lp` (start, polls with segments, dframe, disconn). */
  longPollRequests: Array<{ url: URL; at: number }>;
  /** Every WebSocket the page opened to `/.ws`, with its frames. */
  webSockets: Array<{ url: URL; sent: string[]; received: string[]; closed: boolean }>;
  /** Long-polling requests made at or after `since` (ms, Date.now()). */
  longPollSince(since: number): Array<{ url: URL; at: number }>;
  /** Frames sent + received on open WebSockets at or after `since`. */
  wsFramesSince(since: number): number;
}

/** Starts recording the page's database transports; call before `openPage`. */
export function trackTransports(page: Page): TransportLog {
  const frameTimes: number[] = [];
  const log: TransportLog = {
    longPollRequests: [],
    webSockets: [],
    longPollSince: (since) => log.longPollRequests.filter((r) => r.at >= since),
    wsFramesSince: (since) => frameTimes.filter((t) => t >= since).length,
  };
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/.lp') log.longPollRequests.push({ url, at: Date.now() });
  });
  page.on('websocket', (ws: PwWebSocket) => {
    const url = new URL(ws.url());
    if (url.pathname !== '/.ws') return;
    const entry = { url, sent: [] as string[], received: [] as string[], closed: false };
    log.webSockets.push(entry);
    ws.on('framesent', (f) => {
      entry.sent.push(String(f.payload));
      frameTimes.push(Date.now());
    });
    ws.on('framereceived', (f) => {
      entry.received.push(String(f.payload));
      frameTimes.push(Date.now());
    });
    ws.on('close', () => (entry.closed = true));
  });
  return log;
}

/** A value big enough to need many long-polling segments: `n` children of `size` characters. */
export function bigValue(totalChars: number, children = 8): Record<string, string> {
  const out: Record<string, string> = {};
  const each = Math.ceil(totalChars / children);
  for (let i = 0; i < children; i++) out[`c${i}`] = `${i}:` + 'x'.repeat(each - 2 - String(i).length) + 'é';
  return out;
}
