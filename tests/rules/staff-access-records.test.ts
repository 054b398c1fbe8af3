// Staff matrix of the records only the functions write (docs/decisions/0108-staff-console.md):
// staff_audit is read by admins alone — support, customers and forged roles see nothing — and
// written by no browser, admins included, so the trail cannot be edited from the console;
// space_passes is closed to every browser, staff included: the public spacePass function reads a
// pass by its code, and there is no list to read.
import { expect } from 'vitest';
import { get, orderByChild, orderByKey, push, query, ref, remove, set, update } from 'firebase/database';
import { accessMatrix, listenOnce, valueOf } from './matrix.testing';
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

accessMatrix<StaffActor>(
  'staff-access-records',
  [
    {
      path: 'staff_audit (the list)',
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, 'staff_audit')),
          allowed: ADMIN_ONLY,
          result: (snap) => expect(valueOf(snap)).toEqual({ [AUDIT_ID]: AUDIT_ENTRY }),
        },
        {
          op: "query orderByChild('at')",
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, 'staff_audit'), orderByChild('at'))),
          allowed: ADMIN_ONLY,
          result: (snap) => expect(keysOf(snap)).toEqual([AUDIT_ID]),
        },
        {
          op: 'listen onValue(staff_audit)',
          seed: EVERYTHING,
          run: (db) => listenOnce(ref(db, 'staff_audit')),
          allowed: ADMIN_ONLY,
        },
        {
          op: 'create (push an entry in one’s own name)',
          seed: EVERYTHING,
          run: (db, actor) => set(push(ref(db, 'staff_audit')), { ...AUDIT_ENTRY, actorUid: staffActorUid(actor), at: Date.now() }),
          allowed: NOBODY,
          target: 'staff_audit',
        },
        {
          op: 'delete (wipe the trail)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, 'staff_audit')),
          allowed: NOBODY,
          target: 'staff_audit',
        },
      ],
    },
    {
      path: 'staff_audit/{entry}',
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, `staff_audit/${AUDIT_ID}`)),
          allowed: ADMIN_ONLY,
          result: (snap) => expect(valueOf(snap)).toEqual(AUDIT_ENTRY),
        },
        {
          op: 'update (rewrite who did it)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, `staff_audit/${AUDIT_ID}`), { actorUid: 'someone-else' }),
          allowed: NOBODY,
          target: `staff_audit/${AUDIT_ID}`,
        },
        {
          op: 'delete (remove the entry)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, `staff_audit/${AUDIT_ID}`)),
          allowed: NOBODY,
          target: `staff_audit/${AUDIT_ID}`,
        },
      ],
    },
    {
      path: 'staff_counters (the console’s counts, kept by a trigger)',
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, 'staff_counters')),
          allowed: STAFF,
          result: (snap) => expect(valueOf(snap)).toEqual({ contact: { new: 2, answered: 1, archived: 0 } }),
        },
        {
          op: 'listen onValue(staff_counters/contact/new)',
          seed: EVERYTHING,
          run: (db) => listenOnce(ref(db, 'staff_counters/contact/new')),
          allowed: STAFF,
        },
        {
          op: 'write (zero the inbox count)',
          seed: EVERYTHING,
          run: (db) => set(ref(db, 'staff_counters/contact/new'), 0),
          allowed: NOBODY,
          target: 'staff_counters/contact/new',
        },
        {
          op: 'update (both counts at once)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, 'staff_counters'), { 'contact/new': 0, 'preorder/pending': 0 }),
          allowed: NOBODY,
          target: 'staff_counters',
        },
      ],
    },
    {
      path: 'space_passes (the list)',
      rows: [
        { op: 'read (get)', seed: EVERYTHING, run: (db) => get(ref(db, 'space_passes')), allowed: NOBODY },
        {
          op: 'query (orderByKey) (enumerate the codes)',
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, 'space_passes'), orderByKey())),
          allowed: NOBODY,
        },
        { op: 'listen onValue(space_passes)', seed: EVERYTHING, run: (db) => listenOnce(ref(db, 'space_passes')), allowed: NOBODY },
        {
          op: 'create (issue oneself a pass)',
          seed: EVERYTHING,
          run: (db) => set(ref(db, 'space_passes/ZZZZZZZZZZZZZZZZZZZZZZZZZZ'), { ...PASS, name: 'Mallory', preorderId: 'mine' }),
          allowed: NOBODY,
          target: 'space_passes',
        },
        {
          op: 'delete (remove the list)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, 'space_passes')),
          allowed: NOBODY,
          target: 'space_passes',
        },
      ],
    },
    {
      path: 'space_passes/{code}',
      rows: [
        { op: 'read (get, knowing the code)', seed: EVERYTHING, run: (db) => get(ref(db, `space_passes/${PASS_CODE}`)), allowed: NOBODY },
        {
          op: 'update (put another name on the pass)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, `space_passes/${PASS_CODE}`), { name: 'Mallory' }),
          allowed: NOBODY,
          target: `space_passes/${PASS_CODE}`,
        },
        {
          op: 'delete (revoke it)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, `space_passes/${PASS_CODE}`)),
          allowed: NOBODY,
          target: `space_passes/${PASS_CODE}`,
        },
      ],
    },
  ],
  STAFF_CAST,
);
