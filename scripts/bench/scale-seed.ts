/**
 * Fills the local stack's database for `npm run bench:scale`: N sign-ups, N/5 orders and N/10
 * accounts (scale-records.ts), written through the database emulator's REST API with the owner's
 * credential in chunks of SEED_CHUNK, with triggers off (`disableTriggers=true`, as firebase-tools'
 * import writes), so no function runs for them; then the counters and figures the triggers would
 * have kept, counted from the same records and from what the demo data had already written.
 */
import { DATABASE_NAMESPACE, type LocalStack } from '../../emulators/ports';
import type { SubmissionKind } from '../../src/config/data-limits';
import { CUSTOMER_INDEX_PATH } from '../../src/data/list-index';
import { ORDERS_PATH, type StoredOrder } from '../../src/data/orders';
import { STAFF_COUNTERS_PATH } from '../../src/data/staff';
import { USERS_PATH } from '../../src/data/users';
import {
  buildCustomer,
  buildOrder,
  buildSubmission,
  countOrders,
  countSubmission,
  emptyTotals,
  figuresOf,
  type ScaleTotals,
} from './scale-records';

/** The owner's credential of the emulator's REST API: rules and validation do not apply. */
const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
/** Records per request: large enough that a million records are a few hundred requests, small
 *  enough that one request's JSON stays a few megabytes. The emulator's update once compared every
 *  written path with every other (20,000 keys took 19 s); it now looks each path's ancestors up
 *  (`outermostPaths` in emulators/rtdb/src/namespace.ts). */
export const SEED_CHUNK = 5000;
/** Where the figures' triggers keep what the console shows (docs/decisions/0112-staff-counters-by-trigger.md). */
export const STAFF_GROUP_COUNTERS_PATH = 'staff_group_counters';
export const STAFF_FIGURES_PATH = 'staff_figures';

export interface ScaleSizes {
  entries: number;
  orders: number;
  customers: number;
}

/** N sign-ups bring N/5 orders and N/10 accounts (the ratio). */
export const scaleSizes = (entries: number): ScaleSizes => ({
  entries,
  orders: Math.floor(entries / 5),
  customers: Math.floor(entries / 10),
});

async function rest(stack: LocalStack, method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<unknown> {
  const quiet = method === 'GET' ? '' : '&print=silent&disableTriggers=true';
  const response = await fetch(`http://${stack.databaseHost}/${path}.json?ns=${DATABASE_NAMESPACE}${quiet}`, {
    method,
    headers: OWNER,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /${path}: ${response.status} ${await response.text()}`);
  return method === 'GET' ? response.json() : (await response.arrayBuffer(), undefined);
}

/** Counts what is stored before the seed (the demo data: a few records) the way the seed counts its own. */
async function countExisting(stack: LocalStack, totals: ScaleTotals): Promise<void> {
  const submissions = ((await rest(stack, 'GET', 'submissions')) ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const [kind, records] of Object.entries(submissions)) {
    for (const record of Object.values(records ?? {})) countSubmission(totals, kind as SubmissionKind, record);
  }
  countOrders(totals.plans, ((await rest(stack, 'GET', ORDERS_PATH)) ?? {}) as Record<string, StoredOrder>);
  totals.customers += Object.keys(((await rest(stack, 'GET', `${USERS_PATH}`)) ?? {}) as object).length;
}

/** Writes `count` records in chunks: `build(i)` gives each record's path → value pairs, grouped by
 *  the node they are PATCHed into. */
async function writeChunked(
  stack: LocalStack,
  count: number,
  build: (index: number, chunk: Map<string, Record<string, unknown>>) => void,
  onProgress: (written: number) => void,
): Promise<void> {
  // A tenth at a time, so a seed of minutes shows it is moving.
  const every = Math.max(SEED_CHUNK, Math.ceil(count / 10 / SEED_CHUNK) * SEED_CHUNK);
  for (let start = 0; start < count; start += SEED_CHUNK) {
    const chunk = new Map<string, Record<string, unknown>>();
    for (let i = start; i < Math.min(count, start + SEED_CHUNK); i++) build(i, chunk);
    for (const [path, values] of chunk) await rest(stack, 'PATCH', path, values);
    const written = Math.min(count, start + SEED_CHUNK);
    if (written % every === 0 || written === count) onProgress(written);
  }
}

function into(chunk: Map<string, Record<string, unknown>>, path: string, key: string, value: unknown): void {
  let values = chunk.get(path);
  if (!values) chunk.set(path, (values = {}));
  values[key] = value;
}

export interface SeedResult extends ScaleSizes {
  ms: number;
  totals: ScaleTotals;
}

/** Seeds the sizes of `entries` into the stack's database (triggers off) and sets the counters. */
export async function seedScale(
  stack: LocalStack,
  entries: number,
  { now = Date.now(), onProgress = () => {} }: { now?: number; onProgress?: (message: string) => void } = {},
): Promise<SeedResult> {
  const started = performance.now();
  const sizes = scaleSizes(entries);
  const totals = emptyTotals();
  await countExisting(stack, totals);
  const progress = (what: string, count: number) => (written: number) =>
    onProgress(
      `${written.toLocaleString('en')} of ${count.toLocaleString('en')} ${what} after ${Math.round((performance.now() - started) / 1000)} s`,
    );

  await writeChunked(
    stack,
    sizes.entries,
    (i, chunk) => {
      const { kind, key, record } = buildSubmission(i, sizes.entries, now);
      countSubmission(totals, kind, record);
      into(chunk, `submissions/${kind}`, key, record);
    },
    progress('sign-ups', sizes.entries),
  );
  await writeChunked(
    stack,
    sizes.orders,
    (i, chunk) => {
      const { key, record } = buildOrder(i, sizes.orders, sizes.customers, now);
      countOrders(totals.plans, { [key]: record as StoredOrder });
      into(chunk, ORDERS_PATH, key, record);
    },
    progress('orders', sizes.orders),
  );
  await writeChunked(
    stack,
    sizes.customers,
    (i, chunk) => {
      const { uid, user, entry } = buildCustomer(i, sizes.customers, now);
      totals.customers += 1;
      into(chunk, USERS_PATH, uid, user);
      into(chunk, CUSTOMER_INDEX_PATH, uid, entry);
    },
    progress('accounts', sizes.customers),
  );

  await rest(stack, 'PUT', STAFF_COUNTERS_PATH, totals.counters);
  await rest(stack, 'PUT', STAFF_GROUP_COUNTERS_PATH, totals.groups);
  await rest(stack, 'PUT', STAFF_FIGURES_PATH, figuresOf(totals));
  return { ...sizes, totals, ms: performance.now() - started };
}
