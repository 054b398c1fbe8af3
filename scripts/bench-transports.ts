// Transport figures for scripts/bench-emulator.ts (section 7), against `node emulators/rtdb/src/run.mjs`
// in a child process:
//  - long polling: a set() acknowledged over /.lp (Node client speaking it as the browser SDK does,
//    emulators/rtdb/src/long-poll-client.testing.ts), 500 awaited one by one, beside the same over a raw WebSocket;
//    and one 300 KB write cut into SDK-sized segments;
//  - REST streaming: time from the request to the first `put` event, and from a REST write to the
//    event it causes on an open stream.
import { request } from 'node:http';
import WebSocket from 'ws';
import { LongPollClient } from '@leopard/rtdb-emulator/testing/long-poll-client';
import { spawnEmulator } from '@leopard/rtdb-emulator/testing/emulator-process';

const f = (x: number) => x.toFixed(2);
function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p95(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}

/** A raw WebSocket client: sends a request, resolves on its reply. */
async function rawSocket(hostPort: string, ns: string): Promise<{ request(a: string, b: unknown): Promise<unknown>; close(): void }> {
  const ws = new WebSocket(`ws://${hostPort}/.ws?v=5&ns=${ns}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve()); // the handshake
    ws.once('error', reject);
  });
  let r = 0;
  const waiting = new Map<number, (b: unknown) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { t: string; d: { r?: number; b?: unknown } };
    if (m.t === 'd' && typeof m.d.r === 'number') waiting.get(m.d.r)?.(m.d.b);
  });
  return {
    request(a, b) {
      const n = ++r;
      return new Promise((resolve) => {
        waiting.set(n, resolve);
        ws.send(JSON.stringify({ t: 'd', d: { r: n, a, b } }));
      });
    },
    close: () => ws.terminate(),
  };
}

/** Opens an event stream; resolves with the time to its first event and a way to await the next ones. */
function openStream(url: string): Promise<{ firstMs: number; next(): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const waiters: Array<(t: number) => void> = [];
    let first = true;
    const req = request(url, { headers: { Accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: put') && !block.startsWith('event: patch')) continue;
          const now = performance.now();
          if (first) {
            first = false;
            resolve({
              firstMs: now - t0,
              next: () => new Promise<number>((r) => waiters.push(r)),
              close: () => req.destroy(),
            });
          } else waiters.shift()?.(now);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function benchTransports(): Promise<void> {
  const emu = await spawnEmulator();
  try {
    console.log('(7) transports, against node emulators/rtdb/src/run.mjs:');
    // --- long polling vs WebSocket: one acknowledged set at a time
    const samples = 500;
    const lp = await LongPollClient.connect(emu.hostPort, 'bench-lp');
    const ws = await rawSocket(emu.hostPort, 'bench-lp');
    for (let i = 0; i < 20; i++) {
      await lp.request('p', { p: '/warm', d: i });
      await ws.request('p', { p: '/warm', d: i });
    }
    const lpMs: number[] = [];
    const wsMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      let t = performance.now();
      await lp.request('p', { p: `/lp/k${i % 50}`, d: { i, s: 'value ' + i } });
      lpMs.push(performance.now() - t);
      t = performance.now();
      await ws.request('p', { p: `/ws/k${i % 50}`, d: { i, s: 'value ' + i } });
      wsMs.push(performance.now() - t);
    }
    console.log(`    a set acknowledged over long polling (${samples} samples): median ${f(median(lpMs))} ms, p95 ${f(p95(lpMs))} ms`);
    console.log(`    the same over a WebSocket, for comparison:     median ${f(median(wsMs))} ms, p95 ${f(p95(wsMs))} ms`);
    const big: Record<string, string> = {};
    for (let i = 0; i < 10; i++) big[`k${i}`] = `${i}é€😀`.repeat(3000);
    const before = lp.requests.withData;
    const t = performance.now();
    await lp.request('p', { p: '/lp-big', d: big }, 60_000);
    console.log(
      `    one 300 KB set over long polling (${lp.requests.withData - before} requests of ≤ 1,870 characters): ${f(performance.now() - t)} ms`,
    );
    lp.abort();
    ws.close();

    // --- REST streaming
    await fetch(`http://${emu.hostPort}/feed.json?ns=bench-sse`, { method: 'PUT', body: JSON.stringify({ a: 1, b: 'two' }) });
    const firsts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = await openStream(`http://${emu.hostPort}/feed.json?ns=bench-sse`);
      firsts.push(s.firstMs);
      s.close();
    }
    console.log(
      `    REST stream, request → first event (put of the location; 50 streams): median ${f(median(firsts))} ms, p95 ${f(p95(firsts))} ms`,
    );
    const stream = await openStream(`http://${emu.hostPort}/feed.json?ns=bench-sse`);
    const lag: number[] = [];
    for (let i = 0; i < 200; i++) {
      const next = stream.next();
      const t0 = performance.now();
      await fetch(`http://${emu.hostPort}/feed/a.json?ns=bench-sse&print=silent`, { method: 'PUT', body: String(i) });
      lag.push((await next) - t0);
    }
    stream.close();
    console.log(`    REST write → its event on an open stream (200 samples): median ${f(median(lag))} ms, p95 ${f(p95(lag))} ms`);
  } finally {
    await emu.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchTransports();
  process.exit(0);
}
