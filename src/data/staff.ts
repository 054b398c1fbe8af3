/**
 * Who Leopard's staff are and what each may do, and the records only staff work with: the states
 * of the submissions, the Space beta-tester pass and the audit trail. Shared by the console, the
 * `staff` and `spacePass` functions and the rules tests (docs/decisions/0108-staff-console.md).
 * Pure: no React, no Firebase.
 */
import type { SubmissionKind } from '../config/data-limits';
import type { WaitlistProgramme } from '../config/waitlist-programmes';
import type { OrderTradeInRecord } from './orders';

/** The custom claim `role` of a staff account. Anything else, or none, is not staff. */
export const STAFF_ROLES = ['admin', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What `staff:grant` and the console's grantRole accept: a role, or `none` to take it away. */
export const GRANTABLE_ROLES = [...STAFF_ROLES, 'none'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** Every action of the `staff` function and the roles that may take it. Support answers
 *  inquiries and looks people up; passes, money and roles are an admin's. */
export const STAFF_ACTIONS = {
  setSubmissionStatus: ['support', 'admin'],
  decidePreorder: ['admin'],
  resendPass: ['admin'],
  confirmTradeIn: ['admin'],
  declineTradeIn: ['admin'],
  grantRole: ['admin'],
  lookupCustomer: ['support', 'admin'],
  resendVerification: ['support', 'admin'],
  recountCounters: ['admin'],
  recordReply: ['support', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

export function isStaffAction(value: unknown): value is StaffAction {
  return typeof value === 'string' && Object.hasOwn(STAFF_ACTIONS, value);
}

export function mayTake(role: StaffRole, action: StaffAction): boolean {
  return (STAFF_ACTIONS[action] as readonly StaffRole[]).includes(role);
}

/** The states staff move a submission through. A record without `status` is in the first. */
export const SUBMISSION_STATUSES = {
  contact: ['new', 'answered', 'archived'],
  waitlist: ['new', 'contacted', 'archived'],
  preorder: ['pending', 'approved', 'declined'],
} as const;
/** The states of one kind of submission. */
export type StatusOf<K extends SubmissionKind> = (typeof SUBMISSION_STATUSES)[K][number];

/** A record's stored `status`; a record staff never touched is in the kind's first state. */
export function statusOf<K extends SubmissionKind>(kind: K, value: unknown): StatusOf<K> {
  const statuses = SUBMISSION_STATUSES[kind] as readonly string[];
  return (statuses.includes(value as string) ? value : statuses[0]) as StatusOf<K>;
}

/** staff_counters/<kind>/<status>: how many submissions are in each state, kept by a database
 *  trigger (functions/src/jobs/staff-counters.ts); staff read them. */
export const STAFF_COUNTERS_PATH = 'staff_counters';
export type StaffCounters = { [K in SubmissionKind]: Record<StatusOf<K>, number> };

/** staff_group_counters/<group>/<status>: the same count per waitlist programme (the group of
 *  src/data/list-index.ts), moved by the same trigger and event as staff_counters/waitlist. */
export const STAFF_GROUP_COUNTERS_PATH = 'staff_group_counters';
export type StaffGroupCounters = Record<WaitlistProgramme, Record<WaitlistStatus, number>>;

/** staff_figures: the overview's figures, kept by triggers on all_orders and users
 *  (functions/src/jobs/staff-figures.ts): the plans customers have now and what they bring in a
 *  month (src/data/order-figures.ts, per order), and how many customer profiles exist. */
export const STAFF_FIGURES_PATH = 'staff_figures';
export const STAFF_FIGURE_FIELDS = ['activePlans', 'mrrCents', 'customers'] as const;
export type StaffFigures = Record<(typeof STAFF_FIGURE_FIELDS)[number], number>;

/** staff_list_counters/<list>/<value>: how many records of a console list have each value of its
 *  one filter, for the list's "of N" (docs/decisions/0157-audit-log-and-trade-ins-counted.md):
 *  the trade-ins by tradeInState, moved with staff_figures by every order's write
 *  (functions/src/jobs/staff-figures.ts), and the audit log by action, moved with each entry's
 *  write (functions/src/staff/audit.ts). Both mended by the recount. */
export const STAFF_LIST_COUNTERS_PATH = 'staff_list_counters';
export const TRADE_IN_COUNTERS_PATH = `${STAFF_LIST_COUNTERS_PATH}/tradeIns`;
/** The count beside the trade-ins' states of every order that declared one, the "All trade-ins"
 *  list (an order whose state is not written yet is in it, and in no state). */
export const TRADE_INS_DECLARED = 'declared';
export const AUDIT_COUNTERS_PATH = `${STAFF_LIST_COUNTERS_PATH}/audit`;

export type ContactStatus = (typeof SUBMISSION_STATUSES.contact)[number];
export type WaitlistStatus = (typeof SUBMISSION_STATUSES.waitlist)[number];
export type PreorderStatus = (typeof SUBMISSION_STATUSES.preorder)[number];

/** What the `staff` function writes beside what the visitor sent. */
export interface SubmissionStaffFields<Status extends string = string> {
  status?: Status;
  /** Milliseconds since the epoch. */
  statusChangedAt?: number;
  /** The uid of the staff member. */
  statusChangedBy?: string;
}

/** On a contact inquiry, written by recordReply when a staff member opens Reply: the latest reply's
 *  time (milliseconds since the epoch), who (uid) and their address as the inquiry card shows it. */
export interface ContactReplyFields {
  repliedAt?: number;
  repliedBy?: string;
  repliedByEmail?: string;
}

/** On an approved pre-order: the pass issued for it. `mailedAt` is absent until a mail went out. */
export interface PreorderPass {
  code: string;
  issuedAt: number;
  mailedAt?: number;
}

/** space_passes/{code}: what the pass page shows, read only by the `spacePass` function. */
export const SPACE_PASSES_PATH = 'space_passes';
export interface SpacePassRecord {
  name: string;
  preorderId: string;
  issuedAt: number;
}

/** 128 random bits in RFC 4648 base 32 (no padding): 26 characters, nothing to guess or list. */
export const PASS_CODE_PATTERN = /^[A-Z2-7]{26}$/;

export function isPassCode(value: unknown): value is string {
  return typeof value === 'string' && PASS_CODE_PATTERN.test(value);
}

/** staff_roles/{uid}: the person's staff role as the server last wrote it (beside the custom claim,
 *  which lives on in an ID token for up to an hour). The rules let a token's role count only while
 *  this record says the same, so a removed role ends at once (docs/decisions/0149-staff-role-claim-and-record.md). */
export const STAFF_ROLES_PATH = 'staff_roles';

/** staff_audit/{pushId}: one entry per staff change, readable by admins only. */
export const STAFF_AUDIT_PATH = 'staff_audit';
/** What an audit entry records: a staff action, or a CSV export (the `staffExport` function), which
 *  changes nothing but hands people's data out of the console. */
export const STAFF_AUDIT_ACTIONS = [...(Object.keys(STAFF_ACTIONS) as StaffAction[]), 'exportList'] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

export function isStaffAuditAction(value: unknown): value is StaffAuditAction {
  return (STAFF_AUDIT_ACTIONS as readonly unknown[]).includes(value);
}
export interface StaffAuditEntry {
  actorUid: string;
  actorEmail: string | null;
  role: StaffRole;
  action: StaffAuditAction;
  /** What was changed, as a database path or `user:<uid>`. */
  target: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** A short note of the change, e.g. the new status or role. */
  detail?: string;
}

// ---------------------------------------------------------------------------------------------
// The calls of the console: what it POSTs to the `staff` function and what each action answers
// (`{statusCode: 200, data}`; a refusal is `{statusCode, error: {message, field?}}` with 400, 401,
// 403, 404, 409 or 413), and what the public `spacePass` function answers the pass page.
// ---------------------------------------------------------------------------------------------

/** The names of the HTTPS functions, as they are called under the functions' base URL. */
export const STAFF_FUNCTION = 'staff';
export const SPACE_PASS_FUNCTION = 'spacePass';
/** The query parameter of `GET spacePass?code=…`. */
export const SPACE_PASS_CODE_PARAM = 'code';

export const STAFF_SUBMISSION_KINDS = ['contact', 'waitlist'] as const;
export type StaffSubmissionKind = (typeof STAFF_SUBMISSION_KINDS)[number];

/** `reopen` puts a declined pre-order back to pending (an admin's second thought); an approved one
 *  keeps its pass. */
export const PREORDER_DECISIONS = ['approve', 'decline', 'reopen'] as const;
export type PreorderDecision = (typeof PREORDER_DECISIONS)[number];

export type StaffRequest =
  | { action: 'setSubmissionStatus'; kind: 'contact'; id: string; status: ContactStatus }
  | { action: 'setSubmissionStatus'; kind: 'waitlist'; id: string; status: WaitlistStatus }
  | { action: 'decidePreorder'; id: string; decision: PreorderDecision }
  | { action: 'resendPass'; id: string }
  | { action: 'confirmTradeIn'; orderId: string }
  | { action: 'declineTradeIn'; orderId: string }
  | { action: 'grantRole'; email: string; role: GrantableRole }
  | { action: 'lookupCustomer'; email: string }
  | { action: 'lookupCustomer'; uid: string }
  | { action: 'resendVerification'; uid: string }
  | { action: 'recountCounters' }
  | { action: 'recordReply'; id: string };

/** What became of a mail the action sent: `failed` is the provider refusing it or not answering;
 *  `not-configured` is a deploy without mail settings (docs/decisions/0109-server-mail.md). */
export type StaffMailOutcome = 'sent' | 'not-configured' | 'failed';

export interface SubmissionStatusResult {
  kind: StaffSubmissionKind;
  id: string;
  status: ContactStatus | WaitlistStatus;
  /** False when the record already had this status (nothing written, nothing audited). */
  changed: boolean;
}

/** decidePreorder and resendPass. */
export interface PreorderPassResult {
  id: string;
  status: PreorderStatus;
  /** The pass of an approved pre-order (the one that exists, on a second approval). */
  pass: PreorderPass | null;
  /** The pass page's address, to pass on by hand when the mail did not go out. */
  passUrl: string | null;
  /** True only for the call that issued the pass. */
  issued: boolean;
  /** The mail this call sent (the pass, or the decline); null when it sent none (a repeated
   *  decision, a reopening). */
  mail: StaffMailOutcome | null;
}

export interface TradeInConfirmResult {
  orderId: string;
  outcome: 'credited' | 'already-credited';
  /** all_orders/<orderId>/tradeIn as it now is. */
  tradeIn: OrderTradeInRecord;
  /** The decision mailed to the customer by the call that credited; null for the others. */
  mail: StaffMailOutcome | null;
}

export interface TradeInDeclineResult {
  orderId: string;
  outcome: 'declined' | 'already-declined';
  tradeIn: OrderTradeInRecord;
  /** The decision mailed to the customer by the call that declined; null for the others. */
  mail: StaffMailOutcome | null;
}

export interface GrantRoleResult {
  uid: string;
  email: string;
  role: StaffRole | null;
  previousRole: StaffRole | null;
  changed: boolean;
}

/** lookupCustomer: Auth's view of an account (not the flags stored at sign-up) and its Stripe customer. */
export interface CustomerLookup {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  disabled: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number | null;
  lastSignInAt: number | null;
  role: StaffRole | null;
  stripeCustomerId: string | null;
  /** The customer's page in Stripe's Dashboard, in the mode of the functions' key. */
  stripeDashboardUrl: string | null;
}

export interface VerificationResult {
  uid: string;
  email: string;
  mail: StaffMailOutcome;
}

export interface StaffResults {
  setSubmissionStatus: SubmissionStatusResult;
  decidePreorder: PreorderPassResult;
  resendPass: PreorderPassResult;
  confirmTradeIn: TradeInConfirmResult;
  declineTradeIn: TradeInDeclineResult;
  grantRole: GrantRoleResult;
  lookupCustomer: CustomerLookup;
  resendVerification: VerificationResult;
  recountCounters: CounterRecount;
  recordReply: ReplyResult;
}

/** recordReply: the inquiry's state after the reply was recorded ('answered' when it was 'new'). */
export interface ReplyResult {
  id: string;
  status: ContactStatus;
  repliedAt: number;
  repliedBy: string;
  repliedByEmail: string | null;
}

/** One node of counters counted afresh (staff_counters/<kind>, staff_group_counters/<group> or
 *  staff_figures): its values as they were, as the recount wrote them, and the difference (every
 *  value 0 when they were right). */
export interface CounterRecountReport {
  path: string;
  before: Record<string, number>;
  after: Record<string, number>;
  drift: Record<string, number>;
  drifted: boolean;
}

/** What a recount reads, in this order: each kind of submission (its counters and, for the
 *  waitlist, its programmes'), then the orders (the figures and the trade-ins' counts), the
 *  profiles, and the audit log (its counts by action). */
export const RECOUNT_WALKS = ['contact', 'waitlist', 'preorder', 'orders', 'customers', 'audit'] as const;
export type RecountWalk = (typeof RECOUNT_WALKS)[number];

/** recountCounters (and the clean-up's daily recount, functions/src/jobs/recount.ts): the nodes
 *  counted to their end; `stoppedAt` when time ran out first, where the next run goes on, and how
 *  many records of that walk it had read. */
export interface CounterRecount {
  recounted: CounterRecountReport[];
  stoppedAt: { walk: RecountWalk; after: string; counted: number } | null;
}

export interface StaffAnswer<A extends StaffAction> {
  statusCode: 200;
  data: StaffResults[A];
}

/** GET spacePass?code=<code>: 200 with this, or 404 for a code that names no pass (malformed or
 *  unknown alike). */
export interface SpacePassView {
  name: string;
  issuedAt: number;
}
export interface SpacePassAnswer {
  statusCode: 200;
  data: SpacePassView;
}
