/**
 * Fills the local stack's database for `npm run bench:scale`: N sign-ups, N/5 orders and N/10
 * accounts (scale-records.ts), written with triggers off in chunks (owner-writes.ts), so no function
 * runs for them; then the counters and figures the triggers would have kept, counted from the same
 * records and from what the demo data had already written.
 */
import type { LocalStack } from '../../emulators/ports';
import type { SubmissionKind } from '../../src/config/data-limits';
import { CUSTOMER_INDEX_PATH } from '../../src/data/list-index';
import { ORDERS_PATH, type StoredOrder } from '../../src/data/orders';
import { STAFF_COUNTERS_PATH, STAFF_FIGURES_PATH, STAFF_GROUP_COUNTERS_PATH } from '../../src/data/staff';
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
import { into, ownerRest, writeChunked } from './owner-writes';

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

/** Counts what is stored before the seed (the demo data: a few records) the way the seed counts its own. */
async function countExisting(stack: LocalStack, totals: ScaleTotals): Promise<void> {
  const submissions = ((await ownerRest(stack, 'GET', 'submissions')) ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const [kind, records] of Object.entries(submissions)) {
    for (const record of Object.values(records ?? {})) countSubmission(totals, kind as SubmissionKind, record);
  }
  countOrders(totals.plans, ((await ownerRest(stack, 'GET', ORDERS_PATH)) ?? {}) as Record<string, StoredOrder>);
  totals.customers += Object.keys(((await ownerRest(stack, 'GET', `${USERS_PATH}`)) ?? {}) as object).length;
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

  await ownerRest(stack, 'PUT', STAFF_COUNTERS_PATH, totals.counters);
  await ownerRest(stack, 'PUT', STAFF_GROUP_COUNTERS_PATH, totals.groups);
  await ownerRest(stack, 'PUT', STAFF_FIGURES_PATH, figuresOf(totals));
  return { ...sizes, totals, ms: performance.now() - started };
}
