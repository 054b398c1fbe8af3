/** The staff console's counters: how many submissions of each kind are in each state, kept at
 *  staff_counters/<kind>/<status> by a database trigger on every submission write, so the
 *  console's navigation and overview read three small numbers instead of every record
 *  (docs/decisions/0112-staff-counters-by-trigger.md). */
import type { Database } from 'firebase-admin/database';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../../src/config/data-limits';
import { STAFF_COUNTERS_PATH, SUBMISSION_STATUSES, statusOf, type StaffCounters } from '../../../src/data/staff';

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && (SUBMISSION_KINDS as readonly string[]).includes(value);
}

/** Every state of the kind, counted over its records; states nobody is in count 0, so the console
 *  never has to tell "none" from "not counted yet". */
export function countByStatus(kind: SubmissionKind, records: Record<string, unknown> | null): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(SUBMISSION_STATUSES[kind].map((status) => [status, 0]));
  for (const record of Object.values(records ?? {})) {
    const status = statusOf(kind, (record as { status?: unknown } | null)?.status);
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

/**
 * Counts the kind afresh from its records and writes the counts. A recount rather than +1/-1 per
 * event: triggers are delivered at least once and not in order, and a recount is right whatever
 * was delivered twice or late, and mends a count that drifted. At Leopard's size (the console reads
 * the whole lists anyway) reading a list per write is cheap.
 */
export async function recountSubmissions(database: Database, kind: SubmissionKind): Promise<StaffCounters[SubmissionKind]> {
  const records = (await database.ref(`submissions/${kind}`).get()).val() as Record<string, unknown> | null;
  const counts = countByStatus(kind, records) as StaffCounters[SubmissionKind];
  await database.ref(`${STAFF_COUNTERS_PATH}/${kind}`).set(counts);
  return counts;
}
