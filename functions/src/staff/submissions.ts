/** setSubmissionStatus: staff move an inquiry or a waitlist entry through its states
 *  (SUBMISSION_STATUSES of src/data/staff.ts); the visitor's own fields are never touched. */
import { STAFF_SUBMISSION_KINDS, SUBMISSION_STATUSES, type SubmissionStatusResult } from '../../../src/data/staff';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';
import { audit } from './audit';
import type { ActionContext } from './context';
import { oneOf, recordId } from './input';
import { StaffRefusal } from './refusal';
import { transact } from './transaction';

type Stored = Record<string, unknown> & { status?: unknown };

export async function setSubmissionStatus({ deps, actor, body, now }: ActionContext): Promise<SubmissionStatusResult> {
  const kind = oneOf(body, 'kind', STAFF_SUBMISSION_KINDS);
  const id = recordId(body, 'id');
  const status = oneOf<string>(body, 'status', SUBMISSION_STATUSES[kind]);
  const target = `submissions/${kind}/${id}`;
  const initial = SUBMISSION_STATUSES[kind][0];

  let changed = false;
  // A transaction, so a record is never created by a status change and two staff members'
  // changes are applied one after the other. Its first try may see null before the server's
  // value is known: null is written back as null, which the server turns into a retry.
  const result = await transact<Stored>(deps.database.ref(target), (current) => {
    changed = false;
    if (current === null) return null;
    if ((current.status ?? initial) === status) return;
    changed = true;
    // The list keys move with the state, in the same write, so the console's filtered pages never
    // show a record under the state it left (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
    return { ...current, ...submissionIndexFields(kind, current, status), statusChangedAt: now, statusChangedBy: actor.uid };
  });
  if (result.snapshot.val() === null) throw new StaffRefusal(404, `No ${kind} submission has the id ${id}.`);
  changed &&= result.committed;
  if (changed) await audit(deps.database, actor, 'setSubmissionStatus', target, now, status);
  return { kind, id, status: status as SubmissionStatusResult['status'], changed };
}
