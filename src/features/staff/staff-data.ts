/** Live reads of the console over src/firebase: the submissions, the orders, a customer's profile
 *  and card. The rules let a staff token read these (docs/decisions/0108-staff-console.md); every
 *  change goes through the `staff` function instead (staff-api.ts). */
import type { Database, Query } from 'firebase/database';
import { billingPath, toCardSummary, type CardSummary } from '@/data/billing';
import { LIST_PAGE_LIMIT } from '@/data/list-index';
import { ORDER_BUYER_FIELD, ORDERS_PATH, type StoredOrder } from '@/data/orders';
import { STAFF_COUNTERS_PATH, type StaffCounters } from '@/data/staff';
import { toProfile, userPath, type Profile, type StoredUser } from '@/data/users';
import { type DatabaseSdk, getDatabaseWithSdk } from '@/firebase/clients';
import type { Watch } from '@/firebase/use-live-value';
import {
  toContactInquiries,
  toPreorders,
  toStaffOrders,
  toWaitlistEntries,
  type ContactInquiry,
  type Preorder,
  type StaffOrder,
  type WaitlistEntry,
} from './staff-records';

function watchQuery<T>(target: (sdk: DatabaseSdk, db: Database) => Query, parse: (value: unknown) => T): Watch<T> {
  return async (onChange, onError) => {
    const [db, sdk] = await getDatabaseWithSdk();
    return sdk.onValue(target(sdk, db), (snapshot) => onChange(parse(snapshot.val())), onError);
  };
}

const list = (value: unknown) => (value ?? null) as Record<string, unknown> | null;
const orders = (value: unknown) => (value ?? null) as Record<string, StoredOrder> | null;

export const watchContactInquiries: Watch<ContactInquiry[]> = watchQuery(
  (sdk, db) => sdk.ref(db, 'submissions/contact'),
  (value) => toContactInquiries(list(value)),
);

export const watchWaitlist: Watch<WaitlistEntry[]> = watchQuery(
  (sdk, db) => sdk.ref(db, 'submissions/waitlist'),
  (value) => toWaitlistEntries(list(value)),
);

export const watchPreorders: Watch<Preorder[]> = watchQuery(
  (sdk, db) => sdk.ref(db, 'submissions/preorder'),
  (value) => toPreorders(list(value)),
);

export const watchAllOrders: Watch<StaffOrder[]> = watchQuery(
  (sdk, db) => sdk.ref(db, ORDERS_PATH),
  (value) => toStaffOrders(orders(value)),
);

/** Orders that declared an application to trade in (indexed on applicationExist). */
export const watchTradeInOrders: Watch<StaffOrder[]> = watchQuery(
  (sdk, db) => sdk.query(sdk.ref(db, ORDERS_PATH), sdk.orderByChild('applicationExist'), sdk.equalTo(true)),
  (value) => toStaffOrders(orders(value)).filter((order) => order.applicationExist),
);

export function watchCustomerOrders(uid: string): Watch<StaffOrder[]> {
  return watchQuery(
    (sdk, db) =>
      sdk.query(sdk.ref(db, ORDERS_PATH), sdk.orderByChild(ORDER_BUYER_FIELD), sdk.equalTo(uid), sdk.limitToLast(LIST_PAGE_LIMIT)),
    (value) => toStaffOrders(orders(value)),
  );
}

/** The stored profile; null when the account never wrote one. */
export function watchCustomerProfile(uid: string): Watch<Profile | null> {
  return watchQuery(
    (sdk, db) => sdk.ref(db, userPath(uid)),
    (value) => (value === null || value === undefined ? null : toProfile(value as StoredUser)),
  );
}

/** billing/{uid}: the card summary the webhook keeps (the card itself stays with Stripe). */
export function watchCustomerCard(uid: string): Watch<CardSummary | null> {
  return watchQuery((sdk, db) => sdk.ref(db, billingPath(uid)), toCardSummary);
}

/** How many submissions of a kind are in one state, as the staffCounters trigger keeps it
 *  (docs/decisions/0112-staff-counters-by-trigger.md); 0 until the trigger has counted the kind. */
export function watchSubmissionCount<K extends keyof StaffCounters>(kind: K, status: keyof StaffCounters[K] & string): Watch<number> {
  return watchQuery(
    (sdk, db) => sdk.ref(db, `${STAFF_COUNTERS_PATH}/${kind}/${status}`),
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0),
  );
}
