/** decidePreorder and resendPass: a Space pre-order is approved once, its pass issued once and
 *  mailed by whoever issued it (docs/decisions/0108-staff-console.md); a decline is mailed by
 *  whoever declined, and a declined pre-order can be reopened
 *  (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide). */
import { logger } from 'firebase-functions';
import {
  PREORDER_DECISIONS,
  SPACE_PASSES_PATH,
  isPassCode,
  type PreorderPass,
  type PreorderPassResult,
  type PreorderStatus,
  type SpacePassRecord,
  type StaffMailOutcome,
} from '../../../src/data/staff';
import { preorderDeclinedMail, sendMail, spacePassMail, spacePassUrl, type MailOutcome } from '../mail';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';
import { audit } from './audit';
import type { ActionContext, StaffDependencies } from './context';
import { oneOf, recordId } from './input';
import { newPassCode } from './pass-code';
import { StaffRefusal } from './refusal';
import { transact } from './transaction';

export const PREORDERS_PATH = 'submissions/preorder';

interface StoredPreorder {
  full__name?: unknown;
  email?: unknown;
  status?: unknown;
  pass?: PreorderPass;
  [field: string]: unknown;
}

function statusOf(preorder: StoredPreorder): PreorderStatus {
  return preorder.status === 'approved' || preorder.status === 'declined' ? preorder.status : 'pending';
}

function mailOutcome(outcome: MailOutcome): StaffMailOutcome {
  return outcome.status === 'sent' || outcome.status === 'not-configured' ? outcome.status : 'failed';
}

async function readPreorder(deps: StaffDependencies, id: string): Promise<StoredPreorder> {
  const preorder = (await deps.database.ref(`${PREORDERS_PATH}/${id}`).get()).val() as StoredPreorder | null;
  if (preorder === null) throw new StaffRefusal(404, `No Space pre-order has the id ${id}.`);
  return preorder;
}

function nameOf(preorder: StoredPreorder): string {
  return typeof preorder.full__name === 'string' ? preorder.full__name : '';
}

function passResult(deps: StaffDependencies, id: string, preorder: StoredPreorder, issued: boolean, mail: StaffMailOutcome | null) {
  const pass = statusOf(preorder) === 'approved' && preorder.pass && isPassCode(preorder.pass.code) ? preorder.pass : null;
  const result: PreorderPassResult = {
    id,
    status: statusOf(preorder),
    pass,
    passUrl: pass ? spacePassUrl(deps.mail.siteUrl, pass.code) : null,
    issued,
    mail,
  };
  return result;
}

/** Mails the pass to the person who pre-ordered; notes when it went out. */
async function mailPass(deps: StaffDependencies, id: string, preorder: StoredPreorder, pass: PreorderPass, now: number) {
  const to = typeof preorder.email === 'string' ? preorder.email : '';
  const outcome = to
    ? await sendMail(deps.mail, { to, ...spacePassMail({ name: nameOf(preorder), code: pass.code, siteUrl: deps.mail.siteUrl }) })
    : ({ status: 'refused', httpStatus: 0, detail: 'The pre-order has no email.' } as const);
  if (outcome.status === 'sent') {
    // A transaction, not set(): on an instance serving several presses at once, a set() inside the
    // pre-order aborts the other presses' pending transactions on it ("Error: set"), which then
    // answer 500; a transaction here only makes them run again.
    await transact<number>(deps.database.ref(`${PREORDERS_PATH}/${id}/pass/mailedAt`), () => now);
    return { outcome: mailOutcome(outcome), pass: { ...pass, mailedAt: now } };
  }
  if (outcome.status !== 'not-configured') logger.warn('staff: the Space pass mail did not go out', { preorderId: id, outcome });
  return { outcome: mailOutcome(outcome), pass };
}

/** The pre-order in its new state, its list keys rewritten in the same write
 *  (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page). */
function changedTo(current: StoredPreorder, status: PreorderStatus, { actor, now }: ActionContext): StoredPreorder {
  return { ...current, ...submissionIndexFields('preorder', current, status), statusChangedAt: now, statusChangedBy: actor.uid };
}

async function approve(context: ActionContext, id: string): Promise<PreorderPassResult> {
  const { deps, actor, now } = context;
  const target = `${PREORDERS_PATH}/${id}`;
  const before = await readPreorder(deps, id);
  if (statusOf(before) === 'approved') return passResult(deps, id, before, false, null);
  if (statusOf(before) === 'declined') {
    throw new StaffRefusal(409, 'This pre-order was declined; a declined pre-order cannot be approved.');
  }

  // The pass record exists before any pre-order names it, so the pass page never misses a pass
  // the pre-order shows. A press that loses the race below removes its own unused record.
  const pass: PreorderPass = { code: newPassCode(), issuedAt: now };
  const record: SpacePassRecord = { name: nameOf(before), preorderId: id, issuedAt: now };
  const passRef = deps.database.ref(`${SPACE_PASSES_PATH}/${pass.code}`);
  await passRef.set(record);

  let won = false;
  const result = await transact<StoredPreorder>(deps.database.ref(target), (current) => {
    won = false;
    if (current === null) return null;
    if (statusOf(current) !== 'pending') return;
    won = true;
    return { ...changedTo(current, 'approved', context), pass };
  });
  const after = result.snapshot.val() as StoredPreorder | null;
  won &&= result.committed && after?.pass?.code === pass.code;
  if (!won) {
    await passRef.remove();
    if (after === null) throw new StaffRefusal(404, `No Space pre-order has the id ${id}.`);
    if (statusOf(after) === 'declined') {
      throw new StaffRefusal(409, 'This pre-order was declined meanwhile; a declined pre-order cannot be approved.');
    }
    return passResult(deps, id, after, false, null);
  }

  const mailed = await mailPass(deps, id, after!, pass, now);
  await audit(deps.database, actor, 'decidePreorder', target, now, `approved; pass mail ${mailed.outcome}`);
  return passResult(deps, id, { ...after!, pass: mailed.pass }, true, mailed.outcome);
}

/** Tells the person their pre-order was declined. */
async function mailDecline(deps: StaffDependencies, id: string, preorder: StoredPreorder): Promise<StaffMailOutcome> {
  const to = typeof preorder.email === 'string' ? preorder.email : '';
  const outcome = to
    ? await sendMail(deps.mail, { to, ...preorderDeclinedMail({ siteUrl: deps.mail.siteUrl }) })
    : ({ status: 'refused', httpStatus: 0, detail: 'The pre-order has no email.' } as const);
  if (outcome.status !== 'sent' && outcome.status !== 'not-configured') {
    logger.warn('staff: the pre-order decline mail did not go out', { preorderId: id, outcome });
  }
  return mailOutcome(outcome);
}

/** Moves a pre-order from `from` to `to` in a transaction; answers the record as it now is and
 *  whether this call made the change. */
async function move(context: ActionContext, id: string, from: PreorderStatus, to: PreorderStatus) {
  const { deps } = context;
  let changed = false;
  const result = await transact<StoredPreorder>(deps.database.ref(`${PREORDERS_PATH}/${id}`), (current) => {
    changed = false;
    if (current === null) return null;
    if (statusOf(current) !== from) return;
    changed = true;
    return changedTo(current, to, context);
  });
  const after = result.snapshot.val() as StoredPreorder | null;
  if (after === null) throw new StaffRefusal(404, `No Space pre-order has the id ${id}.`);
  return { after, changed: changed && result.committed };
}

async function decline(context: ActionContext, id: string): Promise<PreorderPassResult> {
  const { deps, actor, now } = context;
  const { after, changed } = await move(context, id, 'pending', 'declined');
  if (statusOf(after) === 'approved') {
    throw new StaffRefusal(409, 'This pre-order was approved and its pass issued; an issued pass cannot be taken back by declining.');
  }
  if (!changed) return passResult(deps, id, after, false, null);
  const mail = await mailDecline(deps, id, after);
  await audit(deps.database, actor, 'decidePreorder', `${PREORDERS_PATH}/${id}`, now, `declined; decline mail ${mail}`);
  return passResult(deps, id, after, false, mail);
}

/** A declined pre-order back to pending, to be decided again; nothing is mailed. */
async function reopen(context: ActionContext, id: string): Promise<PreorderPassResult> {
  const { deps, actor, now } = context;
  const { after, changed } = await move(context, id, 'declined', 'pending');
  if (statusOf(after) === 'approved') {
    throw new StaffRefusal(409, 'This pre-order was approved and its pass issued; only a declined pre-order can be reopened.');
  }
  if (changed) await audit(deps.database, actor, 'decidePreorder', `${PREORDERS_PATH}/${id}`, now, 'reopened');
  return passResult(deps, id, after, false, null);
}

export async function decidePreorder(context: ActionContext): Promise<PreorderPassResult> {
  const id = recordId(context.body, 'id');
  const decision = oneOf(context.body, 'decision', PREORDER_DECISIONS);
  if (decision === 'approve') return approve(context, id);
  return decision === 'decline' ? decline(context, id) : reopen(context, id);
}

/** Mails an issued pass again (after a failed mail, or a person who lost it). The pass record is
 *  written again from the pre-order, which repairs it if an approval stopped half-way. */
export async function resendPass(context: ActionContext): Promise<PreorderPassResult> {
  const { deps, actor, now } = context;
  const id = recordId(context.body, 'id');
  const preorder = await readPreorder(deps, id);
  const pass = preorder.pass;
  if (statusOf(preorder) !== 'approved' || !pass || !isPassCode(pass.code)) {
    throw new StaffRefusal(409, 'This pre-order has no pass to send: approve it first.');
  }
  const record: SpacePassRecord = { name: nameOf(preorder), preorderId: id, issuedAt: pass.issuedAt };
  await deps.database.ref(`${SPACE_PASSES_PATH}/${pass.code}`).set(record);
  const mailed = await mailPass(deps, id, preorder, pass, now);
  if (mailed.outcome === 'sent') await audit(deps.database, actor, 'resendPass', `${PREORDERS_PATH}/${id}`, now, 'pass mail sent');
  return passResult(deps, id, { ...preorder, pass: mailed.pass }, false, mailed.outcome);
}
