/** The staff console's counters: how many submissions of each kind are in each state, at
 *  staff_counters/<kind>/<status>, and how many waitlist entries of each programme, at
 *  staff_group_counters/<group>/<status>, so the console's navigation, overview and list filters
 *  read small numbers instead of every record (docs/decisions/0112-staff-counters-by-trigger.md).
 *  A submission's write moves its counts by the change it made, at the same cost whatever the size
 *  of the lists; the recount (./recount.ts) mends any drift and says how much it found. */
import type { Database } from 'firebase-admin/database';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../../src/config/data-limits';
import { WAITLIST_PROGRAMMES } from '../../../src/config/waitlist-programmes';
import { submissionGroup } from '../../../src/data/list-index';
import { STAFF_COUNTERS_PATH, STAFF_GROUP_COUNTERS_PATH, SUBMISSION_STATUSES, statusOf } from '../../../src/data/staff';
import { applyOnce, changeOf, type CountOutcome, type CountedSource, type LedgerEvent } from './event-ledger';

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && (SUBMISSION_KINDS as readonly string[]).includes(value);
}

/** The counter nodes a kind's records count in: its own, and for the waitlist each programme's. */
function counterNodes(kind: SubmissionKind, programme?: unknown): string[] {
  const own = `${STAFF_COUNTERS_PATH}/${kind}`;
  return kind === 'waitlist' ? [own, `${STAFF_GROUP_COUNTERS_PATH}/${submissionGroup(kind, programme)}`] : [own];
}

/** submissions/<kind>: a record counts one in its state (a status it does not know reads as the
 *  first state rather than inventing one), in its kind and, on the waitlist, in its programme (a
 *  record without one is on the open-access list, as the console shows it). */
export function submissionSource(kind: SubmissionKind): CountedSource {
  const statuses = SUBMISSION_STATUSES[kind];
  const nodes = kind === 'waitlist' ? WAITLIST_PROGRAMMES.flatMap((programme) => counterNodes(kind, programme)) : counterNodes(kind);
  return {
    path: `submissions/${kind}`,
    counters: [...new Set(nodes)].flatMap((node) => statuses.map((status) => `${node}/${status}`)),
    contribution: (record) => {
      if (record === null || record === undefined) return {};
      const fields = (typeof record === 'object' ? record : {}) as { status?: unknown; programme?: unknown };
      const status = statusOf(kind, fields.status);
      return Object.fromEntries(counterNodes(kind, fields.programme).map((node) => [`${node}/${status}`, 1]));
    },
  };
}

export interface SubmissionWrite extends LedgerEvent {
  kind: SubmissionKind;
  before: unknown;
  after: unknown;
}

/** Takes one submission write into the counts, once per event (./event-ledger.ts): created +1,
 *  deleted -1, a status change -1 and +1, in the kind and in the programme alike; any other write
 *  changes nothing and writes nothing. */
export function countSubmissionWrite(database: Database, write: SubmissionWrite): Promise<CountOutcome> {
  return applyOnce(database, write, changeOf(submissionSource(write.kind), write.before, write.after));
}
