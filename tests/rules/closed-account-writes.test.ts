// A closed account's ID token writes nothing (docs/decisions/0119-account-deletion-and-retention.md):
// deleteAccount writes closed_accounts/<uid> first and keeps it while a token of the account may
// live, and the emulator, like production's rules, does not ask Auth whether a token was revoked or
// its account deleted. So the owner's still-valid token of a closing account cannot change its
// profile, nor write the deleted one back; another account's closing changes nothing for the owner;
// and closed_accounts itself is closed to every browser.
import { expect } from 'vitest';
import { get, ref, remove, set, update } from 'firebase/database';
import { CLOSED_ACCOUNTS_PATH } from '../../src/data/users';
import { OTHER_UID, OWNER_UID, fullUser, minimalUser } from './rules.testing';
import { accessMatrix } from './matrix.testing';

const RECORD = `users/${OWNER_UID}`;
const ADDRESS = `${RECORD}/address`;
const OWNER_CLOSED = { [`${CLOSED_ACCOUNTS_PATH}/${OWNER_UID}`]: { closedAt: 1_795_000_000_000 } };
const OTHER_CLOSED = { [`${CLOSED_ACCOUNTS_PATH}/${OTHER_UID}`]: { closedAt: 1_795_000_000_000 } };
const NOBODY = [] as const;
const OWNER_ONLY = ['owner'] as const;

accessMatrix('closed-account-writes', [
  {
    path: 'users/{owner uid} once the owner’s account is closing',
    rows: [
      {
        op: 'write the deleted profile back (set a new record)',
        seed: OWNER_CLOSED,
        run: (db) => set(ref(db, RECORD), minimalUser()),
        allowed: NOBODY,
        target: RECORD,
      },
      {
        op: 'write the deleted profile back in full (update)',
        seed: OWNER_CLOSED,
        run: (db) => update(ref(db, RECORD), fullUser(true)),
        allowed: NOBODY,
        target: RECORD,
      },
      {
        op: 'change a profile not yet deleted (set the address)',
        seed: { ...OWNER_CLOSED, [RECORD]: fullUser(true) },
        run: (db) => set(ref(db, ADDRESS), '9 New Street'),
        allowed: NOBODY,
        target: RECORD,
      },
      {
        op: 'remove a field of it',
        seed: { ...OWNER_CLOSED, [RECORD]: fullUser(true) },
        run: (db) => remove(ref(db, ADDRESS)),
        allowed: NOBODY,
        target: RECORD,
      },
      {
        op: 'read it (get): reading is not writing, and deletion removes it',
        seed: { ...OWNER_CLOSED, [RECORD]: fullUser(true) },
        run: (db) => get(ref(db, RECORD)),
        allowed: OWNER_ONLY,
      },
    ],
  },
  {
    path: 'users/{owner uid} while another account is closing',
    rows: [
      {
        op: 'create (set a new record)',
        seed: OTHER_CLOSED,
        run: (db) => set(ref(db, RECORD), minimalUser()),
        allowed: OWNER_ONLY,
        target: RECORD,
        after: (value) => expect(value).toEqual(minimalUser()),
      },
      {
        op: 'update (set the address)',
        seed: { ...OTHER_CLOSED, [RECORD]: fullUser(true) },
        run: (db) => set(ref(db, ADDRESS), '9 New Street'),
        allowed: OWNER_ONLY,
        target: ADDRESS,
        after: (value) => expect(value).toBe('9 New Street'),
      },
    ],
  },
  {
    path: 'closed_accounts',
    rows: [
      { op: 'read the list (get)', seed: OWNER_CLOSED, run: (db) => get(ref(db, CLOSED_ACCOUNTS_PATH)), allowed: NOBODY },
      {
        op: 'read the own record (get)',
        seed: OWNER_CLOSED,
        run: (db) => get(ref(db, `${CLOSED_ACCOUNTS_PATH}/${OWNER_UID}`)),
        allowed: NOBODY,
      },
      {
        op: 'remove the own record (to write again)',
        seed: OWNER_CLOSED,
        run: (db) => remove(ref(db, `${CLOSED_ACCOUNTS_PATH}/${OWNER_UID}`)),
        allowed: NOBODY,
        target: `${CLOSED_ACCOUNTS_PATH}/${OWNER_UID}`,
      },
      {
        op: "close another account (set another user's record)",
        run: (db) => set(ref(db, `${CLOSED_ACCOUNTS_PATH}/${OTHER_UID}`), { closedAt: 1 }),
        allowed: NOBODY,
        target: `${CLOSED_ACCOUNTS_PATH}/${OTHER_UID}`,
      },
    ],
  },
]);
