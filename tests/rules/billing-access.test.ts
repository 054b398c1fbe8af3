// Access matrix of what subscriptions added: the subscription fields of an order (readable by its
// buyer, written only by the functions), the guest-order lookup by email (functions only),
// customers/ (the Stripe Customer of each buyer: closed to every browser, its owner included) and
// billing/ (the card on file: read by its owner only, written by nobody from a browser).
import { expect } from 'vitest';
import { equalTo, get, orderByChild, query, ref, type Database } from 'firebase/database';
import { BY_STRIPE_CUSTOMER, OTHER_UID, OWNER_UID, accountEmail, validOrder } from './rules.testing';
import { accessMatrix, rowsOn, valueOf } from './matrix.testing';

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

const seeded = rowsOn(SEEDED);
const empty = rowsOn();

accessMatrix('billing-access', [
  {
    path: 'all_orders/{order} with its subscription',
    rows: [
      seeded.query(
        "query orderByChild('buyer').equalTo(owner uid) returns the subscription fields",
        'all_orders',
        [orderByChild('buyer'), equalTo(OWNER_UID)],
        OWNER_ONLY,
        (snap) => expect(valueOf(snap)).toEqual({ [ORDER]: subscribedOrder(ORDER, OWNER_UID) }),
      ),
      seeded.update('update (the buyer marks more payments made)', `all_orders/${ORDER}`, { paymentsMade: 12 }, NOBODY),
      seeded.update(
        'update (the buyer clears a cancellation or changes the status)',
        `all_orders/${ORDER}`,
        { subscriptionStatus: 'active', cancelAt: null },
        NOBODY,
      ),
      seeded.set('update (claim a guest order by setting buyer)', `all_orders/${GUEST_ORDER}/buyer`, OWNER_UID, NOBODY, {
        target: `all_orders/${GUEST_ORDER}`,
      }),
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
      seeded.get('read (get)', `customers/${OWNER_UID}`, NOBODY),
      seeded.get('read the list (get)', 'customers', NOBODY),
      seeded.query("query orderByChild('stripeCustomerId') (whose customer is this?)", 'customers', BY_STRIPE_CUSTOMER, NOBODY),
      empty.set(
        'create (name a customer of their choosing)',
        `customers/${OWNER_UID}`,
        { stripeCustomerId: 'cus_test_b2', createdAt: 1 },
        NOBODY,
      ),
      seeded.update("update (point to another buyer's customer)", `customers/${OWNER_UID}`, { stripeCustomerId: 'cus_test_b2' }, NOBODY),
      seeded.remove('delete (remove)', `customers/${OWNER_UID}`, NOBODY),
    ],
  },
  {
    path: 'billing/{owner uid}',
    rows: [
      seeded.get('read (get)', `billing/${OWNER_UID}`, OWNER_ONLY, (snap) => expect(valueOf(snap)).toEqual(CARD)),
      seeded.get('read the list (get)', 'billing', NOBODY),
      seeded.update('update (change the card shown)', `billing/${OWNER_UID}/card`, { last4: '0000' }, NOBODY, {
        target: `billing/${OWNER_UID}`,
      }),
      empty.set('create (for oneself, before any purchase)', `billing/${OWNER_UID}`, CARD, NOBODY),
      seeded.remove('delete (remove)', `billing/${OWNER_UID}`, NOBODY),
    ],
  },
]);
