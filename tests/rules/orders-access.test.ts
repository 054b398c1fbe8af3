// Access matrix of all_orders/: never writable from the browser; the list is readable only through
// orderByChild('buyer').equalTo(<own uid>); one order is readable by its buyer. stripe_events/ (the
// webhook's bookkeeping) is closed to every browser.
import { expect } from 'vitest';
import { equalTo, get, orderByChild, orderByKey, push, query, ref, set, startAt } from 'firebase/database';
import { OTHER_UID, OWNER_UID, validOrder, type Actor } from './rules.testing';
import { accessMatrix, rowsOn, listenOnce, valueOf } from './matrix.testing';

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
const byBuyer = (uid: string) => [orderByChild('buyer'), equalTo(uid)];

const withOrders = rowsOn(ORDERS);
const empty = rowsOn();

accessMatrix('orders-access', [
  {
    path: 'all_orders (the list)',
    rows: [
      withOrders.get('read (get)', 'all_orders', NOBODY),
      withOrders.query("query orderByChild('buyer').equalTo(owner uid)", 'all_orders', byBuyer(OWNER_UID), ['owner'], (snap) =>
        expect(keysOf(snap)).toEqual([OWNER_ORDER]),
      ),
      withOrders.query(
        "query orderByChild('buyer').equalTo(another user's uid)",
        'all_orders',
        byBuyer(OTHER_UID),
        ['another user'],
        (snap) => expect(keysOf(snap)).toEqual([OTHER_ORDER]),
      ),
      withOrders.query("query orderByChild('buyer') without equalTo", 'all_orders', [orderByChild('buyer')], NOBODY),
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
      withOrders.listen('listen onValue(all_orders) (plain listen)', 'all_orders', NOBODY),
      {
        op: "listen onValue(orderByChild('buyer').equalTo(owner uid))",
        seed: ORDERS,
        run: (db) => listenOnce(query(ref(db, 'all_orders'), ...byBuyer(OWNER_UID))),
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
      withOrders.update(
        "update (payment_status of the owner's order → paid)",
        `all_orders/${OWNER_ORDER}`,
        { payment_status: 'paid' },
        NOBODY,
        { target: 'all_orders' },
      ),
      withOrders.remove('delete (remove the list)', 'all_orders', NOBODY),
    ],
  },
  {
    path: "all_orders/{owner's order}",
    rows: [
      withOrders.get('read (get)', `all_orders/${OWNER_ORDER}`, ['owner'], (snap) =>
        expect(valueOf(snap)).toEqual(validOrder(OWNER_ORDER, OWNER_UID)),
      ),
      withOrders.query('query (orderByKey)', `all_orders/${OWNER_ORDER}`, [orderByKey()], ['owner']),
      empty.set('create (set the order, buyer = owner)', `all_orders/${OWNER_ORDER}`, validOrder(OWNER_ORDER, OWNER_UID), NOBODY),
      withOrders.set('update (set payment_status → paid)', `all_orders/${OWNER_ORDER}/payment_status`, 'paid', NOBODY, {
        target: `all_orders/${OWNER_ORDER}`,
      }),
      withOrders.remove('delete (remove the order)', `all_orders/${OWNER_ORDER}`, NOBODY),
    ],
  },
  {
    path: 'all_orders/{guest order without buyer}',
    rows: [
      withOrders.get('read (get)', `all_orders/${GUEST_ORDER}`, NOBODY),
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
      empty.set(
        'create (mark an event processed)',
        'stripe_events/evt_test_2',
        { type: 'checkout.session.expired', orderId: OWNER_ORDER },
        NOBODY,
        { target: 'stripe_events' },
      ),
    ],
  },
]);
