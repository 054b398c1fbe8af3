// Access matrix of what subscriptions added: the subscription fields of an order (readable by its
// buyer, written only by the functions), the guest-order lookup by email (functions only),
// customers/ (the Stripe Customer of each buyer: closed to every browser, its owner included) and
// billing/ (the card on file: read by its owner only, written by nobody from a browser).
import { expect } from 'vitest';
import { equalTo, get, orderByChild, query, ref, remove, set, update, type Database } from 'firebase/database';
import { OTHER_UID, OWNER_UID, accountEmail, validOrder } from './rules.testing';
import { accessMatrix, valueOf } from './matrix.testing';

const NOBODY = [] as const;
const OWNER_ONLY = ['owner'] as const;
const ORDER = 'order-subscribed';
const GUEST_ORDER = 'order-of-guest';

/** An order as stripeWebhook leaves it after the first monthly payment. */
function subscribedOrder(orderId: string, buyer: string | null): Record<string, unknown> {
  return {
    ...validOrder(orderId, buyer),
    payment_status: 'paid',
    billingPeriod: 'monthly',
    amountPerPeriod: 830_000,
    termPayments: 12,
    subscriptionId: 'sub_test_a1',
    customerId: 'cus_test_a1',
    customerEmail: buyer ? accountEmail(buyer) : 'guest@example.com',
    subscriptionStatus: 'active',
    paymentsMade: 1,
    currentPeriodEnd: 1_797_600_000_000,
    termEndsAt: 1_826_500_000_000,
    subscriptionFetchedAt: 1_795_000_100_000,
  };
}

const ORDERS = {
  [`all_orders/${ORDER}`]: subscribedOrder(ORDER, OWNER_UID),
  [`all_orders/${GUEST_ORDER}`]: subscribedOrder(GUEST_ORDER, null),
};
const CUSTOMER = { stripeCustomerId: 'cus_test_a1', createdAt: 1_795_000_000_000 };
const CARD = { card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, cardFetchedAt: 1_795_000_100_000 };
const SEEDED = {
  ...ORDERS,
  [`customers/${OWNER_UID}`]: CUSTOMER,
  [`customers/${OTHER_UID}`]: { ...CUSTOMER, stripeCustomerId: 'cus_test_b2' },
  [`billing/${OWNER_UID}`]: CARD,
};
const byEmail = (email: string) => (db: Database) => get(query(ref(db, 'all_orders'), orderByChild('customerEmail'), equalTo(email)));

accessMatrix('billing-access', [
  {
    path: 'all_orders/{order} with its subscription',
    rows: [
      {
        op: "query orderByChild('buyer').equalTo(owner uid) returns the subscription fields",
        seed: SEEDED,
        run: (db) => get(query(ref(db, 'all_orders'), orderByChild('buyer'), equalTo(OWNER_UID))),
        allowed: OWNER_ONLY,
        result: (snap) => expect(valueOf(snap)).toEqual({ [ORDER]: subscribedOrder(ORDER, OWNER_UID) }),
      },
      {
        op: 'update (the buyer marks more payments made)',
        seed: SEEDED,
        run: (db) => update(ref(db, `all_orders/${ORDER}`), { paymentsMade: 12 }),
        allowed: NOBODY,
        target: `all_orders/${ORDER}`,
      },
      {
        op: 'update (the buyer clears a cancellation or changes the status)',
        seed: SEEDED,
        run: (db) => update(ref(db, `all_orders/${ORDER}`), { subscriptionStatus: 'active', cancelAt: null }),
        allowed: NOBODY,
        target: `all_orders/${ORDER}`,
      },
      {
        op: 'update (claim a guest order by setting buyer)',
        seed: SEEDED,
        run: (db) => set(ref(db, `all_orders/${GUEST_ORDER}/buyer`), OWNER_UID),
        allowed: NOBODY,
        target: `all_orders/${GUEST_ORDER}`,
      },
    ],
  },
  {
    path: "all_orders (the guests' lookup by email)",
    rows: [
      {
        op: "query orderByChild('customerEmail').equalTo(a guest's email)",
        seed: SEEDED,
        run: byEmail('guest@example.com'),
        allowed: NOBODY,
      },
      {
        op: "query orderByChild('customerEmail').equalTo(own email)",
        seed: SEEDED,
        run: byEmail(accountEmail(OWNER_UID)),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'customers/{owner uid}',
    rows: [
      { op: 'read (get)', seed: SEEDED, run: (db) => get(ref(db, `customers/${OWNER_UID}`)), allowed: NOBODY },
      { op: 'read the list (get)', seed: SEEDED, run: (db) => get(ref(db, 'customers')), allowed: NOBODY },
      {
        op: "query orderByChild('stripeCustomerId') (whose customer is this?)",
        seed: SEEDED,
        run: (db) => get(query(ref(db, 'customers'), orderByChild('stripeCustomerId'), equalTo('cus_test_a1'))),
        allowed: NOBODY,
      },
      {
        op: 'create (name a customer of their choosing)',
        run: (db) => set(ref(db, `customers/${OWNER_UID}`), { stripeCustomerId: 'cus_test_b2', createdAt: 1 }),
        allowed: NOBODY,
        target: `customers/${OWNER_UID}`,
      },
      {
        op: "update (point to another buyer's customer)",
        seed: SEEDED,
        run: (db) => update(ref(db, `customers/${OWNER_UID}`), { stripeCustomerId: 'cus_test_b2' }),
        allowed: NOBODY,
        target: `customers/${OWNER_UID}`,
      },
      {
        op: 'delete (remove)',
        seed: SEEDED,
        run: (db) => remove(ref(db, `customers/${OWNER_UID}`)),
        allowed: NOBODY,
        target: `customers/${OWNER_UID}`,
      },
    ],
  },
  {
    path: 'billing/{owner uid}',
    rows: [
      {
        op: 'read (get)',
        seed: SEEDED,
        run: (db) => get(ref(db, `billing/${OWNER_UID}`)),
        allowed: OWNER_ONLY,
        result: (snap) => expect(valueOf(snap)).toEqual(CARD),
      },
      { op: 'read the list (get)', seed: SEEDED, run: (db) => get(ref(db, 'billing')), allowed: NOBODY },
      {
        op: 'update (change the card shown)',
        seed: SEEDED,
        run: (db) => update(ref(db, `billing/${OWNER_UID}/card`), { last4: '0000' }),
        allowed: NOBODY,
        target: `billing/${OWNER_UID}`,
      },
      {
        op: 'create (for oneself, before any purchase)',
        run: (db) => set(ref(db, `billing/${OWNER_UID}`), CARD),
        allowed: NOBODY,
        target: `billing/${OWNER_UID}`,
      },
      {
        op: 'delete (remove)',
        seed: SEEDED,
        run: (db) => remove(ref(db, `billing/${OWNER_UID}`)),
        allowed: NOBODY,
        target: `billing/${OWNER_UID}`,
      },
    ],
  },
]);
