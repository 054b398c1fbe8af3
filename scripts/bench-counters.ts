/**
 * The console's counters at scale (docs/decisions/0112-staff-counters-by-trigger.md): how
 * long a new waitlist sign-up takes to reach staff_counters/waitlist when the list already holds N
 * entries, on the local stack (the real trigger in firebase-tools' Functions emulator, delivered by
 * our database emulator). The N entries are written with triggers off (`disableTriggers=true`, as
 * firebase-tools' import writes), so only the timed sign-ups run the trigger.
 *
 *   npm run bench:counters -- --entries 1000 [--entries 100000] [--port-offset N] [--samples 10]
 *
 * `measureCounterLatency(stack, n)` is the part `npm run bench:scale` calls with a stack it started.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { nextPushId } from '@leopard/rtdb-emulator/push-id';
import { PROJECT_ID, localStack, parsePortOffset, type LocalStack } from '../emulators/ports';
import { startStack } from '../emulators/stack';
import { paths } from '../src/config/paths';
import { submissionIndexFields } from '../src/data/submission-index-fields';
import { into, ownerRest, writeChunked } from './bench/owner-writes';

const COUNTER_PATH = 'staff_counters/waitlist/new';

export interface CounterLatency {
  entries: number;
  samples: number[];
  medianMs: number;
  maxMs: number;
}

/** An open-access sign-up as submitForm stores it, list keys included. */
function signUp(name: string, email: string, createdAt: number): Record<string, unknown> {
  const sent = { full__name: name, email, page: paths.waitlist, programme: 'open-access', createdAt };
  return { ...sent, ...submissionIndexFields('waitlist', sent) };
}

/** Waitlist entries 0..n-1, keyed as push ids of a minute apart, written without triggers. Keys
 *  are the same on every call, so a second call with a larger n only adds the difference. */
async function seedEntries(stack: LocalStack, n: number): Promise<void> {
  const base = Date.UTC(2026, 0, 1);
  await writeChunked(stack, n, (i, chunk) => {
    const createdAt = base + i * 60_000;
    const key = nextPushId(createdAt).slice(0, 8) + String(i).padStart(12, '0');
    into(chunk, 'submissions/waitlist', key, signUp(`Bench ${i}`, `bench${i}@example.com`, createdAt));
  });
}

/** Calls `onValue` with each value of `path`, through firebase-admin's listener on the stack. */
function watch(stack: LocalStack, path: string, onValue: (value: unknown) => void): () => Promise<void> {
  const app = initializeApp({ projectId: PROJECT_ID, databaseURL: stack.databaseUrl }, `bench-counters-${Date.now()}`);
  const ref = getDatabase(app).ref(path);
  ref.on('value', (snapshot) => onValue(snapshot.val()));
  return async () => {
    ref.off();
    await deleteApp(app);
  };
}

/** Adds one sign-up and resolves with the ms until staff_counters/waitlist/new changed. */
async function timeOneSignUp(stack: LocalStack, changes: { next: () => Promise<void> }, index: number): Promise<number> {
  const changed = changes.next();
  const started = performance.now();
  await ownerRest(
    stack,
    'PUT',
    `submissions/waitlist/${nextPushId(Date.now())}`,
    signUp(`Timed ${index}`, `timed${index}@example.com`, Date.now()),
    { triggers: true },
  );
  await changed;
  return performance.now() - started;
}

/** The stack's waitlist filled to n entries (triggers off), then `samples` sign-ups one after the
 *  other, each timed from its write to the counter's change (after one untimed warm-up). */
export async function measureCounterLatency(stack: LocalStack, n: number, samples = 10): Promise<CounterLatency> {
  await seedEntries(stack, n);
  let waiting: (() => void) | null = null;
  let first = true;
  const stop = watch(stack, COUNTER_PATH, () => {
    // The stream's first event is the value when it opened, not a change.
    if (first) first = false;
    else waiting?.();
  });
  const changes = {
    next: () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${COUNTER_PATH} did not change within 60 s`)), 60_000);
        waiting = () => {
          clearTimeout(timer);
          waiting = null;
          resolve();
        };
      }),
  };
  try {
    while (first) await new Promise((resolve) => setTimeout(resolve, 20));
    await timeOneSignUp(stack, changes, -1);
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) latencies.push(await timeOneSignUp(stack, changes, i));
    const sorted = [...latencies].sort((a, b) => a - b);
    return { entries: n, samples: latencies, medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted.at(-1)! };
  } finally {
    await stop();
  }
}

function count(text: string, what: string): number {
  if (!/^\d+$/.test(text.trim())) throw new RangeError(`${what} must be a whole number (got "${text}")`);
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      entries: { type: 'string', multiple: true, default: ['1000'] },
      'port-offset': { type: 'string', default: '0' },
      samples: { type: 'string', default: '10' },
    },
  });
  const sizes = values.entries.map((text) => count(text, '--entries')).sort((a, b) => a - b);
  const offset = parsePortOffset(values['port-offset'], '--port-offset');
  const samples = count(values.samples, '--samples');
  // firebase-tools gives a function worker 30 s to start; the first sign-ups start several at
  // once, and on a busy machine they miss that and every delivery fails.
  process.env.FUNCTIONS_DISCOVERY_TIMEOUT ??= '180';
  console.log(`Starting the local stack (port offset ${offset})…`);
  const stack = await startStack({ web: 'none', portOffset: offset });
  try {
    for (const n of sizes) {
      const result = await measureCounterLatency(localStack(offset), n, samples);
      console.log(
        `${n.toLocaleString('en')} entries: a sign-up reaches staff_counters in ${result.medianMs.toFixed(0)} ms (median of ${samples}), ${result.maxMs.toFixed(0)} ms at most`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
  // The stack's seed leaves its firebase-admin app connected: nothing else is left to wait for.
  process.exit(0);
}
