// The shape of database.rules.json itself: it parses (with its comments), nothing is granted at the
// root, the buyer query has its index, and every validated record lists exactly the fields of the
// data model and rejects the rest.
import { describe, expect, test } from 'vitest';
import { SUBMISSION_KINDS } from '../../src/config/data-limits';
import { WAITLIST_PROGRAMMES } from '../../src/config/waitlist-programmes';
import { LIST_PAGE_LIMIT, SUBMISSION_INDEX_FIELDS, type CustomerIndexEntry } from '../../src/data/list-index';
import type { OrderSubscription } from '../../src/catalog/subscription';
import {
  TRADE_IN_CREDIT_STATUSES,
  type OrderDisputeRecord,
  type OrderInvoiceRecord,
  type OrderRecord,
  type OrderTermNoticeRecord,
  type OrderRefundRecord,
  type OrderTradeInRecord,
} from '../../src/data/orders';
import {
  PASS_CODE_PATTERN,
  STAFF_AUDIT_ACTIONS,
  STAFF_ROLES,
  STAFF_ROLES_PATH,
  SUBMISSION_STATUSES,
  TRADE_INS_DECLARED,
  type ContactReplyFields,
  type PreorderPass,
  type SpacePassRecord,
  type StaffAuditEntry,
  type SubmissionStaffFields,
} from '../../src/data/staff';
import { TRADE_IN_STATES } from '../../src/data/trade-in';
import { RULES_TEXT, STAFF_MANAGED_FIELDS, named, parseRules, type RulesNode } from './rules.testing';

const rules = parseRules().rules;
const node = (...path: string[]): RulesNode => {
  let n: RulesNode = rules;
  for (const key of path) {
    const next = n[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) throw new Error(`no rules at ${path.join('/')}`);
    n = next;
  }
  return n;
};
/** Every field of OrderSubscription, so that a field added there and not to the rules fails here. */
const SUBSCRIPTION_FIELDS: Record<keyof OrderSubscription, true> = {
  billingPeriod: true,
  amountPerPeriod: true,
  termPayments: true,
  subscriptionId: true,
  customerId: true,
  subscriptionStatus: true,
  paymentsMade: true,
  currentPeriodEnd: true,
  termEndsAt: true,
  cancelAt: true,
  endedAt: true,
};
/** What stripeWebhook and the staff function add to an order (src/data/orders.ts). */
const ORDER_STAFF_FIELDS: Record<keyof Pick<OrderRecord, 'refunds' | 'disputes' | 'tradeIn'>, true> = {
  refunds: true,
  disputes: true,
  tradeIn: true,
};
/** What the billing self-service adds to an order: its invoices and the term notice. */
const ORDER_BILLING_FIELDS: Record<keyof Pick<OrderRecord, 'invoices' | 'termNotice'>, true> = { invoices: true, termNotice: true };
const INVOICE_FIELDS: Record<keyof OrderInvoiceRecord, true> = {
  number: true,
  createdAt: true,
  total: true,
  tax: true,
  amountPaid: true,
  amountDue: true,
  status: true,
  hostedInvoiceUrl: true,
  invoicePdf: true,
  billingReason: true,
  periodStart: true,
  periodEnd: true,
  fetchedAt: true,
};
const TERM_NOTICE_FIELDS: Record<keyof OrderTermNoticeRecord, true> = { termEndsAt: true, sentAt: true };
const REFUND_FIELDS: Record<keyof OrderRefundRecord, true> = { amountRefunded: true, chargeAmount: true, chargedAt: true, fetchedAt: true };
const DISPUTE_FIELDS: Record<keyof OrderDisputeRecord, true> = { chargeId: true, status: true, amount: true, fetchedAt: true };
const TRADE_IN_FIELDS: Record<keyof OrderTradeInRecord, true> = {
  status: true,
  amount: true,
  claimedBy: true,
  claimedAt: true,
  balanceTransactionId: true,
  creditedAt: true,
  creditedBy: true,
  declinedAt: true,
  declinedBy: true,
};
/** The fields of the staff records of src/data/staff.ts, so that one added there fails here. */
const STAFF_FIELDS: Record<keyof SubmissionStaffFields, true> = { status: true, statusChangedAt: true, statusChangedBy: true };
const REPLY_FIELDS: Record<keyof ContactReplyFields, true> = { repliedAt: true, repliedBy: true, repliedByEmail: true };
const PASS_FIELDS: Record<keyof PreorderPass, true> = { code: true, issuedAt: true, mailedAt: true };
const SPACE_PASS_FIELDS: Record<keyof SpacePassRecord, true> = { name: true, preorderId: true, issuedAt: true };
const AUDIT_FIELDS: Record<keyof StaffAuditEntry, true> = {
  actorUid: true,
  actorEmail: true,
  role: true,
  action: true,
  target: true,
  at: true,
  detail: true,
};
/** The token's role counts only while the server's record says the same. */
const ROLE_RECORDED = `root.child('${STAFF_ROLES_PATH}').child(auth.uid).val() == auth.token.role`;
/** The one spelling of "the caller is staff" (the comment at the top of database.rules.json). */
const IS_STAFF = `auth != null && (${STAFF_ROLES.map((role) => `auth.token.role == '${role}'`).join(' || ')}) && ${ROLE_RECORDED}`;
/** The one spelling of "a page": a query asking for at most LIST_PAGE_LIMIT records (src/data/list-index.ts). */
const A_PAGE = `((query.limitToFirst != null && query.limitToFirst <= ${LIST_PAGE_LIMIT}) || (query.limitToLast != null && query.limitToLast <= ${LIST_PAGE_LIMIT}))`;
/** `newData.val() == 'a' || newData.val() == 'b'`, in the order given. */
const oneOf = (values: readonly string[]) => values.map((v) => `newData.val() == '${v}'`).join(' || ');

const fieldsOf = (n: RulesNode) =>
  Object.keys(n)
    .filter((k) => !k.startsWith('.') && !k.startsWith('$'))
    .sort();

describe('database.rules.json', () => {
  test('parses as JSON with comments and documents its blocks with // comments', () => {
    expect(rules).toBeTypeOf('object');
    expect(RULES_TEXT.match(/^\s*\/\/ /gm)?.length ?? 0).toBeGreaterThan(20);
  });

  test('grants nothing at the root, and names only the data model’s nodes', () => {
    expect(rules['.read']).toBeUndefined();
    expect(rules['.write']).toBeUndefined();
    expect(Object.keys(rules).sort()).toEqual([
      'account_deletions',
      'all_orders',
      'billing',
      'closed_accounts',
      'customer_index',
      'customers',
      'jobs',
      'manage_links',
      'marketing_optouts',
      'order_claim_links',
      'space_passes',
      'staff_audit',
      'staff_counters',
      'staff_figures',
      'staff_group_counters',
      'staff_list_counters',
      'staff_roles',
      'stripe_events',
      'submission_quota',
      'submissions',
      'users',
    ]);
  });

  test('staff read each list a page at a time, one account’s profile and card at a time, and the counters, with the one staff test; nothing else', () => {
    expect(node('users')['.read']).toBeUndefined();
    expect(node('billing')['.read']).toBeUndefined();
    expect(String(node('staff_group_counters')['.read'])).toBe(IS_STAFF);
    expect(String(node('staff_figures')['.read'])).toBe(IS_STAFF);
    // The lists' counts are read as their lists are: the trade-ins' by staff, the audit log's by admins.
    expect(node('staff_list_counters')['.read']).toBeUndefined();
    expect(String(node('staff_list_counters', 'tradeIns')['.read'])).toBe(IS_STAFF);
    expect(String(node('staff_list_counters', 'audit')['.read'])).toBe(`auth != null && auth.token.role == 'admin' && ${ROLE_RECORDED}`);
    const roleTests = STAFF_ROLES.map((role) => `auth.token.role == '${role}'`).join(' || ');
    for (const owned of ['users', 'billing'])
      expect(String(node(owned, '$uid')['.read'])).toBe(`auth != null && (auth.uid == $uid || ((${roleTests}) && ${ROLE_RECORDED}))`);
    expect(String(node('staff_counters')['.read'])).toBe(IS_STAFF);
    for (const kind of SUBMISSION_KINDS) expect(String(node('submissions', kind)['.read'])).toBe(`${IS_STAFF} && ${A_PAGE}`);
    expect(String(node('customer_index')['.read'])).toBe(`${IS_STAFF} && ${A_PAGE}`);
    expect(node('submissions')['.read']).toBeUndefined();
    expect(String(node('all_orders')['.read'])).toContain(`|| ((${roleTests}) && ${ROLE_RECORDED} && ${A_PAGE}))`);
    expect(String(node('all_orders', '$orderId')['.read'])).toContain(`|| ((${roleTests}) && ${ROLE_RECORDED}))`);
    expect(String(node('staff_audit')['.read'])).toBe(`auth != null && auth.token.role == 'admin' && ${ROLE_RECORDED} && ${A_PAGE}`);
    // Every rule that names a role also asks the record: the header's spelling holds everywhere.
    const rolesNamed = RULES_TEXT.match(/"\.read":\s*"[^"]*auth\.token\.role[^"]*"/g) ?? [];
    expect(rolesNamed.length).toBeGreaterThan(0);
    for (const rule of rolesNamed) expect(rule).toContain(ROLE_RECORDED);
    // Each person reads their own record; nobody lists or writes them.
    expect(node('staff_roles')['.read']).toBeUndefined();
    expect(node('staff_roles')['.write']).toBe(false);
    expect(String(node('staff_roles', '$uid')['.read'])).toBe('auth != null && auth.uid == $uid');
    expect(String(node('staff_roles', '$uid')['.validate'])).toContain(`(${oneOf(STAFF_ROLES)})`);
    for (const closed of ['customers', 'space_passes']) expect(node(closed)['.read']).toBe(false);
    // No write rule anywhere mentions a role: staff write through the staff function only.
    expect(RULES_TEXT.match(/"\.write":\s*"[^"]*role[^"]*"/g)).toBeNull();
    for (const closed of [
      'staff_audit',
      'staff_counters',
      'staff_group_counters',
      'staff_figures',
      'staff_list_counters',
      'staff_roles',
      'space_passes',
      'customers',
      'all_orders',
    ])
      expect(node(closed)['.write']).toBe(false);
  });

  test('the staff-managed values are those of src/data/staff.ts', () => {
    for (const kind of SUBMISSION_KINDS) {
      expect(String(node('submissions', kind, '$id', 'status')['.validate'])).toContain(`(${oneOf(SUBMISSION_STATUSES[kind])})`);
    }
    expect(Object.keys(STAFF_FIELDS).sort()).toEqual([...STAFF_MANAGED_FIELDS.contact].sort());
    expect(String(node('submissions', 'preorder', '$id', 'pass', 'code')['.validate'])).toContain(`matches(/${PASS_CODE_PATTERN.source}/)`);
    expect(String(node('space_passes', '$code')['.validate'])).toContain(`$code.matches(/${PASS_CODE_PATTERN.source}/)`);
    expect(String(node('staff_list_counters', 'tradeIns', '$state')['.validate'])).toContain(
      `(${[TRADE_INS_DECLARED, ...TRADE_IN_STATES].map((state) => `$state == '${state}'`).join(' || ')})`,
    );
    expect(String(node('submissions', 'waitlist', '$id', 'programme')['.validate'])).toContain(`(${oneOf(WAITLIST_PROGRAMMES)})`);
    expect(String(node('staff_audit', '$entryId', 'role')['.validate'])).toContain(`(${oneOf(STAFF_ROLES)})`);
    expect(String(node('all_orders', '$orderId', 'tradeIn', 'status')['.validate'])).toContain(`(${oneOf(TRADE_IN_CREDIT_STATUSES)})`);
    expect(String(node('staff_audit', '$entryId', 'action')['.validate'])).toContain(`/^(${STAFF_AUDIT_ACTIONS.join('|')})$/`);
  });

  test('no browser writes a submission or the old quota, and nobody reads the quota (docs/decisions/0111-submissions-through-the-server.md)', () => {
    for (const kind of SUBMISSION_KINDS) {
      expect(node('submissions', kind)['.write']).toBeUndefined();
      expect(node('submissions', kind, '$id')['.write']).toBeUndefined();
    }
    expect(node('submissions')['.write']).toBeUndefined();
    expect(node('submission_quota')).toEqual({ '.read': false, '.write': false });
  });

  test("all_orders is indexed on 'buyer', 'customerEmail' and 'tradeInState' and not writable", () => {
    const indexOn = node('all_orders')['.indexOn'];
    expect(Array.isArray(indexOn) ? indexOn : [indexOn]).toEqual(expect.arrayContaining(['buyer', 'customerEmail', 'tradeInState']));
    expect(node('all_orders')['.write']).toBe(false);
  });

  test('each list the console pages through is indexed by the keys its queries order by (src/data/list-index.ts)', () => {
    for (const kind of SUBMISSION_KINDS) expect(node('submissions', kind)['.indexOn']).toEqual([...SUBMISSION_INDEX_FIELDS]);
    const entry: Record<keyof CustomerIndexEntry, true> = { name: true, email: true, at: true, e: true, n: true };
    expect(Object.keys(entry)).toEqual(expect.arrayContaining(node('customer_index')['.indexOn'] as string[]));
    expect(node('customer_index')['.indexOn']).toEqual(['at', 'e', 'n']);
    expect(node('customer_index')['.write']).toBe(false);
    expect(node('staff_audit')['.indexOn']).toEqual(['action']);
  });

  const schemas: Array<{ path: string[]; fields: string[] }> = [
    {
      path: ['users', '$uid'],
      fields: [
        'firstName',
        'lastName',
        'email',
        'phoneNumber',
        'address',
        'country',
        'birthDate',
        'verificationMethod',
        'receiveAnnouncements',
        'receiveAppsMusicTV',
        'emailVerified',
        'createdAt',
      ],
    },
    {
      path: ['all_orders', '$orderId'],
      fields: [
        'product',
        'tier',
        'securitySelected',
        'marketingSelected',
        'applicationExist',
        'modelExistsOn',
        'additionalStorage',
        'productAmount',
        'payment_status',
        'buyer',
        'pushKey',
        'stripeId',
        'createdAt',
        // The subscription: src/catalog/subscription.ts OrderSubscription, plus the buyer's email.
        ...Object.keys(SUBSCRIPTION_FIELDS),
        'customerEmail',
        'subscriptionFetchedAt',
        // Set when the buyer deleted their account (docs/decisions/0119-account-deletion-and-retention.md).
        'personalDataRemovedAt',
        // Refunds, disputes and the trade-in credit, and the trade-in's state for the console's list.
        ...Object.keys(ORDER_STAFF_FIELDS),
        'tradeInState',
        ...Object.keys(ORDER_BILLING_FIELDS),
        // A checkout without a payment yet (src/catalog/unpaid-checkouts.ts), and what Stripe charged.
        'checkoutCompletedAt',
        'removedAt',
        'checkoutTotals',
      ],
    },
    { path: ['all_orders', '$orderId', 'checkoutTotals'], fields: ['subtotal', 'discount', 'tax', 'total', 'promotionCode'] },
    { path: ['all_orders', '$orderId', 'invoices', '$invoiceId'], fields: Object.keys(INVOICE_FIELDS) },
    { path: ['all_orders', '$orderId', 'termNotice'], fields: Object.keys(TERM_NOTICE_FIELDS) },
    { path: ['all_orders', '$orderId', 'refunds', '$chargeId'], fields: Object.keys(REFUND_FIELDS) },
    { path: ['all_orders', '$orderId', 'disputes', '$disputeId'], fields: Object.keys(DISPUTE_FIELDS) },
    { path: ['all_orders', '$orderId', 'tradeIn'], fields: Object.keys(TRADE_IN_FIELDS) },
    {
      path: ['submissions', 'contact', '$id'],
      fields: [
        'name',
        'email',
        'phone',
        'city',
        'message',
        'createdAt',
        'page',
        ...Object.keys(STAFF_FIELDS),
        ...Object.keys(REPLY_FIELDS),
        ...SUBMISSION_INDEX_FIELDS,
      ],
    },
    {
      path: ['submissions', 'waitlist', '$id'],
      fields: ['full__name', 'email', 'createdAt', 'page', 'programme', ...Object.keys(STAFF_FIELDS), ...SUBMISSION_INDEX_FIELDS],
    },
    {
      path: ['submissions', 'preorder', '$id'],
      fields: ['full__name', 'email', 'createdAt', 'page', ...Object.keys(STAFF_FIELDS), ...SUBMISSION_INDEX_FIELDS, 'pass'],
    },
    { path: ['submissions', 'preorder', '$id', 'pass'], fields: Object.keys(PASS_FIELDS) },
    { path: ['staff_audit', '$entryId'], fields: Object.keys(AUDIT_FIELDS) },
    { path: ['space_passes', '$code'], fields: Object.keys(SPACE_PASS_FIELDS) },
  ];
  const rows = schemas.map((s) => ({
    ...s,
    name: `${s.path.join('/')}: exactly the data-model fields, each validated, $other rejected`,
  }));
  test.for(named(rows))('%s', ([, { path, fields }]) => {
    const n = node(...path);
    expect(fieldsOf(n)).toEqual([...fields].sort());
    for (const f of fields) expect(typeof node(...path, f)['.validate'], `${f} has a .validate`).toBe('string');
    expect(node(...path, '$other')['.validate']).toBe(false);
  });
});
