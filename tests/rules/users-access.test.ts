// Access matrix of users/: only the signed-in owner reads and writes users/<own uid>; nobody lists
// users; nobody deletes a whole record from the browser.
import { expect } from 'vitest';
import { limitToFirst, orderByKey, ref, update } from 'firebase/database';
import { OTHER_UID, OWNER_UID, fullUser, minimalUser } from './rules.testing';
import { accessMatrix, rowsOn, valueOf } from './matrix.testing';

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

const withRecord = rowsOn(seeded);
const withRecordNoAddress = rowsOn(withoutAddress);
const empty = rowsOn();

accessMatrix('users-access', [
  {
    path: 'users/{owner uid}',
    rows: [
      withRecord.get('read (get)', RECORD, OWNER_ONLY, (snap) => expect(valueOf(snap)).toEqual(fullUser(true))),
      withRecord.query('query (orderByKey, limitToFirst)', RECORD, [orderByKey(), limitToFirst(3)], OWNER_ONLY, (snap) =>
        expect(Object.keys(valueOf(snap) as object)).toHaveLength(3),
      ),
      empty.set('create (set a new record)', RECORD, minimalUser(), OWNER_ONLY, { after: (value) => expect(value).toEqual(minimalUser()) }),
      withRecord.update('update (update the address)', RECORD, { address: '9 New Street' }, OWNER_ONLY, {
        after: (value) => expect(value).toEqual({ ...fullUser(true), address: '9 New Street' }),
      }),
      // Decision: the whole record cannot be deleted from the browser, not even by its owner.
      withRecord.remove('delete (remove the whole record)', RECORD, NOBODY),
      withRecord.set('delete (set the whole record to null)', RECORD, null, NOBODY),
    ],
  },
  {
    path: 'users/{owner uid}/address (one field)',
    rows: [
      withRecord.get('read (get)', ADDRESS, OWNER_ONLY, (snap) => expect(valueOf(snap)).toBe(fullUser(true).address)),
      withRecord.query('query (orderByKey)', ADDRESS, [orderByKey()], OWNER_ONLY),
      withRecordNoAddress.set('create (set the missing field)', ADDRESS, '9 New Street', OWNER_ONLY, {
        after: (value) => expect(value).toBe('9 New Street'),
      }),
      withRecord.set('update (set a new value)', ADDRESS, '9 New Street', OWNER_ONLY, {
        after: (value) => expect(value).toBe('9 New Street'),
      }),
      withRecord.remove('delete (remove the field)', ADDRESS, OWNER_ONLY, {
        target: RECORD,
        after: (value) => {
          const expected = fullUser(true);
          delete expected.address;
          expect(value).toEqual(expected);
        },
      }),
    ],
  },
  {
    path: 'users (the list)',
    rows: [
      withRecord.get('read (get)', 'users', NOBODY),
      withRecord.query('query (orderByKey, limitToFirst)', 'users', [orderByKey(), limitToFirst(10)], NOBODY),
      empty.set('create (set the list)', 'users', { [OWNER_UID]: minimalUser() }, NOBODY),
      {
        op: "update (one update touching the owner's and another user's record)",
        seed: { ...seeded, [`users/${OTHER_UID}`]: fullUser(true) },
        run: (db) => update(ref(db, 'users'), { [`${OWNER_UID}/address`]: 'A', [`${OTHER_UID}/address`]: 'B' }),
        allowed: NOBODY,
        target: 'users',
      },
      withRecord.remove('delete (remove the list)', 'users', NOBODY),
    ],
  },
]);
