// The shapes database.rules.json documents for what the functions write with admin access
// (docs/decisions/0108-staff-console.md): a submission's state and a pre-order's pass, an order's
// refunds, disputes and trade-in credit, the audit trail and the Space passes.
//
// No browser can reach these shapes (the nodes are never writable from a browser, and admin access
// skips rules), so they are tested on a copy of the rules in which only the writes are opened:
// .write true on those nodes and on each submission. Everything else — each field's .validate and
// "$other" — is the file as deployed. A record as the functions write it
// must pass; one broken field at a time must not.
import { describe, expect, test } from 'vitest';
import { ref, serverTimestamp, set } from 'firebase/database';
import { SUBMISSION_KINDS } from '../../src/config/data-limits';
import { SUBMISSION_STATUSES, type StaffAuditEntry } from '../../src/data/staff';
import {
  OWNER_UID,
  allow,
  deny,
  expectAllowed,
  named,
  useRulesHarness,
  validOrder,
  validSubmission,
  writableSubmissionsRules,
  type RulesNode,
} from './rules.testing';
import { AUDIT_ENTRY, PASS, PASS_CODE } from './staff-cast.testing';

function writableCopy(): string {
  const doc = writableSubmissionsRules();
  const child = (n: RulesNode, key: string) => n[key] as RulesNode;
  for (const path of [['all_orders'], ['staff_audit'], ['space_passes']]) {
    const n = path.reduce(child, doc.rules);
    if (n['.write'] !== false) throw new Error(`expected ${path.join('/')}/.write to be false in database.rules.json`);
    n['.write'] = true;
  }
  return JSON.stringify(doc, null, 2);
}

const h = useRulesHarness('staff-schema', writableCopy());
const db = () => h().as('owner');

type Case = { label: string; change: Record<string, unknown>; allowed: boolean };
const ok = (label: string, change: Record<string, unknown>): Case => ({ label, change, allowed: true });
const bad = (label: string, change: Record<string, unknown>): Case => ({ label, change, allowed: false });
const cells = (cases: Case[]) => named(cases.map((c) => ({ ...c, name: `${c.label} → ${c.allowed ? 'allowed' : 'denied'}` })));

describe.for([...SUBMISSION_KINDS])('submissions/%s: the state the staff function writes', (kind) => {
  const write = (extra: Record<string, unknown>) => set(ref(db(), `submissions/${kind}/s1`), validSubmission(kind, extra));
  const changed = { statusChangedAt: 1_795_000_200_000, statusChangedBy: 'staff-admin' };

  test('the copy still refuses what the deployed file refuses: an unknown field', async () => {
    await deny(write({ surprise: 'x' }));
  });

  const statuses = [...new Set([...SUBMISSION_STATUSES.contact, ...SUBMISSION_STATUSES.waitlist, ...SUBMISSION_STATUSES.preorder])];
  test.for(
    named(
      statuses.map((status) => {
        const allowed = (SUBMISSION_STATUSES[kind] as readonly string[]).includes(status);
        return { name: `status '${status}' → ${allowed ? 'allowed' : 'denied'}`, status, allowed };
      }),
    ),
  )('%s', async ([, { status, allowed }]) => {
    await expectAllowed(write({ status, ...changed }), allowed);
  });

  test.for(
    cells([
      bad("status 'Answered' (case)", { status: 'Answered' }),
      bad('status as a number', { status: 1 }),
      bad('statusChangedAt as an ISO string', { statusChangedAt: '2026-11-26T10:00:00Z' }),
      bad('statusChangedAt -1', { statusChangedAt: -1 }),
      bad('statusChangedBy empty', { statusChangedBy: '' }),
      bad('statusChangedBy of 129 characters', { statusChangedBy: 'u'.repeat(129) }),
      ok('statusChangedBy of 128 characters', { statusChangedBy: 'u'.repeat(128) }),
    ]),
  )('%s', async ([, { change, allowed }]) => {
    await expectAllowed(write(change), allowed);
  });
});

describe('submissions/contact: the reply recordReply writes', () => {
  const reply = { repliedAt: 1_795_000_300_000, repliedBy: 'staff-support', repliedByEmail: 'support@leopard.test' };
  const write = (kind: 'contact' | 'waitlist', change: Record<string, unknown>) =>
    set(ref(db(), `submissions/${kind}/r1`), {
      ...validSubmission(kind, { status: kind === 'contact' ? 'answered' : 'contacted' }),
      ...reply,
      ...change,
    });
  test.for(
    cells([
      ok('who and when, with the address', {}),
      ok('without the address (an account that has none)', { repliedByEmail: null }),
      bad('repliedAt as an ISO string', { repliedAt: '2026-11-29T10:00:00Z' }),
      bad('repliedAt -1', { repliedAt: -1 }),
      bad('repliedAt with a fraction', { repliedAt: 1.5 }),
      bad('repliedBy empty', { repliedBy: '' }),
      bad('repliedBy of 129 characters', { repliedBy: 'u'.repeat(129) }),
      bad('repliedByEmail without @', { repliedByEmail: 'support' }),
      bad('repliedByEmail of 255 characters', { repliedByEmail: `${'a'.repeat(243)}@example.com` }),
    ]),
  )('%s', async ([, { change, allowed }]) => {
    await expectAllowed(write('contact', change), allowed);
  });

  test('a reply on a waitlist entry → denied (only inquiries are answered by mail)', async () => {
    await deny(write('waitlist', {}));
  });
});

describe('submissions/preorder: the pass', () => {
  const write = (pass: unknown) =>
    set(ref(db(), 'submissions/preorder/p1'), {
      ...validSubmission('preorder', { status: 'approved' }),
      statusChangedAt: 1,
      statusChangedBy: 'a',
      pass,
    });
  test.for(
    cells([
      ok('issued, not yet mailed', { pass: { code: PASS_CODE, issuedAt: 1_795_000_200_000 } }),
      ok('issued and mailed', { pass: { code: PASS_CODE, issuedAt: 1_795_000_200_000, mailedAt: 1_795_000_201_000 } }),
      bad('without issuedAt', { pass: { code: PASS_CODE } }),
      bad('without its code', { pass: { issuedAt: 1 } }),
      bad('a code in lower case', { pass: { code: PASS_CODE.toLowerCase(), issuedAt: 1 } }),
      bad('a code of 25 characters', { pass: { code: PASS_CODE.slice(1), issuedAt: 1 } }),
      bad('a code with 0, 1, 8 or 9 (not base 32)', { pass: { code: `${PASS_CODE.slice(4)}0189`, issuedAt: 1 } }),
      bad('another field', { pass: { code: PASS_CODE, issuedAt: 1, name: 'Ada' } }),
      bad('a bare string', { pass: PASS_CODE }),
    ]),
  )('%s', async ([, { change, allowed }]) => {
    await expectAllowed(write(change.pass), allowed);
  });

  test('a pass on a contact inquiry or a waitlist entry → denied', async () => {
    await deny(set(ref(db(), 'submissions/contact/c1'), validSubmission('contact', { pass: { code: PASS_CODE, issuedAt: 1 } })));
    await deny(set(ref(db(), 'submissions/waitlist/w1'), validSubmission('waitlist', { pass: { code: PASS_CODE, issuedAt: 1 } })));
  });
});

describe('all_orders/<id>: refunds, disputes and the trade-in credit', () => {
  const KEY = 'order-1';
  const write = (extra: Record<string, unknown>) =>
    set(ref(db(), `all_orders/${KEY}`), { ...validOrder(KEY, OWNER_UID), payment_status: 'paid', ...extra });
  const refund = { amountRefunded: 30_000, chargeAmount: 830_000, chargedAt: 1_795_000_000_000, fetchedAt: 1_795_000_300_000 };
  const dispute = { chargeId: 'ch_test_1', status: 'needs_response', amount: 830_000, fetchedAt: 1_795_000_300_000 };
  const crediting = { status: 'crediting', amount: 50_000, claimedBy: 'staff-admin', claimedAt: 1_795_000_300_000 };
  const credited = {
    status: 'credited',
    amount: 50_000,
    balanceTransactionId: 'cbtxn_test_1',
    creditedAt: 1_795_000_300_500,
    creditedBy: 'staff-admin',
  };

  test('an order with a partial refund, an open dispute and a credited trade-in, as the functions write it → allowed', async () => {
    await allow(write({ refunds: { ch_test_1: refund }, disputes: { dp_test_1: dispute }, tradeIn: credited }));
    expect(await h().peek(`all_orders/${KEY}/refunds`)).toEqual({ ch_test_1: refund });
  });

  test.for(
    cells([
      ok('a full refund', { refunds: { ch_test_1: { ...refund, amountRefunded: 830_000 } } }),
      ok('refunds of two charges', { refunds: { ch_test_1: refund, ch_test_2: refund } }),
      bad('a refund of 0', { refunds: { ch_test_1: { ...refund, amountRefunded: 0 } } }),
      bad('a refund of 12.5 cents', { refunds: { ch_test_1: { ...refund, amountRefunded: 12.5 } } }),
      bad('a refund keyed by a payment intent (pi_…)', { refunds: { pi_test_1: refund } }),
      bad('a refund without fetchedAt', { refunds: { ch_test_1: { ...refund, fetchedAt: null } } }),
      bad('a refund with a reason', { refunds: { ch_test_1: { ...refund, reason: 'requested_by_customer' } } }),
      bad('refunds as a number', { refunds: 30_000 }),
      ok("a dispute closed 'won'", { disputes: { dp_test_1: { ...dispute, status: 'won' } } }),
      ok("a dispute 'warning_needs_response'", { disputes: { dp_test_1: { ...dispute, status: 'warning_needs_response' } } }),
      bad('a dispute keyed by a charge id', { disputes: { ch_test_1: dispute } }),
      bad("a dispute status 'Won' (case)", { disputes: { dp_test_1: { ...dispute, status: 'Won' } } }),
      bad('a dispute of a charge id without ch_', { disputes: { dp_test_1: { ...dispute, chargeId: 'test_1' } } }),
      bad('a dispute without its amount', { disputes: { dp_test_1: { ...dispute, amount: null } } }),
      ok('a trade-in being credited', { tradeIn: crediting }),
      ok('a trade-in credited', { tradeIn: credited }),
      bad("a trade-in 'pending'", { tradeIn: { ...crediting, status: 'pending' } }),
      bad('a trade-in without its amount', { tradeIn: { ...credited, amount: null } }),
      bad('a negative trade-in amount', { tradeIn: { ...credited, amount: -50_000 } }),
      bad('a balance transaction id without cbtxn_', { tradeIn: { ...credited, balanceTransactionId: 'txn_1' } }),
      bad('a trade-in with another field', { tradeIn: { ...credited, note: 'x' } }),
      ok("tradeInState 'awaiting', nobody decided yet", { tradeInState: 'awaiting' }),
      ok("tradeInState 'crediting' beside the claim", { tradeIn: crediting, tradeInState: 'crediting' }),
      ok("tradeInState 'credited' beside the credit", { tradeIn: credited, tradeInState: 'credited' }),
      bad("tradeInState 'awaiting' on a credited trade-in (listed as undecided)", { tradeIn: credited, tradeInState: 'awaiting' }),
      bad("tradeInState 'credited' before anything was credited", { tradeInState: 'credited' }),
      bad("tradeInState 'pending' (not a state)", { tradeInState: 'pending' }),
      bad('tradeInState on an order that declared no trade-in', { applicationExist: false, modelExistsOn: null, tradeInState: 'awaiting' }),
    ]),
  )('%s', async ([, { change, allowed }]) => {
    await expectAllowed(write(change), allowed);
  });
});

describe('staff_audit/<id>', () => {
  const write = (entry: Record<string, unknown>) => set(ref(db(), 'staff_audit/e1'), entry);
  const without = (field: keyof StaffAuditEntry) => {
    const entry: Record<string, unknown> = { ...AUDIT_ENTRY };
    delete entry[field];
    return entry;
  };
  test.for(
    cells([
      ok('an entry as the staff function writes it', { ...AUDIT_ENTRY }),
      ok('without actorEmail (an account without one) and without detail', { ...without('actorEmail'), detail: null }),
      bad('without actorUid', without('actorUid')),
      bad('without role', without('role')),
      bad('without action', without('action')),
      bad('without target', without('target')),
      bad('without at', without('at')),
      bad("role 'owner'", { ...AUDIT_ENTRY, role: 'owner' }),
      bad("action 'deleteEverything'", { ...AUDIT_ENTRY, action: 'deleteEverything' }),
      ok("action 'exportList' (a CSV export, staffExport)", { ...AUDIT_ENTRY, action: 'exportList', target: 'submissions/contact' }),
      ok("action 'recordReply'", { ...AUDIT_ENTRY, action: 'recordReply', target: 'submissions/contact/c1' }),
      bad('at as an ISO string', { ...AUDIT_ENTRY, at: '2026-11-26T10:00:00Z' }),
      bad('another field', { ...AUDIT_ENTRY, ip: '127.0.0.1' }),
    ]),
  )('%s', async ([, { change, allowed }]) => {
    await expectAllowed(write(change), allowed);
  });
});

describe('space_passes/<code>', () => {
  const write = (code: string, pass: Record<string, unknown>) => set(ref(db(), `space_passes/${code}`), pass);
  test.for(
    cells([
      ok('a pass under its code', { code: PASS_CODE, pass: PASS }),
      bad('under a lower-case code', { code: PASS_CODE.toLowerCase(), pass: PASS }),
      bad('under a short code', { code: 'ABC', pass: PASS }),
      bad('without the name', { code: PASS_CODE, pass: { ...PASS, name: null } }),
      bad('a name of 101 characters', { code: PASS_CODE, pass: { ...PASS, name: 'n'.repeat(101) } }),
      bad('without the pre-order', { code: PASS_CODE, pass: { ...PASS, preorderId: null } }),
      bad('with the email as well', { code: PASS_CODE, pass: { ...PASS, email: 'ada@example.com' } }),
    ]),
  )('%s', async ([, { change, allowed }]) => {
    await expectAllowed(write(change.code as string, change.pass as Record<string, unknown>), allowed);
  });
});

test('the copy keeps createdAt == now on submissions: a staff-shaped record still needs serverTimestamp()', async () => {
  await deny(set(ref(db(), 'submissions/contact/c2'), validSubmission('contact', { createdAt: 1, status: 'answered' })));
  await allow(set(ref(db(), 'submissions/contact/c3'), validSubmission('contact', { createdAt: serverTimestamp(), status: 'answered' })));
});
