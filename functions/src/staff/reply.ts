/** recordReply: a staff member opened Reply on a contact inquiry. The inquiry keeps who replied last
 *  and when, and a new one is marked answered, so the inbox shows it is in hand and nobody answers
 *  it twice (docs/decisions/0152-staff-export-and-recorded-reply.md).
 *  A second reply records the second person and time. Audited every time. */
import { statusOf, type ContactReplyFields, type ReplyResult, type SubmissionStaffFields } from '../../../src/data/staff';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';
import { audit } from './audit';
import type { ActionContext } from './context';
import { recordId } from './input';
import { StaffRefusal } from './refusal';
import { transact } from './transaction';

type Stored = Record<string, unknown> & SubmissionStaffFields & ContactReplyFields;

export async function recordReply({ deps, actor, body, now }: ActionContext): Promise<ReplyResult> {
  const id = recordId(body, 'id');
  const target = `submissions/contact/${id}`;
  let moved = false;
  // A transaction, so a reply never creates a record, and a status change made meanwhile is kept.
  const result = await transact<Stored>(deps.database.ref(target), (current) => {
    moved = false;
    if (current === null) return null;
    const replied: Stored = { ...current, repliedAt: now, repliedBy: actor.uid, repliedByEmail: actor.email ?? undefined };
    // An account without an address leaves none, rather than the previous replier's.
    if (actor.email === null) delete replied.repliedByEmail;
    if (statusOf('contact', current.status) !== 'new') return replied;
    moved = true;
    // Every status change rewrites the list keys with it, or the inquiry would stay listed as new.
    return { ...replied, ...submissionIndexFields('contact', current, 'answered'), statusChangedAt: now, statusChangedBy: actor.uid };
  });
  const stored = result.snapshot.val() as Stored | null;
  if (stored === null) throw new StaffRefusal(404, `No contact inquiry has the id ${id}.`);
  await audit(deps.database, actor, 'recordReply', target, now, moved ? 'answered' : 'replied again');
  return { id, status: statusOf('contact', stored.status), repliedAt: now, repliedBy: actor.uid, repliedByEmail: actor.email };
}
