// Access matrix of submissions/ and of everything the rules do not name: no browser may create,
// read, change or delete a submission, not even with the quota step the forms once sent (only the
// `submitForm` function stores them, docs/decisions/0111-submissions-through-the-server.md); every
// other path is closed. "owner" and "another user" are simply two signed-in people.
import { get, limitToLast, orderByKey, query, ref, remove, set, update } from 'firebase/database';
import { OWNER_UID, minimalUser, storedSubmission, submitAsVisitor, uidOf, validSubmission, type SubmissionKind } from './rules.testing';
import { accessMatrix, rowsOn, type MatrixPath } from './matrix.testing';

const NOBODY = [] as const;
const KINDS: SubmissionKind[] = ['contact', 'waitlist', 'preorder'];
const EXISTING = 'existing-id';
const empty = rowsOn();

function submissionPaths(kind: SubmissionKind): MatrixPath[] {
  const list = `submissions/${kind}`;
  const one = `${list}/${EXISTING}`;
  const seeded = { [one]: storedSubmission(kind) };
  const withRecord = rowsOn(seeded);
  return [
    {
      path: `${list}/{id}`,
      rows: [
        withRecord.get('read (get)', one, NOBODY),
        withRecord.query('query (orderByKey)', one, [orderByKey()], NOBODY),
        {
          op: 'create (a new id with its quota step, as the forms once did)',
          run: (db, actor) => submitAsVisitor(db, uidOf(actor), kind),
          allowed: NOBODY,
          target: list,
        },
        empty.set('create (set a new id without a quota step)', `${list}/new-id`, validSubmission(kind), NOBODY),
        withRecord.update('update (update the email)', one, { email: 'changed@example.com' }, NOBODY),
        withRecord.set('update (overwrite with a valid record)', one, validSubmission(kind), NOBODY),
        withRecord.remove('delete (remove)', one, NOBODY),
      ],
    },
    {
      path: `${list} (the list)`,
      rows: [
        withRecord.get('read (get)', list, NOBODY),
        withRecord.query('query (orderByKey, limitToLast)', list, [orderByKey(), limitToLast(5)], NOBODY),
        empty.set('create (set the whole list)', list, { a: validSubmission(kind) }, NOBODY),
        withRecord.update('update (overwrite an existing id through the list)', list, { [EXISTING]: validSubmission(kind) }, NOBODY),
        withRecord.remove('delete (remove the list)', list, NOBODY),
      ],
    },
  ];
}

const everything = {
  'submissions/contact/x': storedSubmission('contact'),
  [`users/${OWNER_UID}`]: minimalUser(),
  'settings/theme': 'dark',
};

const withEverything = rowsOn(everything);

accessMatrix('submissions-access', [
  ...KINDS.flatMap(submissionPaths),
  {
    path: 'submissions (the parent)',
    rows: [
      withEverything.get('read (get)', 'submissions', NOBODY),
      withEverything.query('query (orderByKey)', 'submissions', [orderByKey()], NOBODY),
      empty.set('create (set the parent)', 'submissions', { contact: { a: validSubmission('contact') } }, NOBODY),
      withEverything.update('update (update a kind)', 'submissions', { waitlist: { a: validSubmission('waitlist') } }, NOBODY),
      withEverything.remove('delete (remove the parent)', 'submissions', NOBODY),
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
      withEverything.get('read (get)', 'settings/theme', NOBODY),
      withEverything.query('query (orderByKey)', 'settings', [orderByKey()], NOBODY),
      empty.set('create (set a new key)', 'settings/theme', 'light', NOBODY, { target: 'settings' }),
      withEverything.update('update (change it)', 'settings', { theme: 'light' }, NOBODY),
      withEverything.remove('delete (remove it)', 'settings/theme', NOBODY, { target: 'settings' }),
    ],
  },
]);
