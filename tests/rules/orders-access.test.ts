// Access matrix of all_orders/: never writable from the browser; the list is readable only through
// orderByChild('buyer').equalTo(<own uid>); one order is readable by its buyer. stripe_events/ (the
// webhook's bookkeeping) is closed to every browser.
import { expect } from 'vitest';
import { equalTo, get, orderByChild, orderByKey, push, query, ref, remove, set, startAt, update, type Database } from 'firebase/database';
import { OTHER_UID, OWNER_UID, validOrder, type Actor } from './rules.testing';
import { accessMatrix, listenOnce, valueOf } from './matrix.testing';

const OWNER_ORDER = 'order-of-owner';
const OTHER_ORDER = 'order-of-other';
const GUEST_ORDER = 'order-of-guest';
const ORDERS = {
  [`all_orders/${OWNER_ORDER}`]: validOrder(OWNER_ORDER, OWNER_UID),
  [`all_orders/${OTHER_ORDER}`]: validOrder(OTHER_ORDER, OTHER_UID),
  [`all_orders/${GUEST_ORDER}`]: validOrder(GUEST_ORDER, null),
};
const NOBODY = [] as const;
const uidOf = (actor: Actor): string | null => (actor === 'owner' ? OWNER_UID : actor === 'another user' ? OTHER_UID : null);
const keysOf = (result: unknown) => Object.keys((valueOf(result) as object | null) ?? {});
const buyerQuery = (uid: string) => (db: Database) => query(ref(db, 'all_orders'), orderByChild('buyer'), equalTo(uid));

accessMatrix('orders-access', [
  {
    path: 'all_orders (the list)',
    rows: [
      {
        op: 'read (get)',
        seed: ORDERS,
        run: (db) => get(ref(db, 'all_orders')),
        allowed: NOBODY,
      },
      {
        op: "query orderByChild('buyer').equalTo(owner uid)",
        seed: ORDERS,
        run: (db) => get(buyerQuery(OWNER_UID)(db)),
        allowed: ['owner'],
        result: (snap) => expect(keysOf(snap)).toEqual([OWNER_ORDER]),
      },
      {
        op: "query orderByChild('buyer').equalTo(another user's uid)",
        seed: ORDERS,
        run: (db) => get(buyerQuery(OTHER_UID)(db)),
        allowed: ['another user'],
        result: (snap) => expect(keysOf(snap)).toEqual([OTHER_ORDER]),
      },
      {
        op: "query orderByChild('buyer') without equalTo",
        seed: ORDERS,
        run: (db) => get(query(ref(db, 'all_orders'), orderByChild('buyer'))),
        allowed: NOBODY,
      },
      {
        op: "query orderByChild('buyer').startAt(own uid) (a range, not equalTo)",
        seed: ORDERS,
        run: (db, actor) => get(query(ref(db, 'all_orders'), orderByChild('buyer'), startAt(uidOf(actor) ?? ''))),
        allowed: NOBODY,
      },
      {
        op: "query orderByChild('product').equalTo(own uid) (another child)",
        seed: ORDERS,
        run: (db, actor) => get(query(ref(db, 'all_orders'), orderByChild('product'), equalTo(uidOf(actor) ?? ''))),
        allowed: NOBODY,
      },
      {
        op: 'listen onValue(all_orders) (plain listen)',
        seed: ORDERS,
        run: (db) => listenOnce(ref(db, 'all_orders')),
        allowed: NOBODY,
      },
      {
        op: "listen onValue(orderByChild('buyer').equalTo(owner uid))",
        seed: ORDERS,
        run: (db) => listenOnce(buyerQuery(OWNER_UID)(db)),
        allowed: ['owner'],
        result: (snap) => expect(keysOf(snap)).toEqual([OWNER_ORDER]),
      },
      {
        op: 'create (push an order with buyer = own uid)',
        run: async (db, actor) => {
          const r = push(ref(db, 'all_orders'));
          await set(r, validOrder(r.key as string, uidOf(actor)));
        },
        allowed: NOBODY,
        target: 'all_orders',
      },
      {
        op: "update (payment_status of the owner's order → paid)",
        seed: ORDERS,
        run: (db) => update(ref(db, `all_orders/${OWNER_ORDER}`), { payment_status: 'paid' }),
        allowed: NOBODY,
        target: 'all_orders',
      },
      {
        op: 'delete (remove the list)',
        seed: ORDERS,
        run: (db) => remove(ref(db, 'all_orders')),
        allowed: NOBODY,
        target: 'all_orders',
      },
    ],
  },
  {
    path: "all_orders/{owner's order}",
    rows: [
      {
        op: 'read (get)',
        seed: ORDERS,
        run: (db) => get(ref(db, `all_orders/${OWNER_ORDER}`)),
        allowed: ['owner'],
        result: (snap) => expect(valueOf(snap)).toEqual(validOrder(OWNER_ORDER, OWNER_UID)),
      },
      {
        op: 'query (orderByKey)',
        seed: ORDERS,
        run: (db) => get(query(ref(db, `all_orders/${OWNER_ORDER}`), orderByKey())),
        allowed: ['owner'],
      },
      {
        op: 'create (set the order, buyer = owner)',
        run: (db) => set(ref(db, `all_orders/${OWNER_ORDER}`), validOrder(OWNER_ORDER, OWNER_UID)),
        allowed: NOBODY,
        target: `all_orders/${OWNER_ORDER}`,
      },
      {
        op: 'update (set payment_status → paid)',
        seed: ORDERS,
        run: (db) => set(ref(db, `all_orders/${OWNER_ORDER}/payment_status`), 'paid'),
        allowed: NOBODY,
        target: `all_orders/${OWNER_ORDER}`,
      },
      {
        op: 'delete (remove the order)',
        seed: ORDERS,
        run: (db) => remove(ref(db, `all_orders/${OWNER_ORDER}`)),
        allowed: NOBODY,
        target: `all_orders/${OWNER_ORDER}`,
      },
    ],
  },
  {
    path: 'all_orders/{guest order without buyer}',
    rows: [
      {
        op: 'read (get)',
        seed: ORDERS,
        run: (db) => get(ref(db, `all_orders/${GUEST_ORDER}`)),
        allowed: NOBODY,
      },
      {
        op: 'update (claim it: set buyer = own uid)',
        seed: ORDERS,
        run: (db, actor) => set(ref(db, `all_orders/${GUEST_ORDER}/buyer`), uidOf(actor) ?? 'nobody'),
        allowed: NOBODY,
        target: `all_orders/${GUEST_ORDER}`,
      },
    ],
  },
  {
    // The webhook's bookkeeping of processed Stripe events: admin-only, closed by the default.
    path: 'stripe_events/{eventId}',
    rows: [
      {
        op: 'read (get)',
        seed: {
          'stripe_events/evt_test_1': { type: 'checkout.session.completed', orderId: OWNER_ORDER, outcome: 'applied', status: 'paid' },
        },
        run: (db) => get(ref(db, 'stripe_events/evt_test_1')),
        allowed: NOBODY,
      },
      {
        op: 'create (mark an event processed)',
        run: (db) => set(ref(db, 'stripe_events/evt_test_2'), { type: 'checkout.session.expired', orderId: OWNER_ORDER }),
        allowed: NOBODY,
        target: 'stripe_events',
      },
    ],
  },
]);
