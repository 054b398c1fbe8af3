// The cast of the staff matrix (docs/decisions/0108-staff-console.md): the two staff roles, a
// customer (alice, whose data sits beside another customer's, bob's), a visitor the forms signed in
// anonymously, nobody signed in at all, signed-in accounts whose `role` claim is forged or merely
// close to a staff role, and former insiders whose ID token still says a role the server no longer
// records (removed, or changed to another). And one database holding something at every node, so
// each cell reads or writes real data.
import type { Database } from 'firebase/database';
import { STAFF_ROLES, STAFF_ROLES_PATH, type StaffAuditEntry, type SpacePassRecord, type StaffRole } from '../../src/data/staff';
import {
  OTHER_UID,
  OWNER_UID,
  VISITOR_UID,
  accountEmail,
  fullUser,
  storedSubmission,
  validOrder,
  type RulesHarness,
} from './rules.testing';
import type { MatrixCast } from './matrix.testing';

/** Claims that look like a role but are not one of STAFF_ROLES: each must be treated as no role. */
export const FORGED_ROLES = {
  "role 'owner'": 'owner',
  "role 'Admin'": 'Admin',
  "role 'admin ' (trailing space)": 'admin ',
  'role true': true,
  "role ['admin']": ['admin'],
} as const;
type Forged = keyof typeof FORGED_ROLES;

/** Tokens that still say a staff role, beside a staff_roles record that no longer does: the role
 *  the token carries and what the server's record says now (null: removed, or the account deleted). */
export const FORMER_STAFF = {
  'former admin (record removed)': { uid: 'former-admin', token: 'admin', record: null },
  'former support (record removed)': { uid: 'former-support', token: 'support', record: null },
  'admin token, record says support': { uid: 'demoted-admin', token: 'admin', record: 'support' },
} as const satisfies Record<string, { uid: string; token: StaffRole; record: StaffRole | null }>;
type Former = keyof typeof FORMER_STAFF;

export type StaffActor = 'admin' | 'support' | 'customer' | 'visitor' | 'no auth' | Forged | Former;

export const STAFF_ACTORS: readonly StaffActor[] = [
  'admin',
  'support',
  'customer',
  'visitor',
  'no auth',
  ...(Object.keys(FORGED_ROLES) as Forged[]),
  ...(Object.keys(FORMER_STAFF) as Former[]),
];

const isFormer = (actor: StaffActor): actor is Former => Object.hasOwn(FORMER_STAFF, actor);

/** Who each actor is signed in as ('no auth' has no uid; its writes name one all the same). */
export function staffActorUid(actor: StaffActor): string {
  switch (actor) {
    case 'admin':
      return 'staff-admin';
    case 'support':
      return 'staff-support';
    case 'customer':
      return OWNER_UID;
    case 'visitor':
      return VISITOR_UID;
    case 'no auth':
      return 'signed-out';
    default:
      return isFormer(actor) ? FORMER_STAFF[actor].uid : `forger-${STAFF_ACTORS.indexOf(actor)}`;
  }
}

function databaseOf(h: RulesHarness, actor: StaffActor): Database {
  const uid = staffActorUid(actor);
  const account = { email: accountEmail(uid), email_verified: true };
  switch (actor) {
    case 'admin':
    case 'support':
      return h.user(uid, { ...account, role: actor });
    case 'customer':
      return h.user(uid, account);
    case 'visitor':
      return h.visitor(uid);
    case 'no auth':
      return h.as('signed out');
    default:
      return h.user(uid, { ...account, role: isFormer(actor) ? FORMER_STAFF[actor].token : FORGED_ROLES[actor] });
  }
}

export const STAFF_CAST: MatrixCast<StaffActor> = { actors: STAFF_ACTORS, as: databaseOf };

// The allowed-actor lists of the rows.
export const STAFF: readonly StaffActor[] = STAFF_ROLES;
export const ADMIN_ONLY: readonly StaffActor[] = ['admin'];
export const STAFF_AND_CUSTOMER: readonly StaffActor[] = [...STAFF_ROLES, 'customer'];
export const CUSTOMER_ONLY: readonly StaffActor[] = ['customer'];
export const NOBODY: readonly StaffActor[] = [];
/** Everyone with an Auth user, however odd its claims: the public forms accept them all. */
export const SIGNED_IN: readonly StaffActor[] = STAFF_ACTORS.filter((actor) => actor !== 'no auth');

// ---------------------------------------------------------------------------------------------
// The database every cell starts from
// ---------------------------------------------------------------------------------------------

export const CUSTOMER_ORDER = 'order-of-customer';
export const OTHER_ORDER = 'order-of-other';
export const GUEST_ORDER = 'order-of-guest';
export const CONTACT_ID = 'contact-1';
export const WAITLIST_ID = 'waitlist-1';
export const PREORDER_ID = 'preorder-1';
export const PASS_CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const AUDIT_ID = 'audit-1';

export const CARD = { card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, cardFetchedAt: 1_795_000_100_000 };
export const AUDIT_ENTRY: StaffAuditEntry = {
  actorUid: 'staff-admin',
  actorEmail: accountEmail('staff-admin'),
  role: 'admin',
  action: 'decidePreorder',
  target: `submissions/preorder/${PREORDER_ID}`,
  at: 1_795_000_200_000,
  detail: 'approve',
};
export const PASS: SpacePassRecord = { name: 'Ada Lovelace', preorderId: PREORDER_ID, issuedAt: 1_795_000_200_000 };

/** A pre-order as the staff function leaves it once approved. */
export const APPROVED_PREORDER = {
  ...storedSubmission('preorder', { status: 'approved' }),
  statusChangedAt: 1_795_000_200_000,
  statusChangedBy: 'staff-admin',
  pass: { code: PASS_CODE, issuedAt: 1_795_000_200_000, mailedAt: 1_795_000_201_000 },
};

/** An order that declared no application to trade in. */
function withoutTradeIn(order: Record<string, unknown>): Record<string, unknown> {
  const { modelExistsOn: _provider, ...rest } = order;
  return { ...rest, applicationExist: false };
}

/** staff_roles/{uid} as the server leaves it: the two staff members' roles, and the changed one's
 *  new role (the removed ones have none). */
export const STAFF_RECORDS: Record<string, StaffRole> = {
  [`${STAFF_ROLES_PATH}/${staffActorUid('admin')}`]: 'admin',
  [`${STAFF_ROLES_PATH}/${staffActorUid('support')}`]: 'support',
  ...Object.fromEntries(
    Object.values(FORMER_STAFF).flatMap(({ uid, record }) => (record === null ? [] : [[`${STAFF_ROLES_PATH}/${uid}`, record]])),
  ),
};

export const EVERYTHING: Record<string, unknown> = {
  ...STAFF_RECORDS,
  [`users/${OWNER_UID}`]: fullUser(true),
  [`users/${OTHER_UID}`]: { ...fullUser(true), email: accountEmail(OTHER_UID) },
  [`all_orders/${CUSTOMER_ORDER}`]: validOrder(CUSTOMER_ORDER, OWNER_UID),
  [`all_orders/${OTHER_ORDER}`]: withoutTradeIn(validOrder(OTHER_ORDER, OTHER_UID)),
  [`all_orders/${GUEST_ORDER}`]: validOrder(GUEST_ORDER, null),
  [`billing/${OWNER_UID}`]: CARD,
  [`billing/${OTHER_UID}`]: { ...CARD, card: { ...CARD.card, last4: '0005' } },
  [`customers/${OWNER_UID}`]: { stripeCustomerId: 'cus_test_a1', createdAt: 1_795_000_000_000 },
  [`customers/${OTHER_UID}`]: { stripeCustomerId: 'cus_test_b2', createdAt: 1_795_000_000_000 },
  [`submissions/contact/${CONTACT_ID}`]: storedSubmission('contact', { status: 'answered' }),
  [`submissions/waitlist/${WAITLIST_ID}`]: storedSubmission('waitlist', { programme: 'builder' }),
  [`submissions/preorder/${PREORDER_ID}`]: APPROVED_PREORDER,
  [`submission_quota/${OWNER_UID}/contact`]: { count: 1, windowStart: 1_795_000_000_000, lastId: 'earlier-id' },
  [`staff_audit/${AUDIT_ID}`]: AUDIT_ENTRY,
  [`space_passes/${PASS_CODE}`]: PASS,
  'staff_counters/contact': { new: 2, answered: 1, archived: 0 },
  'stripe_events/evt_test_1': { type: 'charge.refunded', orderId: CUSTOMER_ORDER, outcome: 'applied' },
};
