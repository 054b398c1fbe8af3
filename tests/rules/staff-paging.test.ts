// The console's lists are read a page at a time (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page):
// staff may read a list only as a query that asks for at most LIST_PAGE_LIMIT records with
// limitToFirst or limitToLast. A plain read or listen of the whole node, a query without a limit
// and one over the limit are refused to everyone, staff included, so no client (ours, or a script
// holding a staff token) can pull a list of a million records at once. A limited query is refused
// to everyone who is not staff now: customers, visitors, forged roles, former staff.
// users and billing are never listed, staff reading one account's profile and card at a time.
import { expect } from 'vitest';
import { equalTo, limitToFirst, limitToLast, orderByChild, orderByKey, query, ref, type QueryConstraint } from 'firebase/database';
import { CUSTOMER_INDEX_PATH, LIST_PAGE_LIMIT, LIST_PAGE_SIZE, type CustomerIndexEntry } from '../../src/data/list-index';
import { accessMatrix, listenOnce, rowsOn, valueOf, type MatrixPath, type MatrixRow } from './matrix.testing';
import { OTHER_UID, OWNER_UID } from './rules.testing';
import {
  ADMIN_ONLY,
  AUDIT_ID,
  CONTACT_ID,
  CUSTOMER_ORDER,
  EVERYTHING,
  GUEST_ORDER,
  NOBODY,
  OTHER_ORDER,
  PREORDER_ID,
  STAFF,
  STAFF_CAST,
  WAITLIST_ID,
  type StaffActor,
} from './staff-cast.testing';

const keysOf = (snap: unknown) => Object.keys((valueOf(snap) as object | null) ?? {});

const line = (name: string, at: number): CustomerIndexEntry => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  at,
  e: `${name.toLowerCase()}@example.com`,
  n: name.toLowerCase(),
});
const CUSTOMER_LINES = {
  [`${CUSTOMER_INDEX_PATH}/${OWNER_UID}`]: line('Alice', 1_795_000_000_000),
  [`${CUSTOMER_INDEX_PATH}/${OTHER_UID}`]: line('Bob', 1_795_000_100_000),
};

/** The rows every paged list has: the whole node refused three ways, a page over the limit refused,
 *  a page within it allowed to staff alone and holding the records asked for. */
function pagedRows(
  path: string,
  seed: Record<string, unknown>,
  by: QueryConstraint,
  keys: string[],
  allowed: readonly StaffActor[] = STAFF,
): MatrixRow<StaffActor>[] {
  const on = rowsOn<StaffActor>(seed);
  const page = (op: string, limit: QueryConstraint, allowed: readonly StaffActor[]): MatrixRow<StaffActor> =>
    on.query(op, path, [by, limit], allowed, (snap) => expect(keysOf(snap).sort()).toEqual([...keys].sort()));
  return [
    on.get('read the whole list (get)', path, NOBODY),
    on.listen('listen to the whole list (onValue)', path, NOBODY),
    on.query('query without a limit (every record in order)', path, [by], NOBODY),
    on.query(`query with limitToFirst(${LIST_PAGE_LIMIT + 1})`, path, [by, limitToFirst(LIST_PAGE_LIMIT + 1)], NOBODY),
    on.query(`query with limitToLast(${LIST_PAGE_LIMIT + 1})`, path, [by, limitToLast(LIST_PAGE_LIMIT + 1)], NOBODY),
    page(`a page: limitToLast(${LIST_PAGE_SIZE})`, limitToLast(LIST_PAGE_SIZE), allowed),
    page(`the largest page: limitToFirst(${LIST_PAGE_LIMIT})`, limitToFirst(LIST_PAGE_LIMIT), allowed),
    {
      op: `listen to a page: onValue(limitToLast(${LIST_PAGE_SIZE}))`,
      seed,
      run: (db) => listenOnce(query(ref(db, path), by, limitToLast(LIST_PAGE_SIZE))),
      allowed,
      result: (snap) => expect(keysOf(snap).sort()).toEqual([...keys].sort()),
    },
  ];
}

const withLines = { ...EVERYTHING, ...CUSTOMER_LINES };

const everything = rowsOn<StaffActor>(EVERYTHING);
const ALL_ORDERS = [CUSTOMER_ORDER, OTHER_ORDER, GUEST_ORDER];

const PATHS: MatrixPath<StaffActor>[] = [
  ...(
    [
      ['contact', CONTACT_ID, 'contact|answered'],
      ['waitlist', WAITLIST_ID, 'builder|new'],
      ['preorder', PREORDER_ID, 'preorder|approved'],
    ] as const
  ).map(([kind, id, gs]) => ({
    path: `submissions/${kind} (a list of the console)`,
    rows: [
      ...pagedRows(`submissions/${kind}`, EVERYTHING, orderByChild('gs'), [id]),
      // One state's page, as the lists filter: the whole range of a key, still within the limit.
      everything.query(
        `one state's page: orderByChild('gs').equalTo('${gs}').limitToLast(${LIST_PAGE_SIZE})`,
        `submissions/${kind}`,
        [orderByChild('gs'), equalTo(gs), limitToLast(LIST_PAGE_SIZE)],
        STAFF,
        (snap) => expect(keysOf(snap)).toEqual([id]),
      ),
      everything.query(
        `one state without a limit: orderByChild('gs').equalTo('${gs}')`,
        `submissions/${kind}`,
        [orderByChild('gs'), equalTo(gs)],
        NOBODY,
      ),
      everything.get('read one record (get)', `submissions/${kind}/${id}`, STAFF),
    ],
  })),
  {
    path: 'all_orders (the trade-ins and a customer’s orders)',
    rows: [
      ...pagedRows('all_orders', EVERYTHING, orderByKey(), ALL_ORDERS),
      everything.query(
        `a customer's orders: orderByChild('buyer').equalTo(uid).limitToLast(${LIST_PAGE_LIMIT})`,
        'all_orders',
        [orderByChild('buyer'), equalTo(OWNER_UID), limitToLast(LIST_PAGE_LIMIT)],
        // The customer asks for their own orders: the buyer's query needs no limit, and allows one.
        [...STAFF, 'customer'],
        (snap) => expect(keysOf(snap)).toEqual([CUSTOMER_ORDER]),
      ),
      everything.query(
        "a customer's orders without a limit: orderByChild('buyer').equalTo(uid)",
        'all_orders',
        [orderByChild('buyer'), equalTo(OWNER_UID)],
        ['customer'],
      ),
      everything.get('read one order (get)', `all_orders/${OTHER_ORDER}`, STAFF),
    ],
  },
  {
    path: 'staff_audit (the audit log, admins only)',
    rows: [
      ...pagedRows('staff_audit', EVERYTHING, orderByKey(), [AUDIT_ID], ADMIN_ONLY),
      everything.get('read one entry (get)', `staff_audit/${AUDIT_ID}`, ADMIN_ONLY),
      everything.query(
        `one action's page: orderByChild('action').equalTo('decidePreorder').limitToLast(${LIST_PAGE_SIZE})`,
        'staff_audit',
        [orderByChild('action'), equalTo('decidePreorder'), limitToLast(LIST_PAGE_SIZE)],
        ADMIN_ONLY,
        (snap) => expect(keysOf(snap)).toEqual([AUDIT_ID]),
      ),
    ],
  },
  {
    path: 'users and billing (one account at a time, never the list)',
    rows: [
      everything.get('read every profile (get users)', 'users', NOBODY),
      everything.listen('listen to every profile (onValue users)', 'users', NOBODY),
      everything.query(
        `a page of profiles: orderByKey().limitToFirst(${LIST_PAGE_SIZE})`,
        'users',
        [orderByKey(), limitToFirst(LIST_PAGE_SIZE)],
        NOBODY,
      ),
      everything.get('read one profile (get users/{uid})', `users/${OTHER_UID}`, STAFF),
      everything.get('read every card summary (get billing)', 'billing', NOBODY),
      everything.query(
        `a page of card summaries: orderByKey().limitToFirst(${LIST_PAGE_SIZE})`,
        'billing',
        [orderByKey(), limitToFirst(LIST_PAGE_SIZE)],
        NOBODY,
      ),
      everything.get('read one card summary (get billing/{uid})', `billing/${OTHER_UID}`, STAFF),
    ],
  },
  {
    path: 'customer_index (the customer list)',
    rows: [
      ...pagedRows(CUSTOMER_INDEX_PATH, withLines, orderByChild('at'), [OWNER_UID, OTHER_UID]),
      rowsOn<StaffActor>(withLines).get('read one line (get customer_index/{uid})', `${CUSTOMER_INDEX_PATH}/${OWNER_UID}`, NOBODY),
      rowsOn<StaffActor>(withLines).set(
        'write one’s own line (to be listed under another name)',
        `${CUSTOMER_INDEX_PATH}/${OWNER_UID}`,
        line('Mallory', 1),
        NOBODY,
      ),
      rowsOn<StaffActor>(withLines).remove('delete the list', CUSTOMER_INDEX_PATH, NOBODY),
    ],
  },
];

accessMatrix<StaffActor>('staff-paging', PATHS, STAFF_CAST);
