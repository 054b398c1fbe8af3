/** The recount that mends the console's counters and figures: every counted node read afresh a
 *  page at a time, what it adds up to written with what it was before, and the drift reported
 *  (docs/decisions/0112-staff-counters-by-trigger.md). Run by the daily clean-up and by an admin's
 *  recountCounters. */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import { SUBMISSION_KINDS } from '../../../src/config/data-limits';
import { RECOUNT_WALKS, type CounterRecount, type CounterRecountReport, type RecountWalk } from '../../../src/data/staff';
import { addIncrement, type CountedSource, type Increments } from './event-ledger';
import { walkInPages } from './pages';
import { submissionSource } from './staff-counters';
import { ORDER_SOURCE, PROFILE_SOURCE } from './staff-figures';
import { AUDIT_SOURCE } from '../staff/audit';

/** Where a recount keeps its place between runs. */
export const RECOUNT_CURSOR_PATH = 'jobs/recountCounters/cursor';

/** Records read per page by a recount. */
export const RECOUNT_PAGE_SIZE = 1000;

/** What each walk of RECOUNT_WALKS reads, in order. */
const SOURCES: Record<RecountWalk, CountedSource> = {
  ...(Object.fromEntries(SUBMISSION_KINDS.map((kind) => [kind, submissionSource(kind)])) as Record<
    (typeof SUBMISSION_KINDS)[number],
    CountedSource
  >),
  orders: ORDER_SOURCE,
  customers: PROFILE_SOURCE,
  audit: AUDIT_SOURCE,
};

/** The counts so far, kept at the cursor as the tree they will be written as (a database key
 *  cannot hold the '/' of a path), and how many records they came from. */
interface RecountCarry {
  walk: RecountWalk;
  counts: Record<string, unknown>;
  records: number;
}

function isRecountCarry(value: unknown): value is RecountCarry {
  const carry = value as Partial<RecountCarry> | null;
  return (
    (RECOUNT_WALKS as readonly unknown[]).includes(carry?.walk) &&
    typeof carry?.counts === 'object' &&
    carry.counts !== null &&
    typeof carry.records === 'number'
  );
}

function asTree(counts: Increments): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [path, count] of Object.entries(counts)) {
    const parts = path.split('/');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = count;
  }
  return tree;
}

function fromTree(tree: unknown, prefix = ''): Increments {
  if (typeof tree === 'number') return { [prefix]: tree };
  if (typeof tree !== 'object' || tree === null) return {};
  return Object.assign({}, ...Object.entries(tree).map(([key, value]) => fromTree(value, prefix ? `${prefix}/${key}` : key)));
}

function tally(source: CountedSource, counts: Increments, page: [string, unknown][]): Increments {
  for (const [, record] of page) for (const [path, delta] of Object.entries(source.contribution(record))) addIncrement(counts, path, delta);
  return counts;
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Writes one walk's counts, a transaction per counter node (other values of the node, another
 *  walk's figures, are kept), and reports each node before and after. */
async function writeRecount(database: Database, source: CountedSource, counts: Increments): Promise<CounterRecountReport[]> {
  const nodes = [...new Set(source.counters.map(parentOf))];
  return Promise.all(
    nodes.map(async (node) => {
      const after = Object.fromEntries(
        source.counters.filter((path) => parentOf(path) === node).map((path) => [nameOf(path), counts[path] ?? 0]),
      );
      let before: Record<string, number> = {};
      await database.ref(node).transaction((current: Record<string, unknown> | null) => {
        const stored = typeof current === 'object' && current !== null ? current : {};
        before = Object.fromEntries(Object.keys(after).map((name) => [name, typeof stored[name] === 'number' ? stored[name] : 0]));
        return { ...stored, ...after };
      });
      const drift = Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - before[name]!]));
      return { path: node, before, after, drift, drifted: Object.values(drift).some((delta) => delta !== 0) };
    }),
  );
}

/**
 * Counts every walk afresh, reading its records a page at a time (never a whole list), and writes
 * the counts with what they were before. Stops at `deadline` with its place and the counts so far
 * saved at RECOUNT_CURSOR_PATH, and the next run goes on from there. A change made to a record
 * already read while a recount runs is not in its counts: the next recount mends it.
 */
export async function recountCounters(
  database: Database,
  options: { deadline: number; pageSize?: number; now?: () => number },
): Promise<CounterRecount> {
  const saved: unknown = (await database.ref(RECOUNT_CURSOR_PATH).get()).val();
  const carry = (saved as { carry?: unknown } | null)?.carry;
  const walks = isRecountCarry(carry) ? RECOUNT_WALKS.slice(RECOUNT_WALKS.indexOf(carry.walk)) : RECOUNT_WALKS;
  const run: CounterRecount = { recounted: [], stoppedAt: null };
  for (const walk of walks) {
    const source = SOURCES[walk];
    const walked = await walkInPages<RecountCarry>(database, {
      path: source.path,
      cursorPath: RECOUNT_CURSOR_PATH,
      pageSize: options.pageSize ?? RECOUNT_PAGE_SIZE,
      deadline: options.deadline,
      now: options.now,
      initial: { walk, counts: asTree(Object.fromEntries(source.counters.map((path) => [path, 0]))), records: 0 },
      resumes: (saved) => isRecountCarry(saved) && saved.walk === walk,
      visit: (page, sofar) => ({ walk, counts: asTree(tally(source, fromTree(sofar.counts), page)), records: sofar.records + page.length }),
    });
    if (!walked.finished) {
      run.stoppedAt = { walk, after: walked.to ?? '', counted: walked.carry.records };
      return run;
    }
    run.recounted.push(...(await writeRecount(database, source, fromTree(walked.carry.counts))));
  }
  return run;
}

/** How a report's node reads in a line: "contact", "waitlist builder", "figures". */
function nodeLabel(path: string): string {
  const [root, name] = path.split('/');
  if (root === 'staff_group_counters') return `waitlist ${name}`;
  return name ?? 'figures';
}

/** One line of what a recount found, for the audit and the logs: "drift: contact new -37
 *  archived +1; figures activePlans +1", "no drift", and where it stopped when time ran out. */
export function describeRecount(run: CounterRecount): string {
  const drifts = run.recounted
    .filter((report) => report.drifted)
    .map(
      (report) =>
        `${nodeLabel(report.path)} ${Object.entries(report.drift)
          .filter(([, delta]) => delta !== 0)
          .map(([name, delta]) => `${name} ${delta > 0 ? '+' : ''}${delta}`)
          .join(' ')}`,
    );
  const found = drifts.length > 0 ? `drift: ${drifts.join('; ')}` : 'no drift';
  return run.stoppedAt === null
    ? found
    : `${found}; stopped in ${run.stoppedAt.walk} after ${run.stoppedAt.counted} records, resumes next run`;
}

/** Logs a recount: a warning with the values before and after when it found a drift. */
export function logRecount(source: string, run: CounterRecount): void {
  const drifted = run.recounted.filter((report) => report.drifted);
  if (drifted.length > 0) logger.warn(`${source}: the counters had drifted and were mended`, { drifted, stoppedAt: run.stoppedAt });
  else logger.info(`${source}: counters recounted`, { summary: describeRecount(run), stoppedAt: run.stoppedAt });
}
