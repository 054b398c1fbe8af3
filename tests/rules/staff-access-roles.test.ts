// Staff matrix of staff_roles/{uid}, the server's record of each staff role
// (docs/decisions/0149-staff-role-claim-and-record.md): each signed-in person reads their own record (the console
// watches it), nobody reads another's or the list, and no browser writes one — not a customer
// making themselves admin, not a former admin putting their role back, not an admin promoting
// someone: roles change only through the staff function and staff:grant.
import { expect } from 'vitest';
import { get, orderByKey, query, ref, remove, set, update } from 'firebase/database';
import { STAFF_ROLES_PATH } from '../../src/data/staff';
import { accessMatrix, listenOnce, valueOf } from './matrix.testing';
import { EVERYTHING, NOBODY, SIGNED_IN, STAFF_CAST, STAFF_RECORDS, staffActorUid, type StaffActor } from './staff-cast.testing';

const OWN = (actor: StaffActor) => `${STAFF_ROLES_PATH}/${staffActorUid(actor)}`;
const SOMEONE = `${STAFF_ROLES_PATH}/someone-else`;
const SEEDED = { ...EVERYTHING, [SOMEONE]: 'admin' };

accessMatrix<StaffActor>(
  'staff-access-roles',
  [
    {
      path: 'staff_roles (the list)',
      rows: [
        { op: 'read (get)', seed: SEEDED, run: (db) => get(ref(db, STAFF_ROLES_PATH)), allowed: NOBODY },
        { op: 'query (orderByKey)', seed: SEEDED, run: (db) => get(query(ref(db, STAFF_ROLES_PATH), orderByKey())), allowed: NOBODY },
        { op: 'listen onValue(staff_roles)', seed: SEEDED, run: (db) => listenOnce(ref(db, STAFF_ROLES_PATH)), allowed: NOBODY },
        {
          op: 'update (oneself admin through the list)',
          seed: SEEDED,
          run: (db, actor) => update(ref(db, STAFF_ROLES_PATH), { [staffActorUid(actor)]: 'admin' }),
          allowed: NOBODY,
          target: STAFF_ROLES_PATH,
        },
        {
          op: 'delete (remove every role)',
          seed: SEEDED,
          run: (db) => remove(ref(db, STAFF_ROLES_PATH)),
          allowed: NOBODY,
          target: STAFF_ROLES_PATH,
        },
      ],
    },
    {
      path: 'staff_roles/{own uid}',
      rows: [
        {
          op: 'read (get)',
          seed: SEEDED,
          run: (db, actor) => get(ref(db, OWN(actor))),
          allowed: SIGNED_IN,
          // What the server recorded, or nothing: a former admin sees their role is gone.
          result: (snap) => expect([null, ...Object.values(STAFF_RECORDS)]).toContain(valueOf(snap)),
        },
        { op: 'listen onValue', seed: SEEDED, run: (db, actor) => listenOnce(ref(db, OWN(actor))), allowed: SIGNED_IN },
        {
          op: "create or change (set 'admin')",
          seed: SEEDED,
          run: (db, actor) => set(ref(db, OWN(actor)), 'admin'),
          allowed: NOBODY,
          target: STAFF_ROLES_PATH,
        },
        {
          op: "create or change (set 'support')",
          seed: SEEDED,
          run: (db, actor) => set(ref(db, OWN(actor)), 'support'),
          allowed: NOBODY,
          target: STAFF_ROLES_PATH,
        },
        { op: 'delete (remove)', seed: SEEDED, run: (db, actor) => remove(ref(db, OWN(actor))), allowed: NOBODY, target: STAFF_ROLES_PATH },
      ],
    },
    {
      path: "staff_roles/{another person's uid}",
      rows: [
        { op: 'read (get)', seed: SEEDED, run: (db) => get(ref(db, SOMEONE)), allowed: NOBODY },
        {
          op: "read the admin's (get)",
          seed: SEEDED,
          run: (db, actor) => (actor === 'admin' ? get(ref(db, SOMEONE)) : get(ref(db, OWN('admin')))),
          allowed: NOBODY,
        },
        {
          op: "change (set 'support': demote another)",
          seed: SEEDED,
          run: (db) => set(ref(db, SOMEONE), 'support'),
          allowed: NOBODY,
          target: SOMEONE,
        },
        {
          op: "create (set 'admin' for a new uid: promote another)",
          seed: SEEDED,
          run: (db) => set(ref(db, `${STAFF_ROLES_PATH}/new-uid`), 'admin'),
          allowed: NOBODY,
          target: STAFF_ROLES_PATH,
        },
        { op: 'delete (remove)', seed: SEEDED, run: (db) => remove(ref(db, SOMEONE)), allowed: NOBODY, target: SOMEONE },
      ],
    },
  ],
  STAFF_CAST,
);
