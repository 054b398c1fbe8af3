// Staff matrix of the customers' accounts (docs/decisions/0108-staff-console.md): staff read every
// profile and card summary, the list included; a customer still reads and edits only their own
// profile and reads only their own card; nobody — staff above all — writes a profile that is not
// theirs, a card summary or a Stripe customer. customers/ stays closed to every browser.
import { expect } from 'vitest';
import { equalTo, get, orderByChild, orderByKey, query, ref, remove, set, update, type Database } from 'firebase/database';
import { OTHER_UID, OWNER_UID, accountEmail, fullUser } from './rules.testing';
import { accessMatrix, listenOnce, valueOf } from './matrix.testing';
import {
  CARD,
  CUSTOMER_ONLY,
  EVERYTHING,
  NOBODY,
  STAFF,
  STAFF_AND_CUSTOMER,
  STAFF_CAST,
  staffActorUid,
  type StaffActor,
} from './staff-cast.testing';

const keysOf = (snap: unknown) => Object.keys((valueOf(snap) as object | null) ?? {}).sort();
const CUSTOMER = `users/${OWNER_UID}`;
const OTHER = `users/${OTHER_UID}`;

accessMatrix<StaffActor>(
  'staff-access-accounts',
  [
    {
      path: 'users (the list)',
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, 'users')),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([OWNER_UID, OTHER_UID].sort()),
        },
        {
          op: "query orderByChild('email').equalTo(the customer's email) (find a customer)",
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, 'users'), orderByChild('email'), equalTo(accountEmail(OWNER_UID)))),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([OWNER_UID]),
        },
        {
          op: 'listen onValue(users)',
          seed: EVERYTHING,
          run: (db) => listenOnce(ref(db, 'users')),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([OWNER_UID, OTHER_UID].sort()),
        },
        {
          op: 'update (two profiles at once through the list)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, 'users'), { [`${OWNER_UID}/address`]: '9 New Street', [`${OTHER_UID}/address`]: '9 New Street' }),
          allowed: NOBODY,
          target: 'users',
        },
        {
          op: 'create (a profile for a new uid through the list)',
          seed: EVERYTHING,
          run: (db) => set(ref(db, 'users/new-uid'), { ...fullUser(true), email: accountEmail('new-uid') }),
          allowed: NOBODY,
          target: 'users',
        },
        { op: 'delete (remove the list)', seed: EVERYTHING, run: (db) => remove(ref(db, 'users')), allowed: NOBODY, target: 'users' },
      ],
    },
    {
      path: "users/{the customer's uid}",
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, CUSTOMER)),
          allowed: STAFF_AND_CUSTOMER,
          result: (snap) => expect(valueOf(snap)).toEqual(fullUser(true)),
        },
        {
          op: 'query (orderByKey)',
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, CUSTOMER), orderByKey())),
          allowed: STAFF_AND_CUSTOMER,
        },
        {
          // The owner's own rule is unchanged; staff gain nothing to write.
          op: 'update (the address)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, CUSTOMER), { address: '9 New Street' }),
          allowed: CUSTOMER_ONLY,
          target: CUSTOMER,
          after: (value) => expect(value).toEqual({ ...fullUser(true), address: '9 New Street' }),
        },
        {
          op: 'update (emailVerified → false, the flag of someone else’s account)',
          seed: EVERYTHING,
          run: (db) => set(ref(db, `${CUSTOMER}/emailVerified`), false),
          allowed: NOBODY,
          target: CUSTOMER,
        },
        {
          op: 'create (set the record anew)',
          run: (db) => set(ref(db, CUSTOMER), fullUser(true)),
          allowed: CUSTOMER_ONLY,
          target: CUSTOMER,
        },
        { op: 'delete (remove the record)', seed: EVERYTHING, run: (db) => remove(ref(db, CUSTOMER)), allowed: NOBODY, target: CUSTOMER },
      ],
    },
    {
      path: "users/{another customer's uid}",
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, OTHER)),
          allowed: STAFF,
          result: (snap) => expect(valueOf(snap)).toMatchObject({ email: accountEmail(OTHER_UID) }),
        },
        {
          op: 'update (the address)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, OTHER), { address: '9 New Street' }),
          allowed: NOBODY,
          target: OTHER,
        },
        { op: 'delete (remove the record)', seed: EVERYTHING, run: (db) => remove(ref(db, OTHER)), allowed: NOBODY, target: OTHER },
      ],
    },
    {
      path: 'billing (the list)',
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, 'billing')),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([OWNER_UID, OTHER_UID].sort()),
        },
        {
          op: 'query (orderByKey)',
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, 'billing'), orderByKey())),
          allowed: STAFF,
        },
        {
          op: 'create (a card summary for oneself)',
          seed: EVERYTHING,
          run: (db, actor) => set(ref(db, `billing/${staffActorUid(actor)}`), CARD),
          allowed: NOBODY,
          target: 'billing',
        },
        { op: 'delete (remove the list)', seed: EVERYTHING, run: (db) => remove(ref(db, 'billing')), allowed: NOBODY, target: 'billing' },
      ],
    },
    {
      path: "billing/{the customer's uid}",
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, `billing/${OWNER_UID}`)),
          allowed: STAFF_AND_CUSTOMER,
          result: (snap) => expect(valueOf(snap)).toEqual(CARD),
        },
        {
          op: 'update (change the card shown)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, `billing/${OWNER_UID}/card`), { last4: '0000' }),
          allowed: NOBODY,
          target: `billing/${OWNER_UID}`,
        },
        {
          op: 'delete (remove)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, `billing/${OWNER_UID}`)),
          allowed: NOBODY,
          target: `billing/${OWNER_UID}`,
        },
      ],
    },
    {
      path: "billing/{another customer's uid}",
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(ref(db, `billing/${OTHER_UID}`)),
          allowed: STAFF,
          result: (snap) => expect(valueOf(snap)).toMatchObject({ card: { last4: '0005' } }),
        },
        {
          op: 'update (change the card shown)',
          seed: EVERYTHING,
          run: (db) => update(ref(db, `billing/${OTHER_UID}/card`), { last4: '0000' }),
          allowed: NOBODY,
          target: `billing/${OTHER_UID}`,
        },
      ],
    },
    {
      path: 'customers (the Stripe customer of each buyer)',
      rows: [
        { op: 'read the list (get)', seed: EVERYTHING, run: (db) => get(ref(db, 'customers')), allowed: NOBODY },
        { op: "read the customer's (get)", seed: EVERYTHING, run: (db) => get(ref(db, `customers/${OWNER_UID}`)), allowed: NOBODY },
        {
          op: "query orderByChild('stripeCustomerId') (whose customer is this?)",
          seed: EVERYTHING,
          run: (db) => get(query(ref(db, 'customers'), orderByChild('stripeCustomerId'), equalTo('cus_test_a1'))),
          allowed: NOBODY,
        },
        {
          op: "update (point the customer at another buyer's Stripe customer)",
          seed: EVERYTHING,
          run: (db: Database) => update(ref(db, `customers/${OWNER_UID}`), { stripeCustomerId: 'cus_test_b2' }),
          allowed: NOBODY,
          target: 'customers',
        },
        {
          op: 'create (one for oneself)',
          seed: EVERYTHING,
          run: (db, actor) => set(ref(db, `customers/${staffActorUid(actor)}`), { stripeCustomerId: 'cus_test_c3', createdAt: 1 }),
          allowed: NOBODY,
          target: 'customers',
        },
        {
          op: 'delete (remove the list)',
          seed: EVERYTHING,
          run: (db) => remove(ref(db, 'customers')),
          allowed: NOBODY,
          target: 'customers',
        },
      ],
    },
  ],
  STAFF_CAST,
);
