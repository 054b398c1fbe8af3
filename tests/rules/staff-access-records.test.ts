// Staff matrix of the records only the functions write (docs/decisions/0108-staff-console.md):
// staff_audit is read by admins alone, a page at a time — support, customers and forged roles see nothing — and
// written by no browser, admins included, so the trail cannot be edited from the console;
// space_passes is closed to every browser, staff included: the public spacePass function reads a
// pass by its code, and there is no list to read.
import { expect } from 'vitest';
import { limitToLast, orderByChild, orderByKey, push, ref, set } from 'firebase/database';
import { accessMatrix, rowsOn, valueOf } from './matrix.testing';
import {
  ADMIN_ONLY,
  AUDIT_ENTRY,
  AUDIT_ID,
  EVERYTHING,
  NOBODY,
  PASS,
  PASS_CODE,
  STAFF,
  STAFF_CAST,
  staffActorUid,
  type StaffActor,
} from './staff-cast.testing';

const keysOf = (snap: unknown) => Object.keys((valueOf(snap) as object | null) ?? {});

/** Rows on the database that holds something at every node. */
const withEverything = rowsOn<StaffActor>(EVERYTHING);

accessMatrix<StaffActor>(
  'staff-access-records',
  [
    {
      path: 'staff_audit (the list)',
      rows: [
        withEverything.get('read (get)', 'staff_audit', NOBODY),
        withEverything.query("query orderByChild('at') without a limit", 'staff_audit', [orderByChild('at')], NOBODY),
        withEverything.query(
          "query orderByChild('at').limitToLast(25) (a page)",
          'staff_audit',
          [orderByChild('at'), limitToLast(25)],
          ADMIN_ONLY,
          (snap) => expect(keysOf(snap)).toEqual([AUDIT_ID]),
        ),
        withEverything.listen('listen onValue(staff_audit)', 'staff_audit', NOBODY),
        {
          op: 'create (push an entry in one’s own name)',
          seed: EVERYTHING,
          run: (db, actor) => set(push(ref(db, 'staff_audit')), { ...AUDIT_ENTRY, actorUid: staffActorUid(actor), at: Date.now() }),
          allowed: NOBODY,
          target: 'staff_audit',
        },
        withEverything.remove('delete (wipe the trail)', 'staff_audit', NOBODY),
      ],
    },
    {
      path: 'staff_audit/{entry}',
      rows: [
        withEverything.get('read (get)', `staff_audit/${AUDIT_ID}`, ADMIN_ONLY, (snap) => expect(valueOf(snap)).toEqual(AUDIT_ENTRY)),
        withEverything.update('update (rewrite who did it)', `staff_audit/${AUDIT_ID}`, { actorUid: 'someone-else' }, NOBODY),
        withEverything.remove('delete (remove the entry)', `staff_audit/${AUDIT_ID}`, NOBODY),
      ],
    },
    {
      path: 'staff_counters (the console’s counts, kept by a trigger)',
      rows: [
        withEverything.get('read (get)', 'staff_counters', STAFF, (snap) =>
          expect(valueOf(snap)).toEqual({ contact: { new: 2, answered: 1, archived: 0 } }),
        ),
        withEverything.listen('listen onValue(staff_counters/contact/new)', 'staff_counters/contact/new', STAFF),
        withEverything.set('write (zero the inbox count)', 'staff_counters/contact/new', 0, NOBODY),
        withEverything.update('update (both counts at once)', 'staff_counters', { 'contact/new': 0, 'preorder/pending': 0 }, NOBODY),
      ],
    },
    {
      path: 'space_passes (the list)',
      rows: [
        withEverything.get('read (get)', 'space_passes', NOBODY),
        withEverything.query('query (orderByKey) (enumerate the codes)', 'space_passes', [orderByKey()], NOBODY),
        withEverything.listen('listen onValue(space_passes)', 'space_passes', NOBODY),
        withEverything.set(
          'create (issue oneself a pass)',
          'space_passes/ZZZZZZZZZZZZZZZZZZZZZZZZZZ',
          { ...PASS, name: 'Mallory', preorderId: 'mine' },
          NOBODY,
          { target: 'space_passes' },
        ),
        withEverything.remove('delete (remove the list)', 'space_passes', NOBODY),
      ],
    },
    {
      path: 'space_passes/{code}',
      rows: [
        withEverything.get('read (get, knowing the code)', `space_passes/${PASS_CODE}`, NOBODY),
        withEverything.update('update (put another name on the pass)', `space_passes/${PASS_CODE}`, { name: 'Mallory' }, NOBODY),
        withEverything.remove('delete (revoke it)', `space_passes/${PASS_CODE}`, NOBODY),
      ],
    },
  ],
  STAFF_CAST,
);
