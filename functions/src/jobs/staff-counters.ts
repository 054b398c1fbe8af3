/** The staff console's counters: how many submissions of each kind are in each state, at
 *  staff_counters/<kind>/<status>, so the console's navigation and overview read three small
 *  numbers instead of every record (docs/decisions/0112-staff-counters-by-trigger.md). A
 *  submission's write moves its count by the change it made, at the same cost whatever the size of
 *  the lists; a recount in pages mends any drift and says how much it found. */
import { createHash } from 'node:crypto';
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../../src/config/data-limits';
import {
  STAFF_COUNTERS_PATH,
  SUBMISSION_STATUSES,
  statusOf,
  type CounterRecount,
  type CounterRecountReport,
} from '../../../src/data/staff';
import { walkInPages } from './pages';

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && (SUBMISSION_KINDS as readonly string[]).includes(value);
}

/** The events the counters have taken, by event id: a redelivered event finds its entry and
 *  changes nothing. Pruned by the clean-up after COUNTER_EVENT_RETENTION_MS. */
export const COUNTER_EVENTS_PATH = 'jobs/staffCounters/events';

/** Eventarc redelivers an event for up to seven days; a day more covers a late one. An event
 *  delivered after its entry is pruned counts again, and the weekly recount mends that. */
export const COUNTER_EVENT_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;

/** A claim older than this belongs to a run that died between claim and increment (the trigger's
 *  time limit is 60 s, functions/src/limits.ts): a redelivery takes it over. */
export const COUNTER_CLAIM_LEASE_MS = 2 * 60 * 1000;

/** Where a recount keeps its place between runs. */
export const RECOUNT_CURSOR_PATH = 'jobs/recountCounters/cursor';

/** Submissions read per page by a recount. */
export const RECOUNT_PAGE_SIZE = 1000;

type Counts = Record<string, number>;

function zeros(kind: SubmissionKind): Counts {
  return Object.fromEntries(SUBMISSION_STATUSES[kind].map((status) => [status, 0]));
}

/** The state a stored record counts in, or null when there is no record. */
function countedStatus(kind: SubmissionKind, record: unknown): string | null {
  if (record === null || record === undefined) return null;
  return statusOf(kind, (record as { status?: unknown } | null)?.status);
}

/** Every state of the kind, counted over its records and added to `from`; states nobody is in
 *  count 0, so the console never has to tell "none" from "not counted yet". */
export function countByStatus(kind: SubmissionKind, records: Record<string, unknown> | null, from: Counts = zeros(kind)): Counts {
  const counts = { ...from };
  for (const record of Object.values(records ?? {})) {
    const status = countedStatus(kind, record)!;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

/** What one write of a submission does to its kind's counts: created +1, deleted -1, a status
 *  change -1 and +1. Sums of these are the same in any order, so events that arrive out of order
 *  end at the right counts. */
export function countChange(kind: SubmissionKind, before: unknown, after: unknown): Counts {
  const from = countedStatus(kind, before);
  const to = countedStatus(kind, after);
  if (from === to) return {};
  return { ...(from === null ? {} : { [from]: -1 }), ...(to === null ? {} : { [to]: 1 }) };
}

export interface SubmissionWrite {
  /** The CloudEvent's id: the same on every delivery of one change. */
  eventId: string;
  kind: SubmissionKind;
  before: unknown;
  after: unknown;
  now: number;
}

export type CountOutcome = 'counted' | 'no-change' | 'already-counted' | 'being-counted';

/** A database key for the event id: itself when it is one, else its hash. */
function ledgerKey(eventId: string): string {
  return /^[\w-]{1,128}$/.test(eventId) ? eventId : createHash('sha256').update(eventId).digest('hex');
}

interface LedgerEntry {
  at: number;
  state: 'claimed' | 'counted';
}

/**
 * Takes one submission write into the counts, once per event. The event is claimed in a
 * transaction on its ledger entry, so two deliveries at once count it once; the increments and the
 * entry's "counted" are one multi-path update, so a claim whose increments never landed (the run
 * died) is taken over by a redelivery after COUNTER_CLAIM_LEASE_MS.
 */
export async function countSubmissionWrite(database: Database, write: SubmissionWrite): Promise<CountOutcome> {
  const change = countChange(write.kind, write.before, write.after);
  if (Object.keys(change).length === 0) return 'no-change';
  const entryPath = `${COUNTER_EVENTS_PATH}/${ledgerKey(write.eventId)}`;
  const claim = await database.ref(entryPath).transaction(
    (current: LedgerEntry | null) => {
      if (current === null || (current.state === 'claimed' && current.at < write.now - COUNTER_CLAIM_LEASE_MS)) {
        return { at: write.now, state: 'claimed' };
      }
      return undefined;
    },
    undefined,
    false,
  );
  if (!claim.committed) return (claim.snapshot.val() as LedgerEntry | null)?.state === 'counted' ? 'already-counted' : 'being-counted';
  const update: Record<string, unknown> = { [`${entryPath}/state`]: 'counted' };
  for (const [status, delta] of Object.entries(change)) {
    update[`${STAFF_COUNTERS_PATH}/${write.kind}/${status}`] = ServerValue.increment(delta);
  }
  await database.ref().update(update);
  return 'counted';
}

interface RecountCarry {
  kind: SubmissionKind;
  counts: Counts;
}

function isRecountCarry(value: unknown): value is RecountCarry {
  const carry = value as Partial<RecountCarry> | null;
  return isSubmissionKind(carry?.kind) && typeof carry?.counts === 'object' && carry.counts !== null;
}

async function writeRecount(database: Database, kind: SubmissionKind, counts: Counts): Promise<CounterRecountReport> {
  let before: Counts = zeros(kind);
  await database.ref(`${STAFF_COUNTERS_PATH}/${kind}`).transaction((current: Counts | null) => {
    before = { ...zeros(kind), ...(current ?? {}) };
    return counts;
  });
  const drift = Object.fromEntries(Object.keys(counts).map((status) => [status, counts[status]! - (before[status] ?? 0)]));
  return { kind, before, after: counts, drift, drifted: Object.values(drift).some((delta) => delta !== 0) };
}

/**
 * Counts every kind afresh, reading its submissions a page at a time (never a whole list), and
 * writes the counts with what they were before. Stops at `deadline` with its place and the counts
 * so far saved at RECOUNT_CURSOR_PATH, and the next run goes on from there. A status change made
 * to a record already read while a recount runs is not in its counts: the next recount mends it.
 */
export async function recountCounters(
  database: Database,
  options: { deadline: number; pageSize?: number; now?: () => number },
): Promise<CounterRecount> {
  const saved: unknown = (await database.ref(RECOUNT_CURSOR_PATH).get()).val();
  const resumeKind = isRecountCarry((saved as { carry?: unknown } | null)?.carry) ? (saved as { carry: RecountCarry }).carry.kind : null;
  const kinds = resumeKind === null ? SUBMISSION_KINDS : SUBMISSION_KINDS.slice(SUBMISSION_KINDS.indexOf(resumeKind));
  const run: CounterRecount = { recounted: [], stoppedAt: null };
  for (const kind of kinds) {
    const walked = await walkInPages<RecountCarry>(database, {
      path: `submissions/${kind}`,
      cursorPath: RECOUNT_CURSOR_PATH,
      pageSize: options.pageSize ?? RECOUNT_PAGE_SIZE,
      deadline: options.deadline,
      now: options.now,
      initial: { kind, counts: zeros(kind) },
      resumes: (carry) => isRecountCarry(carry) && carry.kind === kind,
      visit: (page, carry) => ({ kind, counts: countByStatus(kind, Object.fromEntries(page), carry.counts) }),
    });
    if (!walked.finished) {
      const counted = Object.values(walked.carry.counts).reduce((sum, count) => sum + count, 0);
      run.stoppedAt = { kind, after: walked.to ?? '', counted };
      return run;
    }
    run.recounted.push(await writeRecount(database, kind, walked.carry.counts));
  }
  return run;
}

/** One line of what a recount found, for the audit and the logs: "contact new -37 archived +1",
 *  "no drift", and where it stopped when time ran out. */
export function describeRecount(run: CounterRecount): string {
  const drifts = run.recounted
    .filter((report) => report.drifted)
    .map(
      (report) =>
        `${report.kind} ${Object.entries(report.drift)
          .filter(([, delta]) => delta !== 0)
          .map(([status, delta]) => `${status} ${delta > 0 ? '+' : ''}${delta}`)
          .join(' ')}`,
    );
  const found = drifts.length > 0 ? `drift: ${drifts.join('; ')}` : 'no drift';
  return run.stoppedAt === null
    ? found
    : `${found}; stopped in ${run.stoppedAt.kind} after ${run.stoppedAt.counted} records, resumes next run`;
}

/** Logs a recount: a warning with the counts before and after when it found a drift. */
export function logRecount(source: string, run: CounterRecount): void {
  const drifted = run.recounted.filter((report) => report.drifted);
  if (drifted.length > 0) logger.warn(`${source}: the counters had drifted and were mended`, { drifted, stoppedAt: run.stoppedAt });
  else logger.info(`${source}: counters recounted`, { summary: describeRecount(run), stoppedAt: run.stoppedAt });
}
