/**
 * A submission's state and list keys as they are stored beside its fields: what every writer of
 * submissions/<kind>/<id> (the submitForm function, the staff function, the backfill job, the demo
 * seed and the tests' builders) derives from the record, so the console's paged queries find each
 * record under the same keys whoever wrote it (docs/decisions/0108-staff-console.md, addendum "Lists
 * that read a page"). Pure: no React, no Firebase.
 */
import type { SubmissionKind } from '../config/data-limits';
import { submissionIndex, SUBMISSION_INDEX_FIELDS, type SubmissionIndex } from './list-index';
import { statusOf } from './staff';

export type SubmissionIndexFields = SubmissionIndex & { status: string };

/** The field the person's name is in: the contact form's `name`, the join forms' `full__name`. */
export function submissionNameField(kind: SubmissionKind): 'name' | 'full__name' {
  return kind === 'contact' ? 'name' : 'full__name';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** `status` and the six index fields of a record, in `status` when one is given (a staff change),
 *  else in the record's own state (absent: the kind's first). */
export function submissionIndexFields(kind: SubmissionKind, record: Record<string, unknown>, status?: string): SubmissionIndexFields {
  const state = status ?? statusOf(kind, record.status);
  const index = submissionIndex({
    kind,
    programme: record.programme,
    status: state,
    email: text(record.email),
    name: text(record[submissionNameField(kind)]),
  });
  return { status: state, ...index };
}

/** Whether a stored record lacks its state or index fields, or holds ones its fields no longer give. */
export function submissionIndexStale(kind: SubmissionKind, record: Record<string, unknown>): boolean {
  const expected = submissionIndexFields(kind, record);
  return record.status !== expected.status || SUBMISSION_INDEX_FIELDS.some((field) => record[field] !== expected[field]);
}
