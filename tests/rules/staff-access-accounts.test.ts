// Staff matrix of the customers' accounts (docs/decisions/0108-staff-console.md): staff read any one
// profile and card summary, never the list (the console's customer list is customer_index, read a
// page at a time: staff-paging.test.ts); a customer still reads and edits only their own
// profile and reads only their own card; nobody — staff above all — writes a profile that is not
// theirs, a card summary or a Stripe customer. customers/ stays closed to every browser.
import { expect } from 'vitest';
import { equalTo, orderByChild, orderByKey, ref, set } from 'firebase/database';
import { BY_STRIPE_CUSTOMER, OTHER_UID, OWNER_UID, accountEmail, fullUser } from './rules.testing';
import { accessMatrix, rowsOn, valueOf } from './matrix.testing';
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

const CUSTOMER = `users/${OWNER_UID}`;
const OTHER = `users/${OTHER_UID}`;

/** Rows on the database that holds something at every node, and on an empty one (a create). */
const withEverything = rowsOn<StaffActor>(EVERYTHING);
const empty = rowsOn<StaffActor>();

accessMatrix<StaffActor>(
  'staff-access-accounts',
  [
    {
      path: 'users (the list)',
      rows: [
        withEverything.get('read (get)', 'users', NOBODY),
        withEverything.query(
          "query orderByChild('email').equalTo(the customer's email) (find a customer)",
          'users',
          [orderByChild('email'), equalTo(accountEmail(OWNER_UID))],
          NOBODY,
        ),
        withEverything.listen('listen onValue(users)', 'users', NOBODY),
        withEverything.update(
          'update (two profiles at once through the list)',
          'users',
          { [`${OWNER_UID}/address`]: '9 New Street', [`${OTHER_UID}/address`]: '9 New Street' },
          NOBODY,
        ),
        withEverything.set(
          'create (a profile for a new uid through the list)',
          'users/new-uid',
          { ...fullUser(true), email: accountEmail('new-uid') },
          NOBODY,
          { target: 'users' },
        ),
        withEverything.remove('delete (remove the list)', 'users', NOBODY),
      ],
    },
    {
      path: "users/{the customer's uid}",
      rows: [
        withEverything.get('read (get)', CUSTOMER, STAFF_AND_CUSTOMER, (snap) => expect(valueOf(snap)).toEqual(fullUser(true))),
        withEverything.query('query (orderByKey)', CUSTOMER, [orderByKey()], STAFF_AND_CUSTOMER),
        // The owner's own rule is unchanged; staff gain nothing to write.
        withEverything.update('update (the address)', CUSTOMER, { address: '9 New Street' }, CUSTOMER_ONLY, {
          after: (value) => expect(value).toEqual({ ...fullUser(true), address: '9 New Street' }),
        }),
        withEverything.set(
          'update (emailVerified → false, the flag of someone else’s account)',
          `${CUSTOMER}/emailVerified`,
          false,
          NOBODY,
          { target: CUSTOMER },
        ),
        empty.set('create (set the record anew)', CUSTOMER, fullUser(true), CUSTOMER_ONLY),
        withEverything.remove('delete (remove the record)', CUSTOMER, NOBODY),
      ],
    },
    {
      path: "users/{another customer's uid}",
      rows: [
        withEverything.get('read (get)', OTHER, STAFF, (snap) => expect(valueOf(snap)).toMatchObject({ email: accountEmail(OTHER_UID) })),
        withEverything.update('update (the address)', OTHER, { address: '9 New Street' }, NOBODY),
        withEverything.remove('delete (remove the record)', OTHER, NOBODY),
      ],
    },
    {
      path: 'billing (the list)',
      rows: [
        withEverything.get('read (get)', 'billing', NOBODY),
        withEverything.query('query (orderByKey)', 'billing', [orderByKey()], NOBODY),
        {
          op: 'create (a card summary for oneself)',
          seed: EVERYTHING,
          run: (db, actor) => set(ref(db, `billing/${staffActorUid(actor)}`), CARD),
          allowed: NOBODY,
          target: 'billing',
        },
        withEverything.remove('delete (remove the list)', 'billing', NOBODY),
      ],
    },
    {
      path: "billing/{the customer's uid}",
      rows: [
        withEverything.get('read (get)', `billing/${OWNER_UID}`, STAFF_AND_CUSTOMER, (snap) => expect(valueOf(snap)).toEqual(CARD)),
        withEverything.update('update (change the card shown)', `billing/${OWNER_UID}/card`, { last4: '0000' }, NOBODY, {
          target: `billing/${OWNER_UID}`,
        }),
        withEverything.remove('delete (remove)', `billing/${OWNER_UID}`, NOBODY),
      ],
    },
    {
      path: "billing/{another customer's uid}",
      rows: [
        withEverything.get('read (get)', `billing/${OTHER_UID}`, STAFF, (snap) =>
          expect(valueOf(snap)).toMatchObject({ card: { last4: '0005' } }),
        ),
        withEverything.update('update (change the card shown)', `billing/${OTHER_UID}/card`, { last4: '0000' }, NOBODY, {
          target: `billing/${OTHER_UID}`,
        }),
      ],
    },
    {
      path: 'customers (the Stripe customer of each buyer)',
      rows: [
        withEverything.get('read the list (get)', 'customers', NOBODY),
        withEverything.get("read the customer's (get)", `customers/${OWNER_UID}`, NOBODY),
        withEverything.query("query orderByChild('stripeCustomerId') (whose customer is this?)", 'customers', BY_STRIPE_CUSTOMER, NOBODY),
        withEverything.update(
          "update (point the customer at another buyer's Stripe customer)",
          `customers/${OWNER_UID}`,
          { stripeCustomerId: 'cus_test_b2' },
          NOBODY,
          { target: 'customers' },
        ),
        {
          op: 'create (one for oneself)',
          seed: EVERYTHING,
          run: (db, actor) => set(ref(db, `customers/${staffActorUid(actor)}`), { stripeCustomerId: 'cus_test_c3', createdAt: 1 }),
          allowed: NOBODY,
          target: 'customers',
        },
        withEverything.remove('delete (remove the list)', 'customers', NOBODY),
      ],
    },
  ],
  STAFF_CAST,
);
