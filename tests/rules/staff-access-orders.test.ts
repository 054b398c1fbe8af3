// Staff matrix of the orders (docs/decisions/0108-staff-console.md): staff read all_orders a page at
// a time, with any query that asks for at most LIST_PAGE_LIMIT records, never the whole list
// (staff-paging.test.ts), and every order; a customer still reads only through the
// buyer query for their own uid, and only their own order; nobody writes an order from a browser —
// not its state, not a refund, dispute or trade-in credit, staff included. stripe_events/ (the
// webhook's bookkeeping) stays closed to every browser.
import { expect } from 'vitest';
import {
  equalTo,
  get,
  limitToLast,
  orderByChild,
  orderByKey,
  push,
  query,
  ref,
  remove,
  set,
  update,
  type Database,
} from 'firebase/database';
import { LIST_PAGE_LIMIT } from '../../src/data/list-index';
import { OTHER_UID, OWNER_UID, accountEmail, validOrder } from './rules.testing';
import { accessMatrix, rowsOn, listenOnce, valueOf } from './matrix.testing';
import {
  CUSTOMER_ONLY,
  CUSTOMER_ORDER,
  EVERYTHING,
  GUEST_ORDER,
  NOBODY,
  OTHER_ORDER,
  SIGNED_IN,
  STAFF,
  STAFF_AND_CUSTOMER,
  STAFF_CAST,
  staffActorUid,
  type StaffActor,
} from './staff-cast.testing';

const keysOf = (snap: unknown) => Object.keys((valueOf(snap) as object | null) ?? {}).sort();
const ALL = [CUSTOMER_ORDER, OTHER_ORDER, GUEST_ORDER].sort();
const orders = (db: Database) => ref(db, 'all_orders');
const byBuyer = (uid: string) => (db: Database) => query(orders(db), orderByChild('buyer'), equalTo(uid));

/** What a browser would like to write on an order: each must be refused, staff included. */
const ORDER_WRITES: { what: string; change: Record<string, unknown> }[] = [
  { what: 'payment_status → paid', change: { payment_status: 'paid' } },
  {
    what: 'a refund',
    change: {
      'refunds/ch_test_1': { amountRefunded: 830_000, chargeAmount: 830_000, chargedAt: 1_795_000_000_000, fetchedAt: 1_795_000_300_000 },
    },
  },
  {
    what: 'a dispute closed as won',
    change: { 'disputes/dp_test_1': { chargeId: 'ch_test_1', status: 'won', amount: 830_000, fetchedAt: 1_795_000_300_000 } },
  },
  {
    what: 'the trade-in credited',
    change: {
      tradeIn: { status: 'credited', amount: 50_000, balanceTransactionId: 'cbtxn_test_1', creditedAt: 1, creditedBy: 'staff-admin' },
    },
  },
  {
    what: 'the trade-in declined (or a declined one undone)',
    change: { tradeIn: { status: 'declined', amount: 0, declinedAt: 1, declinedBy: 'staff-admin' } },
  },
  { what: 'the buyer (claim it)', change: { buyer: 'staff-admin' } },
];

/** Rows on the database that holds something at every node. */
const withEverything = rowsOn<StaffActor>(EVERYTHING);

accessMatrix<StaffActor>(
  'staff-access-orders',
  [
    {
      path: 'all_orders (the list)',
      rows: [
        {
          op: 'read (get)',
          seed: EVERYTHING,
          run: (db) => get(orders(db)),
          allowed: NOBODY,
        },
        {
          op: 'listen onValue(all_orders) (the console, live)',
          seed: EVERYTHING,
          run: (db) => listenOnce(orders(db)),
          allowed: NOBODY,
        },
        {
          op: `listen to a page: onValue(orderByKey().limitToLast(${LIST_PAGE_LIMIT})) (the console, live)`,
          seed: EVERYTHING,
          run: (db) => listenOnce(query(orders(db), orderByKey(), limitToLast(LIST_PAGE_LIMIT))),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual(ALL),
        },
        {
          op: "query orderByChild('buyer').equalTo(the customer's uid)",
          seed: EVERYTHING,
          run: (db) => get(byBuyer(OWNER_UID)(db)),
          allowed: CUSTOMER_ONLY,
          result: (snap) => expect(keysOf(snap)).toEqual([CUSTOMER_ORDER]),
        },
        {
          op: `query orderByChild('buyer').equalTo(the customer's uid).limitToLast(${LIST_PAGE_LIMIT}) (the console's customer view)`,
          seed: EVERYTHING,
          run: (db) => get(query(byBuyer(OWNER_UID)(db), limitToLast(LIST_PAGE_LIMIT))),
          allowed: STAFF_AND_CUSTOMER,
          result: (snap) => expect(keysOf(snap)).toEqual([CUSTOMER_ORDER]),
        },
        {
          op: "query orderByChild('buyer').equalTo(another customer's uid)",
          seed: EVERYTHING,
          run: (db) => get(byBuyer(OTHER_UID)(db)),
          allowed: NOBODY,
        },
        {
          op: `query orderByChild('buyer').equalTo(another customer's uid).limitToLast(${LIST_PAGE_LIMIT})`,
          seed: EVERYTHING,
          run: (db) => get(query(byBuyer(OTHER_UID)(db), limitToLast(LIST_PAGE_LIMIT))),
          allowed: STAFF,
          result: (snap) => expect(keysOf(snap)).toEqual([OTHER_ORDER]),
        },
        {
          op: "query orderByChild('buyer').equalTo(own uid) (whoever asks)",
          seed: EVERYTHING,
          run: (db, actor) => get(byBuyer(staffActorUid(actor))(db)),
          allowed: SIGNED_IN,
        },
        {
          op: "query orderByChild('applicationExist').equalTo(true) (the trade-ins)",
          seed: EVERYTHING,
          run: (db) => get(query(orders(db), orderByChild('applicationExist'), equalTo(true))),
          allowed: NOBODY,
        },
        {
          op: `query orderByChild('tradeInState').equalTo('awaiting').limitToLast(${LIST_PAGE_LIMIT}) (a page of the trade-ins)`,
          seed: EVERYTHING,
          run: (db) => get(query(orders(db), orderByChild('tradeInState'), equalTo('awaiting'), limitToLast(LIST_PAGE_LIMIT))),
          allowed: STAFF,
        },
        {
          op: "query orderByChild('customerEmail').equalTo(an email) (a guest's orders)",
          seed: EVERYTHING,
          run: (db) => get(query(orders(db), orderByChild('customerEmail'), equalTo(accountEmail(OWNER_UID)))),
          allowed: NOBODY,
        },
        {
          op: `query orderByChild('customerEmail').equalTo(an email).limitToLast(${LIST_PAGE_LIMIT}) (a guest's orders)`,
          seed: EVERYTHING,
          run: (db) =>
            get(query(orders(db), orderByChild('customerEmail'), equalTo(accountEmail(OWNER_UID)), limitToLast(LIST_PAGE_LIMIT))),
          allowed: STAFF,
        },
        {
          op: 'create (push an order with buyer = own uid)',
          run: async (db, actor) => {
            const r = push(orders(db));
            await set(r, validOrder(r.key as string, staffActorUid(actor)));
          },
          allowed: NOBODY,
          target: 'all_orders',
        },
        {
          op: "update (the customer's order through the list)",
          seed: EVERYTHING,
          run: (db) => update(orders(db), { [`${CUSTOMER_ORDER}/payment_status`]: 'paid' }),
          allowed: NOBODY,
          target: 'all_orders',
        },
        { op: 'delete (remove the list)', seed: EVERYTHING, run: (db) => remove(orders(db)), allowed: NOBODY, target: 'all_orders' },
      ],
    },
    {
      path: "all_orders/{the customer's order}",
      rows: [
        withEverything.get('read (get)', `all_orders/${CUSTOMER_ORDER}`, STAFF_AND_CUSTOMER, (snap) =>
          expect(valueOf(snap)).toEqual(validOrder(CUSTOMER_ORDER, OWNER_UID)),
        ),
        withEverything.listen('listen (onValue)', `all_orders/${CUSTOMER_ORDER}`, STAFF_AND_CUSTOMER),
        ...ORDER_WRITES.map(({ what, change }) => ({
          op: `update (${what})`,
          seed: EVERYTHING,
          run: (db: Database) => update(ref(db, `all_orders/${CUSTOMER_ORDER}`), change),
          allowed: NOBODY,
          target: `all_orders/${CUSTOMER_ORDER}`,
        })),
        withEverything.remove('delete (remove the order)', `all_orders/${CUSTOMER_ORDER}`, NOBODY),
      ],
    },
    {
      path: "all_orders/{another customer's order}",
      rows: [
        withEverything.get('read (get)', `all_orders/${OTHER_ORDER}`, STAFF, (snap) =>
          expect(valueOf(snap)).toMatchObject({ buyer: OTHER_UID }),
        ),
        withEverything.query('query (orderByKey)', `all_orders/${OTHER_ORDER}`, [orderByKey()], STAFF),
        withEverything.set('update (payment_status → paid)', `all_orders/${OTHER_ORDER}/payment_status`, 'paid', NOBODY, {
          target: `all_orders/${OTHER_ORDER}`,
        }),
      ],
    },
    {
      path: 'all_orders/{a guest order without buyer}',
      rows: [
        withEverything.get('read (get)', `all_orders/${GUEST_ORDER}`, STAFF, (snap) =>
          expect(valueOf(snap)).toEqual(validOrder(GUEST_ORDER, null)),
        ),
        {
          op: 'update (claim it: buyer = own uid)',
          seed: EVERYTHING,
          run: (db, actor) => set(ref(db, `all_orders/${GUEST_ORDER}/buyer`), staffActorUid(actor)),
          allowed: NOBODY,
          target: `all_orders/${GUEST_ORDER}`,
        },
      ],
    },
    {
      path: 'stripe_events/{eventId}',
      rows: [
        withEverything.get('read (get)', 'stripe_events/evt_test_1', NOBODY),
        withEverything.get('read the list (get)', 'stripe_events', NOBODY),
        withEverything.set(
          'create (mark an event processed, so the webhook skips it)',
          'stripe_events/evt_test_2',
          { type: 'charge.refunded', orderId: CUSTOMER_ORDER },
          NOBODY,
          { target: 'stripe_events' },
        ),
        withEverything.remove('delete (remove)', 'stripe_events/evt_test_1', NOBODY, { target: 'stripe_events' }),
      ],
    },
  ],
  STAFF_CAST,
);
