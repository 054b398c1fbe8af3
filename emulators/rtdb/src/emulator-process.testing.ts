/**
 * The database emulator in a child process, and the hostile clients that measure it.
 * Shared by emulators/rtdb/conformance/hostile-input.test.ts and scripts/bench-emulator.ts.
 *
 * The child runs `node emulators/rtdb/src/run.mjs` (one process: the esbuild bundle is imported in
 * place), so /proc/<pid> is the emulator alone: its RSS does not include the caller's own buffers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const runMjs = fileURLToPath(new URL('./run.mjs', import.meta.url));

export interface EmulatorProcess {
  proc: ChildProcess;
  pid: number;
  port: number;
  /** "127.0.0.1:<port>" */
  hostPort: string;
  /** Current resident set size of the emulator process, in bytes. */
  rss(): number;
  /** Highest resident set size since start or since the last resetPeak(), in bytes. */
  peakRss(): number;
  /** Resets the kernel's high-water mark (VmHWM); false where /proc/<pid>/clear_refs is not writable. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(m[1]) * 1024;
}

/** Starts `node emulators/rtdb/src/run.mjs --port 0 --quiet ...args` and waits for its ready line. */
export async function spawnEmulator(args: string[] = []): Promise<EmulatorProcess> {
  const proc = spawn(process.execPath, [runMjs, '--port', '0', '--host', '127.0.0.1', '--quiet', '--no-config', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`emulator did not start within 20 s: ${stderr}`)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code} before it was ready: ${stderr}`));
    });
  });
  const pid = proc.pid!;
  return {
    proc,
    pid,
    port,
    hostPort: `127.0.0.1:${port}`,
    rss: () => statusField(pid, 'VmRSS'),
    peakRss: () => statusField(pid, 'VmHWM'),
    resetPeak: () => {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

export const MiB = 1024 * 1024;

export interface StreamedResult {
  /** HTTP status, or 0 when the connection failed before any answer. */
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  /** Body bytes handed to the socket before the answer arrived. */
  sentBytes: number;
  /** ms from the first byte sent to the answer's status line. */
  ms: number;
  error?: string;
}

/**
 * Sends a large body streamed from a generator of `chunkBytes` pieces (so the sender never holds it
 * whole), with `Content-Length` or chunked, and stops sending as soon as an answer arrives. The body
 * is one JSON object {"k0":"xx…","k1":"xx…",…} of `totalBytes`, so an unbounded server would parse it.
 */
export function streamBody(
  url: string,
  options: { method?: string; totalBytes: number; chunkBytes?: number; contentLength: boolean; headers?: Record<string, string> },
): Promise<StreamedResult> {
  const chunkBytes = options.chunkBytes ?? MiB;
  const pieces = Math.ceil(options.totalBytes / chunkBytes);
  // Every piece is `"kN":"xxx…",` padded to chunkBytes; the first opens the object, the last closes it.
  function* body(): Generator<Buffer> {
    for (let i = 0; i < pieces; i++) {
      const head = (i === 0 ? '{' : '') + `"k${i}":"`;
      const tail = i === pieces - 1 ? '"}' : '",';
      yield Buffer.from(head + 'x'.repeat(chunkBytes - head.length - tail.length) + tail);
    }
  }
  return new Promise((resolve) => {
    const t0 = performance.now();
    let sentBytes = 0;
    let answered = false;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(options.headers ?? {}) };
    if (options.contentLength) headers['Content-Length'] = String(pieces * chunkBytes);
    const req = request(url, { method: options.method ?? 'PUT', headers }, (res) => {
      answered = true;
      const ms = performance.now() - t0;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      const done = () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers, sentBytes, ms });
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (e) => {
      if (!answered) resolve({ status: 0, text: '', headers: {}, sentBytes, ms: performance.now() - t0, error: e.message });
    });
    const it = body();
    const pump = () => {
      while (!answered) {
        const next = it.next();
        if (next.done) {
          req.end();
          return;
        }
        sentBytes += next.value.length;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

export interface RawHttpResult {
  /** Everything the server sent. */
  text: string;
  /** ms from sending to the server closing the connection (null: still open at `waitMs`). */
  closedAfterMs: number | null;
}

/** Writes `data` on a plain TCP connection, then nothing; collects the answer until the server
 *  closes the connection or `waitMs` passes (a stalled request). */
export function stalledHttp(hostPort: string, data: string, waitMs: number): Promise<RawHttpResult> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const t0 = performance.now();
    let text = '';
    const socket = connect(Number(port), host, () => socket.write(data));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, waitMs);
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: performance.now() - t0 });
    });
  });
}

/** A raw protocol socket that has received the handshake. */
export function openRawSocket(hostPort: string, ns: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${hostPort}/.ws?v=5&ns=${encodeURIComponent(ns)}`);
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Resolves with the close code and the ms until the socket closed, or null after `waitMs`. */
export function closedWithin(ws: WebSocket, waitMs: number): Promise<{ code: number; ms: number } | null> {
  const t0 = performance.now();
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve({ code: 1006, ms: 0 });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    ws.once('close', (code: number) => {
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - t0 });
    });
  });
}

/** Opens `count` raw protocol sockets (each listening at a path of its own), then closes them all. */
export async function openAndCloseSockets(hostPort: string, ns: string, count: number): Promise<void> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => openRawSocket(hostPort, ns)));
    sockets.push(...batch);
  }
  sockets.forEach((ws, i) => ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: `/many/s${i}`, h: '' } } })));
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
}
