// Trigger figures for scripts/bench-emulator.ts (section 8): the emulator (in this process) with
// firebase-tools' Functions emulator running the fixture project's `benchEcho` trigger, which
// copies /bench/<run>/<id> to /benchDone/<run>/<id>. Measured from the REST write to the moment the
// trigger's own write is seen on an event stream, i.e. delivery, the function and its write back.
import { start } from '@leopard/rtdb-emulator';
import { startFunctionsEmulator } from '@leopard/rtdb-emulator/testing/functions-emulator';

const PROJECT = 'demo-bench-triggers';
const NS = `${PROJECT}-default-rtdb`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchTriggers(): Promise<void> {
  const db = await start({ port: 0, quiet: true, viewer: false, project: PROJECT });
  const t0 = performance.now();
  const fns = await startFunctionsEmulator({ project: PROJECT, databaseHost: `127.0.0.1:${db.port}`, databaseNamespace: NS });
  const startMs = performance.now() - t0;
  await db.triggers!.connect(fns.host);

  // Every trigger write, as the stream of /benchDone reports it.
  const seen = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const abort = new AbortController();
  const stream = await fetch(`${db.url}/benchDone.json?ns=${NS}`, { headers: { Accept: 'text/event-stream' }, signal: abort.signal });
  const reader = stream.body!.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const event = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (!data || data === 'null') continue;
        const { path } = JSON.parse(data) as { path: string };
        const now = performance.now();
        seen.set(path, now);
        waiters.get(path)?.();
      }
    }
  })();
  const put = (path: string, value: unknown) =>
    fetch(`${db.url}/${path}.json?ns=${NS}&print=silent`, { method: 'PUT', body: JSON.stringify(value) }).then((r) => r.arrayBuffer());
  const done = (path: string) => new Promise<void>((resolve) => (seen.has(path) ? resolve() : waiters.set(path, resolve)));

  // Warm-up: the first event starts the function's worker.
  await put('bench/warm/w', 1);
  await done('/warm/w');

  const latencies: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    await put(`bench/lat/k${i}`, i);
    await done(`/lat/k${i}`);
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);

  const n = 1000;
  const t = performance.now();
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) writes.push(put(`bench/many/k${i}`, { i }));
  await Promise.all(writes);
  const writtenMs = performance.now() - t;
  await Promise.all(Array.from({ length: n }, (_, i) => done(`/many/k${i}`)));
  const allMs = performance.now() - t;

  abort.abort();
  console.log(
    `(8) Functions triggers (firebase-tools' Functions emulator, fixture trigger benchEcho; start-up ${(startMs / 1000).toFixed(1)} s):`,
  );
  console.log(
    `    write → trigger's write seen, one at a time (${latencies.length}): p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );
  console.log(
    `    ${n} REST writes at once with the trigger: written in ${writtenMs.toFixed(0)} ms, every trigger's write seen after ${allMs.toFixed(0)} ms (${db.triggers!.stats.failed} failed deliveries)`,
  );
  await fns.stop();
  await db.stop();
}
