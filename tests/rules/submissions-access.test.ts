// Access matrix of submissions/ and of everything the rules do not name: no browser may create,
// read, change or delete a submission, not even with the quota step the forms once sent (only the
// `submitForm` function stores them, docs/decisions/0111-submissions-through-the-server.md); every
// other path is closed. "owner" and "another user" are simply two signed-in people.
import { get, limitToLast, orderByKey, query, ref, remove, set, update } from 'firebase/database';
import { OWNER_UID, minimalUser, storedSubmission, submitAsVisitor, uidOf, validSubmission, type SubmissionKind } from './rules.testing';
import { accessMatrix, type MatrixPath } from './matrix.testing';

const NOBODY = [] as const;
const KINDS: SubmissionKind[] = ['contact', 'waitlist', 'preorder'];
const EXISTING = 'existing-id';

function submissionPaths(kind: SubmissionKind): MatrixPath[] {
  const list = `submissions/${kind}`;
  const one = `${list}/${EXISTING}`;
  const seeded = { [one]: storedSubmission(kind) };
  return [
    {
      path: `${list}/{id}`,
      rows: [
        { op: 'read (get)', seed: seeded, run: (db) => get(ref(db, one)), allowed: NOBODY },
        { op: 'query (orderByKey)', seed: seeded, run: (db) => get(query(ref(db, one), orderByKey())), allowed: NOBODY },
        {
          op: 'create (a new id with its quota step, as the forms once did)',
          run: (db, actor) => submitAsVisitor(db, uidOf(actor), kind),
          allowed: NOBODY,
          target: list,
        },
        {
          op: 'create (set a new id without a quota step)',
          run: (db) => set(ref(db, `${list}/new-id`), validSubmission(kind)),
          allowed: NOBODY,
          target: `${list}/new-id`,
        },
        {
          op: 'update (update the email)',
          seed: seeded,
          run: (db) => update(ref(db, one), { email: 'changed@example.com' }),
          allowed: NOBODY,
          target: one,
        },
        {
          op: 'update (overwrite with a valid record)',
          seed: seeded,
          run: (db) => set(ref(db, one), validSubmission(kind)),
          allowed: NOBODY,
          target: one,
        },
        { op: 'delete (remove)', seed: seeded, run: (db) => remove(ref(db, one)), allowed: NOBODY, target: one },
      ],
    },
    {
      path: `${list} (the list)`,
      rows: [
        { op: 'read (get)', seed: seeded, run: (db) => get(ref(db, list)), allowed: NOBODY },
        {
          op: 'query (orderByKey, limitToLast)',
          seed: seeded,
          run: (db) => get(query(ref(db, list), orderByKey(), limitToLast(5))),
          allowed: NOBODY,
        },
        {
          op: 'create (set the whole list)',
          run: (db) => set(ref(db, list), { a: validSubmission(kind) }),
          allowed: NOBODY,
          target: list,
        },
        {
          op: 'update (overwrite an existing id through the list)',
          seed: seeded,
          run: (db) => update(ref(db, list), { [EXISTING]: validSubmission(kind) }),
          allowed: NOBODY,
          target: list,
        },
        { op: 'delete (remove the list)', seed: seeded, run: (db) => remove(ref(db, list)), allowed: NOBODY, target: list },
      ],
    },
  ];
}

const everything = {
  'submissions/contact/x': storedSubmission('contact'),
  [`users/${OWNER_UID}`]: minimalUser(),
  'settings/theme': 'dark',
};

accessMatrix('submissions-access', [
  ...KINDS.flatMap(submissionPaths),
  {
    path: 'submissions (the parent)',
    rows: [
      { op: 'read (get)', seed: everything, run: (db) => get(ref(db, 'submissions')), allowed: NOBODY },
      {
        op: 'query (orderByKey)',
        seed: everything,
        run: (db) => get(query(ref(db, 'submissions'), orderByKey())),
        allowed: NOBODY,
      },
      {
        op: 'create (set the parent)',
        run: (db) => set(ref(db, 'submissions'), { contact: { a: validSubmission('contact') } }),
        allowed: NOBODY,
        target: 'submissions',
      },
      {
        op: 'update (update a kind)',
        seed: everything,
        run: (db) => update(ref(db, 'submissions'), { waitlist: { a: validSubmission('waitlist') } }),
        allowed: NOBODY,
        target: 'submissions',
      },
      {
        op: 'delete (remove the parent)',
        seed: everything,
        run: (db) => remove(ref(db, 'submissions')),
        allowed: NOBODY,
        target: 'submissions',
      },
    ],
  },
  {
    path: '/ (the root)',
    rows: [
      { op: 'read (get)', seed: everything, run: (db) => get(ref(db)), allowed: NOBODY },
      { op: 'query (orderByKey)', seed: everything, run: (db) => get(query(ref(db), orderByKey())), allowed: NOBODY },
      { op: 'create (set the root)', run: (db) => set(ref(db), { hello: 'world' }), allowed: NOBODY, target: '/' },
      {
        op: 'update (a new top-level key)',
        seed: everything,
        run: (db) => update(ref(db), { hello: 'world' }),
        allowed: NOBODY,
        target: '/',
      },
      { op: 'delete (remove the root)', seed: everything, run: (db) => remove(ref(db)), allowed: NOBODY, target: '/' },
    ],
  },
  {
    path: 'settings/theme (a path the rules do not name)',
    rows: [
      { op: 'read (get)', seed: everything, run: (db) => get(ref(db, 'settings/theme')), allowed: NOBODY },
      {
        op: 'query (orderByKey)',
        seed: everything,
        run: (db) => get(query(ref(db, 'settings'), orderByKey())),
        allowed: NOBODY,
      },
      {
        op: 'create (set a new key)',
        run: (db) => set(ref(db, 'settings/theme'), 'light'),
        allowed: NOBODY,
        target: 'settings',
      },
      {
        op: 'update (change it)',
        seed: everything,
        run: (db) => update(ref(db, 'settings'), { theme: 'light' }),
        allowed: NOBODY,
        target: 'settings',
      },
      {
        op: 'delete (remove it)',
        seed: everything,
        run: (db) => remove(ref(db, 'settings/theme')),
        allowed: NOBODY,
        target: 'settings',
      },
    ],
  },
]);
