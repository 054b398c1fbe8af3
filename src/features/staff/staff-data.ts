/** Live reads of the console over src/firebase: the orders, a customer's profile and card, and the
 *  counters (the submissions are read a page at a time: lists/use-paged-list.ts). The rules let a staff token read these (docs/decisions/0108-staff-console.md); every
 *  change goes through the `staff` function instead (staff-api.ts). */
import type { Database, Query } from 'firebase/database';
import type { WaitlistProgramme } from '@/config/waitlist-programmes';
import { billingPath, toCardSummary, type CardSummary } from '@/data/billing';
import { LIST_PAGE_LIMIT } from '@/data/list-index';
import { ORDER_BUYER_FIELD, ORDERS_PATH, type StoredOrder } from '@/data/orders';
import {
  STAFF_COUNTERS_PATH,
  STAFF_FIGURE_FIELDS,
  STAFF_FIGURES_PATH,
  STAFF_GROUP_COUNTERS_PATH,
  type StaffCounters,
  type StaffFigures,
} from '@/data/staff';
import { toProfile, userPath, type Profile, type StoredUser } from '@/data/users';
import { type DatabaseSdk, getDatabaseWithSdk } from '@/firebase/clients';
import type { Watch } from '@/firebase/use-live-value';
import { CUSTOMER_COUNT_PATH } from './people-lists';
import { toStaffOrders, type StaffOrder } from './staff-records';

function watchQuery<T>(target: (sdk: DatabaseSdk, db: Database) => Query, parse: (value: unknown) => T): Watch<T> {
  return async (onChange, onError) => {
    const [db, sdk] = await getDatabaseWithSdk();
    return sdk.onValue(target(sdk, db), (snapshot) => onChange(parse(snapshot.val())), onError);
  };
}

const orders = (value: unknown) => (value ?? null) as Record<string, StoredOrder> | null;

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

/** staff_figures/customers, or null until its trigger has counted (the list then shows its range
 *  without "of N"). */
export const watchCustomerCount: Watch<number | null> = watchQuery(
  (sdk, db) => sdk.ref(db, CUSTOMER_COUNT_PATH),
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null),
);

/** A count as stored; anything else (not kept yet, or below 0 for the moment between two events
 *  delivered out of order) reads 0. */
const countOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/** How many submissions of a kind are in one state, as the staffCounters trigger keeps it
 *  (docs/decisions/0112-staff-counters-by-trigger.md); 0 until the trigger has counted the kind. */
export function watchSubmissionCount<K extends keyof StaffCounters>(kind: K, status: keyof StaffCounters[K] & string): Watch<number> {
  return watchQuery((sdk, db) => sdk.ref(db, `${STAFF_COUNTERS_PATH}/${kind}/${status}`), countOf);
}

/** staff_figures as the staffPlanFigures and staffCustomerCount triggers keep them
 *  (docs/decisions/0112-staff-counters-by-trigger.md): three numbers, whatever the number of orders.
 *  A figure not kept yet reads 0, as a count does. */
export const watchStaffFigures: Watch<StaffFigures> = watchStatusCounts(STAFF_FIGURES_PATH, STAFF_FIGURE_FIELDS);

/** The counters of one list, a state each: staff_counters/<kind> for the inbox and the pre-orders,
 *  staff_group_counters/<programme> for a waitlist (one node of a few numbers, never the list). */
export function watchStatusCounts<S extends string>(path: string, statuses: readonly S[]): Watch<Record<S, number>> {
  return watchQuery(
    (sdk, db) => sdk.ref(db, path),
    (value) => {
      const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      return Object.fromEntries(statuses.map((status) => [status, countOf(stored[status])])) as Record<S, number>;
    },
  );
}

/** staff_group_counters/<programme>: a waitlist's counts by state, kept beside staff_counters by the
 *  same trigger (functions/src/jobs/staff-counters.ts), since the two waitlists share one node. */
export const waitlistCountsPath = (programme: WaitlistProgramme): string => `${STAFF_GROUP_COUNTERS_PATH}/${programme}`;
