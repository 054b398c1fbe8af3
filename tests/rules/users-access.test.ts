// Access matrix of users/: only the signed-in owner reads and writes users/<own uid>; nobody lists
// users; nobody deletes a whole record from the browser.
import { expect } from 'vitest';
import { get, limitToFirst, orderByKey, query, ref, remove, set, update } from 'firebase/database';
import { OTHER_UID, OWNER_UID, fullUser, minimalUser } from './rules.testing';
import { accessMatrix, valueOf } from './matrix.testing';

const RECORD = `users/${OWNER_UID}`;
const ADDRESS = `${RECORD}/address`;
const OWNER_ONLY = ['owner'] as const;
const NOBODY = [] as const;

const seeded = { [RECORD]: fullUser(true) };
const withoutAddress = (() => {
  const record = fullUser(true);
  delete record.address;
  return { [RECORD]: record };
})();

accessMatrix('users-access', [
  {
    path: 'users/{owner uid}',
    rows: [
      {
        op: 'read (get)',
        seed: seeded,
        run: (db) => get(ref(db, RECORD)),
        allowed: OWNER_ONLY,
        result: (snap) => expect(valueOf(snap)).toEqual(fullUser(true)),
      },
      {
        op: 'query (orderByKey, limitToFirst)',
        seed: seeded,
        run: (db) => get(query(ref(db, RECORD), orderByKey(), limitToFirst(3))),
        allowed: OWNER_ONLY,
        result: (snap) => expect(Object.keys(valueOf(snap) as object)).toHaveLength(3),
      },
      {
        op: 'create (set a new record)',
        run: (db) => set(ref(db, RECORD), minimalUser()),
        allowed: OWNER_ONLY,
        target: RECORD,
        after: (value) => expect(value).toEqual(minimalUser()),
      },
      {
        op: 'update (update the address)',
        seed: seeded,
        run: (db) => update(ref(db, RECORD), { address: '9 New Street' }),
        allowed: OWNER_ONLY,
        target: RECORD,
        after: (value) => expect(value).toEqual({ ...fullUser(true), address: '9 New Street' }),
      },
      {
        // Decision: the whole record cannot be deleted from the browser, not even by its owner.
        op: 'delete (remove the whole record)',
        seed: seeded,
        run: (db) => remove(ref(db, RECORD)),
        allowed: NOBODY,
        target: RECORD,
      },
      {
        op: 'delete (set the whole record to null)',
        seed: seeded,
        run: (db) => set(ref(db, RECORD), null),
        allowed: NOBODY,
        target: RECORD,
      },
    ],
  },
  {
    path: 'users/{owner uid}/address (one field)',
    rows: [
      {
        op: 'read (get)',
        seed: seeded,
        run: (db) => get(ref(db, ADDRESS)),
        allowed: OWNER_ONLY,
        result: (snap) => expect(valueOf(snap)).toBe(fullUser(true).address),
      },
      {
        op: 'query (orderByKey)',
        seed: seeded,
        run: (db) => get(query(ref(db, ADDRESS), orderByKey())),
        allowed: OWNER_ONLY,
      },
      {
        op: 'create (set the missing field)',
        seed: withoutAddress,
        run: (db) => set(ref(db, ADDRESS), '9 New Street'),
        allowed: OWNER_ONLY,
        target: ADDRESS,
        after: (value) => expect(value).toBe('9 New Street'),
      },
      {
        op: 'update (set a new value)',
        seed: seeded,
        run: (db) => set(ref(db, ADDRESS), '9 New Street'),
        allowed: OWNER_ONLY,
        target: ADDRESS,
        after: (value) => expect(value).toBe('9 New Street'),
      },
      {
        op: 'delete (remove the field)',
        seed: seeded,
        run: (db) => remove(ref(db, ADDRESS)),
        allowed: OWNER_ONLY,
        target: RECORD,
        after: (value) => {
          const expected = fullUser(true);
          delete expected.address;
          expect(value).toEqual(expected);
        },
      },
    ],
  },
  {
    path: 'users (the list)',
    rows: [
      {
        op: 'read (get)',
        seed: seeded,
        run: (db) => get(ref(db, 'users')),
        allowed: NOBODY,
      },
      {
        op: 'query (orderByKey, limitToFirst)',
        seed: seeded,
        run: (db) => get(query(ref(db, 'users'), orderByKey(), limitToFirst(10))),
        allowed: NOBODY,
      },
      {
        op: 'create (set the list)',
        run: (db) => set(ref(db, 'users'), { [OWNER_UID]: minimalUser() }),
        allowed: NOBODY,
        target: 'users',
      },
      {
        op: "update (one update touching the owner's and another user's record)",
        seed: { ...seeded, [`users/${OTHER_UID}`]: fullUser(true) },
        run: (db) => update(ref(db, 'users'), { [`${OWNER_UID}/address`]: 'A', [`${OTHER_UID}/address`]: 'B' }),
        allowed: NOBODY,
        target: 'users',
      },
      {
        op: 'delete (remove the list)',
        seed: seeded,
        run: (db) => remove(ref(db, 'users')),
        allowed: NOBODY,
        target: 'users',
      },
    ],
  },
]);
