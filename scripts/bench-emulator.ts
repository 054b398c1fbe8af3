// Benchmark of the local RTDB emulator (emulators/rtdb). Run: npx tsx scripts/bench-emulator.ts
// Prints: (1) spawn → first WebSocket handshake, for `tsx src/cli.ts` and for `node src/run.mjs`
// (an esbuild bundle, cached in node_modules/.cache); (2) 1,000 acknowledged set()s from one
// firebase v12 client; (3) latency of a write by client A seen by a listener on client B (1,000
// samples); (4) server RSS after loading 100,000 children. (2)-(4) run against the tsx CLI.
// (5) hostile input against `node src/run.mjs` in a child process: RSS and time to
// refuse a 100 MB anonymous body (with Content-Length and chunked), 600 sockets opened and closed,
// a stalled multi-frame message and a stalled REST body. (6) the cost of rules coverage counting:
// 1,000 writes through expression rules with coverage on and off (scripts/bench-coverage.ts).
// (7) transports: a set acknowledged over long polling (median, beside a WebSocket), a 300 KB write
// in long-polling segments, and REST streaming's time to the first event (scripts/bench-transports.ts).

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { getDatabase, connectDatabaseEmulator, ref, set, onValue, goOffline, type Database } from 'firebase/database';
import {
  MiB,
  closedWithin,
  openAndCloseSockets,
  openRawSocket,
  spawnEmulator,
  stalledHttp,
  streamBody,
} from '@leopard/rtdb-emulator/testing/emulator-process';
import { benchCoverage } from './bench-coverage';
import { benchTransports } from './bench-transports';
import { benchTriggers } from './bench-triggers';

const root = fileURLToPath(new URL('..', import.meta.url));
const cliTs = join(root, 'emulators/rtdb/src/cli.ts');
const tsxBin = join(root, 'node_modules/.bin/tsx');

interface Spawned {
  proc: ChildProcess;
  port: number;
  /** ms from spawn() to the first handshake received over a WebSocket. */
  readyMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tryHandshake(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=bench`);
    ws.once('message', () => {
      ws.terminate();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
  });
}

async function spawnServer(cmd: string, args: string[], port: number): Promise<Spawned> {
  const t0 = performance.now();
  const proc = spawn(cmd, [...args, '--port', String(port), '--quiet', '--no-config'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let exited = false;
  proc.once('exit', () => (exited = true));
  // Poll the port with WebSocket handshakes (the time until a client can really connect).
  for (;;) {
    if (exited) throw new Error(`${cmd} exited before accepting connections`);
    if (await tryHandshake(port)) return { proc, port, readyMs: performance.now() - t0 };
    await sleep(2);
  }
}

function stopServer(p: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (p.exitCode !== null) return resolve(p.exitCode);
    p.once('exit', (code) => resolve(code));
    p.kill('SIGTERM');
  });
}

/** RSS (kB) of a process and all its descendants (tsx runs the program in a child process). */
function treeRssKb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(d));
      children.set(ppid, list);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch {
      /* gone */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function pct(xs: number[], p: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const f = (x: number) => x.toFixed(1);

let nextPort = 19400 + Math.floor(Math.random() * 400);

// ---- (1) start-up
// run.mjs bundles src/ with esbuild when a source changed; run it once so the timed runs use the cache.
const runMjs = join(root, 'emulators/rtdb/src/run.mjs');
await stopServer((await spawnServer(process.execPath, [runMjs], nextPort++)).proc);
const runs = 5;
const startup: Record<string, number[]> = { 'tsx emulators/rtdb/src/cli.ts': [], 'node emulators/rtdb/src/run.mjs': [] };
for (let i = 0; i < runs; i++) {
  for (const [label, cmd, args] of [
    ['tsx emulators/rtdb/src/cli.ts', tsxBin, [cliTs]],
    ['node emulators/rtdb/src/run.mjs', process.execPath, [runMjs]],
  ] as const) {
    const s = await spawnServer(cmd, [...args], nextPort++);
    startup[label].push(s.readyMs);
    await stopServer(s.proc);
  }
}
console.log('(1) spawn → WebSocket handshake (median of 5 runs):');
for (const [label, xs] of Object.entries(startup))
  console.log(`    ${label.padEnd(32)} ${f(median(xs))} ms   (min ${f(Math.min(...xs))}, max ${f(Math.max(...xs))})`);

// ---- (2)–(4) against the tsx-run CLI (what `npm run emulator:rtdb` runs)
const server = await spawnServer(tsxBin, [cliTs], nextPort++);
const apps: FirebaseApp[] = [];
const client = (name: string): Database => {
  const app = initializeApp({ projectId: 'demo-bench', databaseURL: `http://127.0.0.1:${server.port}?ns=demo-bench` }, name);
  apps.push(app);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', server.port);
  return db;
};
const A = client('A');
const B = client('B');
await set(ref(A, 'warmup'), 1);
await set(ref(B, 'warmup'), 2);

let t = performance.now();
for (let i = 0; i < 1000; i++) await set(ref(A, `seq/k${i}`), { i, s: 'value ' + i });
const seqMs = performance.now() - t;
t = performance.now();
await Promise.all(Array.from({ length: 1000 }, (_, i) => set(ref(A, `par/k${i}`), { i, s: 'value ' + i })));
const parMs = performance.now() - t;
console.log('(2) 1,000 acknowledged set()s from one client:');
console.log(`    awaited one by one            ${f(seqMs)} ms`);
console.log(`    all issued at once (pipelined) ${f(parMs)} ms`);

// (3) propagation A → B
const lat: number[] = [];
let pending: { v: number; t0: number; done: () => void } | null = null;
const unsub = onValue(ref(B, 'lat/v'), (s) => {
  if (pending && s.val() === pending.v) {
    lat.push(performance.now() - pending.t0);
    pending.done();
  }
});
await set(ref(A, 'lat/v'), -1);
await sleep(50);
for (let i = 0; i < 1000; i++) {
  await new Promise<void>((done) => {
    pending = { v: i, t0: performance.now(), done };
    void set(ref(A, 'lat/v'), i);
  });
}
unsub();
console.log('(3) write on A seen by a listener on B (1,000 samples):');
console.log(`    median ${f(median(lat))} ms, p95 ${f(pct(lat, 95))} ms, max ${f(Math.max(...lat))} ms`);

// (4) memory with 100,000 children
const rssBefore = treeRssKb(server.proc.pid!);
const big: Record<string, unknown> = {};
for (let i = 0; i < 100000; i++) big[`child${String(i).padStart(6, '0')}`] = { name: `item ${i}`, n: i, ok: i % 2 === 0 };
t = performance.now();
const res = await fetch(`http://127.0.0.1:${server.port}/big.json?ns=demo-bench&print=silent`, {
  method: 'PUT',
  headers: { Authorization: 'Bearer owner' },
  body: JSON.stringify(big),
});
const loadMs = performance.now() - t;
if (!res.ok) throw new Error(`PUT failed: ${res.status}`);
await sleep(500);
const rssAfter = treeRssKb(server.proc.pid!);
t = performance.now();
await set(ref(A, 'big/child000123/n'), -1);
const oneWrite = performance.now() - t;
console.log('(4) 100,000 children (each {name, n, ok}) loaded with one REST PUT:');
console.log(
  `    load ${f(loadMs)} ms; server RSS ${(rssBefore / 1024).toFixed(0)} MB before → ${(rssAfter / 1024).toFixed(0)} MB after (process tree)`,
);
console.log(`    one set() into the 100,000-child node afterwards: ${f(oneWrite)} ms`);

for (const db of [A, B]) goOffline(db);
await Promise.all(apps.map((a) => deleteApp(a)));
const code = await stopServer(server.proc);
console.log(`server exit code after SIGTERM: ${code}`);

// (5) hostile input. A short request timeout so the stalls end quickly; other limits are the defaults.
const timeoutMs = 1000;
const emu = await spawnEmulator(['--request-timeout-ms', String(timeoutMs)]);
const mb = (bytes: number) => `${(bytes / MiB).toFixed(0)} MB`;
await fetch(`http://${emu.hostPort}/warm.json?ns=hostile`, { method: 'PUT', body: '1' });
(await openRawSocket(emu.hostPort, 'hostile')).close();
await sleep(200);
/** Runs an attack; returns its result and "RSS before, peak during, after" of the emulator process. */
async function rssAround<T>(attack: () => Promise<T>): Promise<{ result: T; rss: string }> {
  emu.resetPeak();
  const before = emu.rss();
  const result = await attack();
  await sleep(300);
  return { result, rss: `RSS ${mb(before)} before, peak ${mb(emu.peakRss())}, ${mb(emu.rss())} after` };
}
console.log(
  `(5) hostile input against node emulators/rtdb/src/run.mjs --request-timeout-ms ${timeoutMs} (max request 16 MiB, idle 120 s):`,
);
for (const contentLength of [true, false]) {
  const { result: r, rss } = await rssAround(() =>
    streamBody(`http://${emu.hostPort}/big.json?ns=hostile`, { totalBytes: 100 * MiB, contentLength }),
  );
  const how = contentLength ? 'with Content-Length' : 'chunked            ';
  console.log(`    100 MB anonymous PUT ${how}: ${r.status} after ${f(r.ms)} ms (${mb(r.sentBytes)} handed to the socket); ${rss}`);
}
const sockets = await rssAround(async () => {
  const t0 = performance.now();
  await openAndCloseSockets(emu.hostPort, 'hostile', 600);
  return performance.now() - t0;
});
console.log(`    600 sockets (each listening) opened, then closed: ${f(sockets.result)} ms; ${sockets.rss}`);
const stall = await rssAround(async () => {
  // A 1,024-frame message stopped after 1,000 frames of 16,384 characters (16 MB buffered).
  const ws = await openRawSocket(emu.hostPort, 'hostile');
  ws.send('1024');
  const fragment = 'x'.repeat(16384);
  for (let i = 0; i < 1000; i++) ws.send(fragment);
  return closedWithin(ws, 10 * timeoutMs);
});
const closed = stall.result;
console.log(
  `    a multi-frame message stalled after 16 MB: ${closed ? `closed (${closed.code}) ${f(closed.ms)} ms after the last frame was queued` : 'NOT closed'}; ${stall.rss}`,
);
const body = await stalledHttp(
  emu.hostPort,
  `PUT /x.json?ns=hostile HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"a":`,
  10 * timeoutMs,
);
console.log(
  `    a REST body stalled half way: ${body.text.split('\r\n')[0]}, closed after ${body.closedAfterMs === null ? 'never' : `${f(body.closedAfterMs)} ms`}`,
);
await emu.stop();

// (6) the cost of rules coverage counting (scripts/bench-coverage.ts)
await benchCoverage();

// (7) long polling and REST streaming (scripts/bench-transports.ts)
await benchTransports();

// (8) Functions triggers (scripts/bench-triggers.ts)
await benchTriggers();
process.exit(0);
