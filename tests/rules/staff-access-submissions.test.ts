// Staff matrix of what the public forms collect (docs/decisions/0108-staff-console.md): staff read
// the three lists a page at a time (staff-paging.test.ts) and every record; nobody creates, changes or deletes a record from a browser,
// staff included (the forms' records go through the `submitForm` function,
// docs/decisions/0111-submissions-through-the-server.md, and staff changes through the staff
// function). Nobody reads the old quota, its visitor included.
import { expect } from 'vitest';
import { limitToLast, orderByKey, ref, update, type Database } from 'firebase/database';
import { OWNER_UID, storedSubmission, submitAsVisitor, validSubmission, type SubmissionKind } from './rules.testing';
import { accessMatrix, rowsOn, valueOf, type MatrixPath } from './matrix.testing';
import {
  APPROVED_PREORDER,
  CONTACT_ID,
  EVERYTHING,
  NOBODY,
  PASS_CODE,
  PREORDER_ID,
  STAFF,
  STAFF_CAST,
  WAITLIST_ID,
  staffActorUid,
  type StaffActor,
} from './staff-cast.testing';

const KINDS: { kind: SubmissionKind; id: string; answered: string }[] = [
  { kind: 'contact', id: CONTACT_ID, answered: 'answered' },
  { kind: 'waitlist', id: WAITLIST_ID, answered: 'contacted' },
  { kind: 'preorder', id: PREORDER_ID, answered: 'approved' },
];
const keysOf = (snap: unknown) => Object.keys((valueOf(snap) as object | null) ?? {});

/** Rows on the database that holds something at every node. */
const withEverything = rowsOn<StaffActor>(EVERYTHING);

function submissionPaths({ kind, id, answered }: (typeof KINDS)[number]): MatrixPath<StaffActor>[] {
  const list = `submissions/${kind}`;
  const one = `${list}/${id}`;
  /** A new record as the form sends it, plus what only the staff function may write. */
  const withStaffFields = (extra: Record<string, unknown>) => (db: Database, actor: StaffActor) =>
    submitAsVisitor(db, staffActorUid(actor), kind, validSubmission(kind, extra));
  return [
    {
      path: `${list} (the list)`,
      rows: [
        withEverything.get('read (get)', list, NOBODY),
        withEverything.query('query (orderByKey, limitToLast) — newest first', list, [orderByKey(), limitToLast(50)], STAFF, (snap) =>
          expect(keysOf(snap)).toEqual([id]),
        ),
        withEverything.listen('listen onValue (the whole list)', list, NOBODY),
        {
          op: 'create (a new id with its quota step, as the forms once did)',
          run: (db, actor) => submitAsVisitor(db, staffActorUid(actor), kind),
          allowed: NOBODY,
          target: list,
        },
        {
          op: `create (as the forms once did, carrying status '${answered}')`,
          run: withStaffFields({ status: answered }),
          allowed: NOBODY,
          target: list,
        },
        withEverything.update('update (overwrite an existing id through the list)', list, { [id]: validSubmission(kind) }, NOBODY),
        withEverything.remove('delete (remove the list)', list, NOBODY),
      ],
    },
    {
      path: `${list}/{id}`,
      rows: [
        withEverything.get('read (get)', one, STAFF, (snap) => expect(valueOf(snap)).toMatchObject({ email: 'ada@example.com' })),
        withEverything.query('query (orderByKey)', one, [orderByKey()], STAFF),
        {
          op: `update (status → '${answered}', the staff function's job)`,
          seed: EVERYTHING,
          run: (db, actor) =>
            update(ref(db, one), { status: answered, statusChangedAt: Date.now(), statusChangedBy: staffActorUid(actor) }),
          allowed: NOBODY,
          target: one,
        },
        withEverything.set("set the status alone → 'archived'", `${one}/status`, 'archived', NOBODY, { target: one }),
        withEverything.update('update (the email)', one, { email: 'changed@example.com' }, NOBODY),
        withEverything.remove('delete (remove)', one, NOBODY),
      ],
    },
  ];
}

const PREORDER = `submissions/preorder/${PREORDER_ID}`;

accessMatrix<StaffActor>(
  'staff-access-submissions',
  [
    ...KINDS.flatMap(submissionPaths),
    {
      path: 'submissions/preorder/{id} — the pass',
      rows: [
        withEverything.get('read the pass (get)', `${PREORDER}/pass`, STAFF, (snap) =>
          expect(valueOf(snap)).toEqual(APPROVED_PREORDER.pass),
        ),
        {
          op: 'create (as the forms do, carrying a pass)',
          run: (db, actor) =>
            submitAsVisitor(
              db,
              staffActorUid(actor),
              'preorder',
              validSubmission('preorder', { pass: { code: PASS_CODE, issuedAt: 1_795_000_200_000 } }),
            ),
          allowed: NOBODY,
          target: 'submissions/preorder',
        },
        {
          op: 'update (put a pass on a pending pre-order)',
          seed: { ...EVERYTHING, [PREORDER]: storedSubmission('preorder') },
          run: (db) => update(ref(db, PREORDER), { status: 'approved', pass: { code: PASS_CODE, issuedAt: 1_795_000_200_000 } }),
          allowed: NOBODY,
          target: PREORDER,
        },
        withEverything.remove('delete (take the pass off)', `${PREORDER}/pass`, NOBODY, { target: PREORDER }),
      ],
    },
    {
      path: 'submissions (the parent)',
      rows: [
        withEverything.get('read (get)', 'submissions', NOBODY),
        {
          op: 'update (a record of each kind at once)',
          seed: EVERYTHING,
          run: (db) =>
            update(ref(db, 'submissions'), {
              [`contact/${CONTACT_ID}/status`]: 'archived',
              [`waitlist/${WAITLIST_ID}/status`]: 'archived',
            }),
          allowed: NOBODY,
          target: 'submissions',
        },
        withEverything.remove('delete (remove the parent)', 'submissions', NOBODY),
      ],
    },
    {
      path: "submission_quota/{the customer's uid}",
      rows: [
        // Closed to its visitor too: the `submitForm` function counts (docs/decisions/0111-submissions-through-the-server.md).
        withEverything.get('read (get)', `submission_quota/${OWNER_UID}`, NOBODY),
        withEverything.get('read the list (get)', 'submission_quota', NOBODY),
        withEverything.remove('delete (reset the quota)', `submission_quota/${OWNER_UID}/contact`, NOBODY, { target: 'submission_quota' }),
      ],
    },
  ],
  STAFF_CAST,
);
