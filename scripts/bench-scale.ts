/**
 * The staff console at scale (docs/decisions/0153-console-measured-at-scale.md,
 * `npm run bench:scale`): starts the local stack with the built site,
 * seeds N sign-ups over the waitlists, the inbox and the pre-orders, N/5 orders and N/10 accounts
 * with triggers off (scripts/bench/scale-seed.ts), then measures what that record's table measures and
 * prints it as a Markdown table: a sign-up's time to staff_counters, each console page's first rows,
 * database bytes and JS heap in Chromium (scripts/bench/scale-pages.ts), a CSV export's throughput,
 * and the database emulator's resident memory after the seed.
 *
 *   npm run bench:scale -- --entries 1000 [--port-offset 600] [--samples 10] [--seed-only]
 *
 * `--seed-only` starts no website and opens no page: the seed's time, the memory and the counter.
 * The database emulator runs in this process (emulators/stack.ts), so its memory is this process's.
 */
import { parseArgs } from 'node:util';
import { localStack, parsePortOffset, type LocalStack } from '../emulators/ports';
import { DEMO_STAFF } from '../emulators/seed';
import { startStack } from '../emulators/stack';
import { measureCounterLatency } from './bench-counters';
import { measureExportThroughput } from './bench/export-throughput';
import { measureConsolePages } from './bench/scale-pages';
import { seedScale } from './bench/scale-seed';
import { formatMs, scaleTable, type ScaleResult } from './bench/scale-table';

/** The largest list the seed makes. */
const EXPORTED_LIST = 'open-access';

/** An ID token of the stack's staff account, from the Auth emulator, as its browser holds one. */
async function staffIdToken(stack: LocalStack): Promise<string> {
  const response = await fetch(`${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_STAFF.password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signing ${DEMO_STAFF.email} in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

async function exportThroughput(stack: LocalStack): Promise<ScaleResult['exportThroughput']> {
  try {
    const idToken = await staffIdToken(stack);
    return await measureExportThroughput({ functionsUrl: stack.functionsUrl, idToken, request: { list: EXPORTED_LIST } });
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function whole(text: string, what: string): number {
  if (!/^\d+$/.test(text.trim())) throw new RangeError(`${what} must be a whole number (got "${text}")`);
  return Number(text);
}

async function main(): Promise<void> {
  const wallStart = performance.now();
  const { values } = parseArgs({
    options: {
      entries: { type: 'string', default: '1000' },
      'port-offset': { type: 'string', default: '600' },
      samples: { type: 'string', default: '10' },
      'seed-only': { type: 'boolean', default: false },
    },
  });
  const entries = whole(values.entries, '--entries');
  const samples = whole(values.samples, '--samples');
  const offset = parsePortOffset(values['port-offset'], '--port-offset');
  const seedOnly = values['seed-only'];
  // firebase-tools gives a function worker 30 s to start; on two busy cores that is not enough.
  process.env.FUNCTIONS_DISCOVERY_TIMEOUT ??= '180';

  console.log(`Starting the local stack (port offset ${offset})${seedOnly ? '' : ' and building the site'}…`);
  const running = await startStack({ web: seedOnly ? 'none' : 'preview', buildPreview: !seedOnly, portOffset: offset });
  const stack = localStack(offset);
  try {
    console.log(`Seeding ${entries.toLocaleString('en')} sign-ups with triggers off…`);
    const seeded = await seedScale(stack, entries, { onProgress: (message) => console.log(`  ${message}`) });
    // What the emulator holds, not garbage the seed's chunks left (with --expose-gc, as the npm script runs it).
    globalThis.gc?.();
    const databaseRssBytes = process.memoryUsage().rss;
    console.log(`Seeded in ${formatMs(seeded.ms)}; resident memory ${Math.round(databaseRssBytes / 1e6)} MB`);

    const counter = await measureCounterLatency(stack, 0, samples).then(
      ({ medianMs, maxMs }) => ({ medianMs, maxMs, samples }),
      (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    const pages = seedOnly ? null : await measureConsolePages(stack, stack.siteUrls.preview);
    const result: ScaleResult = {
      entries,
      orders: seeded.orders,
      customers: seeded.customers,
      seedMs: seeded.ms,
      databaseRssBytes,
      counter,
      pages,
      exportThroughput: seedOnly ? 'not measured (--seed-only)' : await exportThroughput(stack),
    };
    console.log(`\n${scaleTable([result])}\n`);
    console.log(`Wall time ${formatMs(performance.now() - wallStart)} (the stack's start and the site's build included).`);
  } finally {
    await running.stop();
  }
}

await main();
// The stack's seed leaves its firebase-admin app connected: nothing else is left to wait for.
process.exit(0);
