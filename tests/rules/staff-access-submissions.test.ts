// Staff matrix of what the public forms collect (docs/decisions/0108-staff-console.md): staff read
// the three lists and every record; nobody creates, changes or deletes a record from a browser,
// staff included (the forms' records go through the `submitForm` function,
// docs/decisions/0111-submissions-through-the-server.md, and staff changes through the staff
// function). Nobody reads the old quota, its visitor included.
import { expect } from 'vitest';
import { get, limitToLast, orderByKey, query, ref, remove, set, update, type Database } from 'firebase/database';
import { OWNER_UID, storedSubmission, submitAsVisitor, validSubmission, type SubmissionKind } from './rules.testing';
import { accessMatrix, listenOnce, valueOf, type MatrixPath } from './matrix.testing';
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

function submissionPaths({ kind, id, answered }: (typeof KINDS)[number]): MatrixPath<StaffActor>[] {
  const list = `submissions/${kind}`;
  const one = `${list}/${id}`;
  /** A new record as the form sends it, plus what only the staff function may write. */
  const withStaffFields = (extra: Record<string, unknown>) => (db: Database, actor: StaffActor) =>
    submitAsVisitor(db, staffActorUid(actor), kind, { ...validSubmission(kind), ...extra });
  return [
    {
      path: `${list} (the list)`,
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, list)),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([id]),
        },
        {
          op: 'query (orderByKey, limitToLast) — newest first',
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, list), orderByKey(), limitToLast(50))),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([id]),
        },
        {
          op: 'listen onValue (the console, live)',
          seed: EVERYTHING,
          run: (db) => listenOnce(ref(db, list)),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([id]),
        },
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
        {
          op: 'update (overwrite an existing id through the list)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, list), { [id]: validSubmission(kind) }),
          allowed: NOBODY,
          target: list,
        },
        { op: 'delete (remove the list)', seed: EVERYTHING, run: (db) => remove(ref(db, list)), allowed: NOBODY, target: list },
      ],
    },
    {
      path: `${list}/{id}`,
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, one)),
          allowed: STAFF,
          result: (snap) => expect(valueOf(snap)).toMatchObject({ email: 'ada@example.com' }),
        },
        { op: 'query (orderByKey)', seed: EVERYTHING, run: (db) => get(query(ref(db, one), orderByKey())), allowed: STAFF },
        {
          op: `update (status → '${answered}', the staff function's job)`,
          seed: EVERYTHING,
          run: (db, actor) =>
            update(ref(db, one), { status: answered, statusChangedAt: Date.now(), statusChangedBy: staffActorUid(actor) }),
          allowed: NOBODY,
          target: one,
        },
        {
          op: "set the status alone → 'archived'",
          seed: EVERYTHING,
          run: (db) => set(ref(db, `${one}/status`), 'archived'),
          allowed: NOBODY,
          target: one,
        },
        {
          op: 'update (the email)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, one), { email: 'changed@example.com' }),
          allowed: NOBODY,
          target: one,
        },
        { op: 'delete (remove)', seed: EVERYTHING, run: (db) => remove(ref(db, one)), allowed: NOBODY, target: one },
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
        {
          op: 'read the pass (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, `${PREORDER}/pass`)),
          allowed: STAFF,
          result: (snap) => expect(valueOf(snap)).toEqual(APPROVED_PREORDER.pass),
        },
        {
          op: 'create (as the forms do, carrying a pass)',
          run: (db, actor) =>
            submitAsVisitor(db, staffActorUid(actor), 'preorder', {
              ...validSubmission('preorder'),
              pass: { code: PASS_CODE, issuedAt: 1_795_000_200_000 },
            }),
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
        {
          op: 'delete (take the pass off)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, `${PREORDER}/pass`)),
          allowed: NOBODY,
          target: PREORDER,
        },
      ],
    },
    {
      path: 'submissions (the parent)',
      rows: [
        { op: 'read (get)', seed: EVERYTHING, run: (db) => get(ref(db, 'submissions')), allowed: NOBODY },
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
        {
          op: 'delete (remove the parent)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, 'submissions')),
          allowed: NOBODY,
          target: 'submissions',
        },
      ],
    },
    {
      path: "submission_quota/{the customer's uid}",
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, `submission_quota/${OWNER_UID}`)),
          // Closed to its visitor too: the `submitForm` function counts (docs/decisions/0111-submissions-through-the-server.md).
          allowed: NOBODY,
        },
        { op: 'read the list (get)', seed: EVERYTHING, run: (db) => get(ref(db, 'submission_quota')), allowed: NOBODY },
        {
          op: 'delete (reset the quota)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, `submission_quota/${OWNER_UID}/contact`)),
          allowed: NOBODY,
          target: 'submission_quota',
        },
      ],
    },
  ],
  STAFF_CAST,
);
