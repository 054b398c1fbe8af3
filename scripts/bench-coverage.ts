// Cost of counting rule evaluations (the rules coverage reports) on the 1,000-write benchmark:
// part (6) of `npm run bench:emulator` (scripts/bench-emulator.ts calls benchCoverage()).
//
// Two emulators (`node emulators/rtdb/src/run.mjs`, one with --no-coverage), each with rules whose
// .write and .validate are expressions, and a signed-in firebase v12 client (a mock ID token), so
// every write runs the rules engine: 1,000 acknowledged set()s awaited one by one, and 1,000
// issued at once. Rounds alternate between the two servers; medians are reported. Then the engine
// alone: canWrite() of the same write 100,000 times, rules compiled with and without counting.

import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, ref, set, type Database } from 'firebase/database';
import { spawnEmulator, type EmulatorProcess } from '@leopard/rtdb-emulator/testing/emulator-process';
import { canWrite, compileRules } from '@leopard/rtdb-emulator/rules';

export const BENCH_RULES = JSON.stringify(
  {
    rules: {
      items: {
        $uid: {
          '.read': 'auth != null && auth.uid === $uid',
          '.write': 'auth != null && auth.uid === $uid && (!data.exists() || data.hasChildren())',
          $id: {
            '.validate': "newData.hasChildren(['i', 's']) && newData.child('i').isNumber() && newData.child('s').isString()",
            i: { '.validate': 'newData.val() >= 0 && newData.val() < 1000000' },
            s: { '.validate': 'newData.val().length < 100 && newData.val().matches(/^value [0-9]+$/)' },
            $other: { '.validate': false },
          },
        },
      },
    },
  },
  null,
  2,
);

const ROUNDS = 9;
const f = (x: number) => x.toFixed(1);
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (on: number, off: number) => `${on >= off ? '+' : ''}${(((on - off) / off) * 100).toFixed(1)} %`;

async function client(emu: EmulatorProcess, name: string): Promise<{ db: Database; close: () => Promise<void> }> {
  const ns = 'bench-coverage';
  const res = await fetch(`http://${emu.hostPort}/.settings/rules.json?ns=${ns}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: BENCH_RULES,
  });
  if (!res.ok) throw new Error(`rules upload failed: ${res.status} ${await res.text()}`);
  const app = initializeApp({ projectId: 'demo-bench', databaseURL: `http://${emu.hostPort}?ns=${ns}` }, name);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', emu.port, { mockUserToken: { sub: 'u1', user_id: 'u1' } });
  await set(ref(db, 'items/u1/warmup'), { i: 0, s: 'value 0' });
  return {
    db,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

async function writes(db: Database, round: number): Promise<{ seq: number; par: number }> {
  let t = performance.now();
  for (let i = 0; i < 1000; i++) await set(ref(db, `items/u1/r${round}s${i}`), { i, s: `value ${i}` });
  const seq = performance.now() - t;
  t = performance.now();
  await Promise.all(Array.from({ length: 1000 }, (_, i) => set(ref(db, `items/u1/r${round}p${i}`), { i, s: `value ${i}` })));
  return { seq, par: performance.now() - t };
}

function engineLoop(coverage: boolean, n: number): number {
  const rules = compileRules(BENCH_RULES, { coverage });
  const root = { items: { u1: { a: { i: 1, s: 'value 1' } } } };
  const newRoot = { items: { u1: { a: { i: 1, s: 'value 1' }, b: { i: 2, s: 'value 2' } } } };
  const ctx = { auth: { uid: 'u1' }, now: Date.now(), root, newRoot, writePaths: [['items', 'u1', 'b']] };
  for (let i = 0; i < 2000; i++) canWrite(rules, ctx); // warm up
  const t = performance.now();
  for (let i = 0; i < n; i++) if (!canWrite(rules, ctx).allowed) throw new Error('bench write refused');
  return performance.now() - t;
}

export async function benchCoverage(): Promise<{ seqOverhead: number; parOverhead: number }> {
  const off = await spawnEmulator(['--no-coverage']);
  const on = await spawnEmulator([]);
  const clients = { off: await client(off, 'cov-off'), on: await client(on, 'cov-on') };
  const results: Record<'off' | 'on', { seq: number[]; par: number[] }> = { off: { seq: [], par: [] }, on: { seq: [], par: [] } };
  // A warm-up round each, not counted; then ROUNDS alternating rounds.
  await writes(clients.off.db, -1);
  await writes(clients.on.db, -1);
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      const r = await writes(clients[mode].db, round);
      results[mode].seq.push(r.seq);
      results[mode].par.push(r.par);
    }
  }
  // The counts really are there: the report of the coverage-on server has them.
  const report = (await (await fetch(`http://${on.hostPort}/.inspect/coverage.json?ns=bench-coverage`)).json()) as {
    summary: { evaluations: number };
  };
  await clients.off.close();
  await clients.on.close();
  await off.stop();
  await on.stop();

  const seqOff = median(results.off.seq);
  const seqOn = median(results.on.seq);
  const parOff = median(results.off.par);
  const parOn = median(results.on.par);
  console.log('(6) rules coverage: 1,000 set()s by a signed-in client, every one through .write and four .validate expressions');
  console.log(`    (node run.mjs with --no-coverage vs default; median of ${ROUNDS} alternating rounds):`);
  console.log(`    awaited one by one             off ${f(seqOff)} ms, on ${f(seqOn)} ms (${pct(seqOn, seqOff)})`);
  console.log(`    all issued at once (pipelined) off ${f(parOff)} ms, on ${f(parOn)} ms (${pct(parOn, parOff)})`);
  console.log(`    rule evaluations counted by the coverage-on server: ${report.summary.evaluations.toLocaleString('en-US')}`);
  const n = 100_000;
  const engine = { off: [] as number[], on: [] as number[] };
  for (let i = 0; i < 5; i++) {
    engine.off.push(engineLoop(false, n));
    engine.on.push(engineLoop(true, n));
  }
  const eOff = median(engine.off);
  const eOn = median(engine.on);
  console.log(
    `    the engine alone, canWrite() ×100,000: off ${f(eOff)} ms (${f((eOff / n) * 1000)} µs each), on ${f(eOn)} ms (${f((eOn / n) * 1000)} µs each; ${pct(eOn, eOff)})`,
  );
  return { seqOverhead: (seqOn - seqOff) / seqOff, parOverhead: (parOn - parOff) / parOff };
}
