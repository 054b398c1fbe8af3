// The `staff` and `spacePass` functions over HTTP, against the database emulator, firebase-tools'
// Auth emulator (real tokens and claims), the EmailJS stand-in and the Stripe stand-in. Each
// refusal is tested as the attack it stops: no token, a customer, a forged or unknown role, support
// on an admin's action, a demoted admin's old token, two tabs approving at once.
import { describe, expect, it } from 'vitest';
import {
  SPACE_PASSES_PATH,
  STAFF_ACTIONS,
  STAFF_AUDIT_PATH,
  STAFF_ROLES_PATH,
  isPassCode,
  type StaffAction,
  type StaffAuditEntry,
} from '../../../src/data/staff';
import { TRADE_IN_REWARD_CENTS } from '../../../src/catalog/add-ons';
import { read } from '../testing/backends.testing';
import { ROLE_ENDED_MEANWHILE, VERIFICATION_MAIL_ALLOWANCE, VERIFICATION_MAIL_LIMIT } from './accounts';
import { ROLE_CHANGED, STAFF_ONLY, notAllowed } from './claims';
import { STAFF_MAX_BODY_BYTES } from './handler';
import { SITE, useStaffHarness, type TestAccount } from './staff.testing';
import { orderPath } from '../../../src/data/orders';
import { TRADE_IN_REFUSALS } from '../../../src/data/trade-in';
import { paths } from '../../../src/config/paths';
import { TRADE_IN_DECIDED } from '../billing/trade-in-credit';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';

const harness = useStaffHarness('staff');

/** A well-formed request of each action, aimed at nothing in particular. */
const SAMPLE: Record<StaffAction, Record<string, unknown>> = {
  setSubmissionStatus: { kind: 'contact', id: 'contact-1', status: 'answered' },
  decidePreorder: { id: 'preorder-1', decision: 'approve' },
  resendPass: { id: 'preorder-1' },
  confirmTradeIn: { orderId: 'order-1' },
  declineTradeIn: { orderId: 'order-1' },
  grantRole: { email: 'someone@example.com', role: 'support' },
  lookupCustomer: { email: 'someone@example.com' },
  resendVerification: { uid: 'someone' },
  recountCounters: {},
  recordReply: { id: 'contact-1' },
};
const ACTIONS = Object.keys(STAFF_ACTIONS) as StaffAction[];
const ADMIN_ONLY = ACTIONS.filter((action) => !(STAFF_ACTIONS[action] as readonly string[]).includes('support'));

async function auditEntries(): Promise<StaffAuditEntry[]> {
  return Object.values((await read<Record<string, StaffAuditEntry>>(harness.database, STAFF_AUDIT_PATH)) ?? {});
}

/** A pre-order as submitForm stores it: in its state, with its list keys. */
async function storePreorder(id: string, fields: Record<string, unknown> = {}) {
  const sent = { full__name: 'Ada Lovelace', email: `ada-${id}@example.com`, createdAt: 1_700_000_000_000, page: '/preorder', ...fields };
  const record = { ...sent, ...submissionIndexFields('preorder', sent) };
  await harness.database.ref(`submissions/preorder/${id}`).set(record);
  return record;
}

/** The ids a console page of one state finds: the query the lists make (src/data/list-index.ts). */
async function idsInState(kind: string, group: string, status: string): Promise<string[]> {
  const page = await harness.database.ref(`submissions/${kind}`).orderByChild('gs').equalTo(`${group}|${status}`).get();
  return Object.keys((page.val() ?? {}) as object);
}

/** The token's payload with other claims, re-encoded without a signature: what a forger can make. */
function forged(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${header}.${encode({ ...decoded, ...claims })}.`;
}

/** Waits for the next whole second: revocation compares whole seconds of a token's sign-in time. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
}

describe('who may call', () => {
  it.each(ACTIONS)('%s: 401 without a token or with one Auth did not issue', async (action) => {
    for (const token of [null, 'not-a-token']) {
      const answer = await harness.call(token, { action, ...SAMPLE[action] });
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ statusCode: 401, error: { message: expect.any(String) } });
    }
    expect((await harness.call(null, { action }, { Authorization: 'Basic abc' })).status).toBe(401);
  });

  it.each(ACTIONS)('%s: 403 for a customer, an unknown role and a role the customer wrote into a forged token', async (action) => {
    const customer = await harness.account();
    const unknownRole = await harness.account({ role: 'owner' });
    const wrongCase = await harness.account({ role: 'Admin' });
    for (const token of [customer.token, unknownRole.token, wrongCase.token, forged(customer.token, { role: 'admin' })]) {
      const answer = await harness.call(token, { action, ...SAMPLE[action] });
      expect([answer.status, answer.json]).toEqual([403, { statusCode: 403, error: { message: STAFF_ONLY } }]);
    }
  });

  it.each(ADMIN_ONLY)('%s: 403 for support, naming who may', async (action) => {
    const support = await harness.account({ role: 'support' });
    const answer = await harness.call(support.token, { action, ...SAMPLE[action] });
    expect([answer.status, answer.json]).toEqual([403, { statusCode: 403, error: { message: notAllowed(action) } }]);
    expect(notAllowed(action)).toBe('This action is for Leopard admins.');
  });

  it("a demoted admin's token still says admin, and is refused at once", async () => {
    const admin = await harness.account({ role: 'admin' });
    await harness.auth.setCustomUserClaims(admin.uid, {});
    const answer = await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email });
    expect([answer.status, answer.json]).toEqual([403, { statusCode: 403, error: { message: STAFF_ONLY } }]);
    await harness.auth.setCustomUserClaims(admin.uid, { role: 'support' });
    expect((await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email })).json).toMatchObject({
      error: { message: ROLE_CHANGED },
    });
  });

  it('a token whose claim still says a role the server no longer records is refused (removed elsewhere, or the account deleted)', async () => {
    const admin = await harness.account({ role: 'admin' });
    await harness.database.ref(`${STAFF_ROLES_PATH}/${admin.uid}`).remove();
    const removed = await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email });
    expect([removed.status, removed.json]).toEqual([403, { statusCode: 403, error: { message: STAFF_ONLY } }]);
    await harness.database.ref(`${STAFF_ROLES_PATH}/${admin.uid}`).set('support');
    const lowered = await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email });
    expect([lowered.status, lowered.json]).toEqual([403, { statusCode: 403, error: { message: ROLE_CHANGED } }]);
    await harness.database.ref(`${STAFF_ROLES_PATH}/${admin.uid}`).set('admin');
    expect((await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email })).status).toBe(200);
  });

  it('a disabled staff account is refused', async () => {
    const admin = await harness.account({ role: 'admin' });
    await harness.auth.updateUser(admin.uid, { disabled: true });
    expect((await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email })).status).toBe(401);
  });

  it('answers only POST from the site, and refuses other origins', async () => {
    const admin = await harness.account({ role: 'admin' });
    const get = await fetch(harness.urls.staff, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(get.status).toBe(405);
    const elsewhere = await harness.call(admin.token, { action: 'lookupCustomer', email: admin.email }, { Origin: 'https://evil.example' });
    expect(elsewhere.status).toBe(403);
    const preflight = await fetch(harness.urls.staff, { method: 'OPTIONS', headers: { Origin: SITE } });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, SITE]);
  });

  it('refuses bad input with 400 naming the field, and a huge body with 413', async () => {
    const admin = await harness.account({ role: 'admin' });
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'deleteEverything' }, 'action'],
      [{ action: 'setSubmissionStatus', kind: 'preorder', id: 'x', status: 'new' }, 'kind'],
      [{ action: 'setSubmissionStatus', kind: 'contact', id: '../../customers', status: 'answered' }, 'id'],
      [{ action: 'setSubmissionStatus', kind: 'waitlist', id: 'x', status: 'answered' }, 'status'],
      [{ action: 'decidePreorder', id: 'x', decision: 'maybe' }, 'decision'],
      [{ action: 'grantRole', email: 'x@example.com', role: 'owner' }, 'role'],
      [{ action: 'lookupCustomer', email: 'not an email' }, 'email'],
      [{ action: 'resendVerification', uid: 'a/b' }, 'uid'],
      [{ action: 'confirmTradeIn', orderId: { '.sv': 'timestamp' } }, 'orderId'],
    ];
    for (const [body, field] of cases) {
      const answer = await harness.call(admin.token, body);
      expect([answer.status, (answer.json.error as { field?: string }).field]).toEqual([400, field]);
    }
    expect((await harness.call(admin.token, ['lookupCustomer'])).status).toBe(400);
    const huge = await harness.call(admin.token, {
      action: 'lookupCustomer',
      email: admin.email,
      padding: 'x'.repeat(STAFF_MAX_BODY_BYTES * 10),
    });
    expect(huge.status).toBe(413);
    expect(await auditEntries()).toEqual([]);
  });
});

describe('setSubmissionStatus', () => {
  it('support answers an inquiry: the state is written beside what the visitor sent, and audited', async () => {
    const support = await harness.account({ role: 'support' });
    const inquiry = {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      city: 'London',
      message: 'Hi',
      createdAt: 1,
      page: '/contact',
    };
    await harness.database.ref('submissions/contact/c1').set({ ...inquiry, ...submissionIndexFields('contact', inquiry) });
    const answer = await harness.call(support.token, { action: 'setSubmissionStatus', kind: 'contact', id: 'c1', status: 'answered' });
    expect(answer).toEqual({
      status: 200,
      json: { statusCode: 200, data: { kind: 'contact', id: 'c1', status: 'answered', changed: true } },
    });
    expect(await read(harness.database, 'submissions/contact/c1')).toEqual({
      ...inquiry,
      status: 'answered',
      g: 'contact',
      gs: 'contact|answered',
      ge: 'contact|ada@example.com',
      gn: 'contact|ada',
      gse: 'contact|answered|ada@example.com',
      gsn: 'contact|answered|ada',
      statusChangedAt: expect.any(Number),
      statusChangedBy: support.uid,
    });
    expect(await auditEntries()).toEqual([
      {
        actorUid: support.uid,
        actorEmail: support.email,
        role: 'support',
        action: 'setSubmissionStatus',
        target: 'submissions/contact/c1',
        at: expect.any(Number),
        detail: 'answered',
      },
    ]);

    // Counted for the audit log's "of N" in the same write.
    expect(await read(harness.database, 'staff_list_counters/audit')).toEqual({ setSubmissionStatus: 1 });

    const again = await harness.call(support.token, { action: 'setSubmissionStatus', kind: 'contact', id: 'c1', status: 'answered' });
    expect(again.json).toMatchObject({ data: { changed: false } });
    expect(await auditEntries()).toHaveLength(1);
    expect(await read(harness.database, 'staff_list_counters/audit')).toEqual({ setSubmissionStatus: 1 });
  });

  it('moves a waitlist entry through its own states, and finds no record it would create', async () => {
    const admin = await harness.account({ role: 'admin' });
    await harness.database
      .ref('submissions/waitlist/w1')
      .set({ full__name: 'Grace', email: 'g@example.com', createdAt: 1, page: '/waitlist' });
    const contacted = await harness.call(admin.token, { action: 'setSubmissionStatus', kind: 'waitlist', id: 'w1', status: 'contacted' });
    expect(contacted.status).toBe(200);
    const missing = await harness.call(admin.token, { action: 'setSubmissionStatus', kind: 'waitlist', id: 'w404', status: 'archived' });
    expect(missing.status).toBe(404);
    expect(await read(harness.database, 'submissions/waitlist/w404')).toBeNull();
    expect((await auditEntries()).map((entry) => [entry.role, entry.target])).toEqual([['admin', 'submissions/waitlist/w1']]);
  });

  it('a moved entry leaves its old state’s page in the same write: no list keeps it under the state it left', async () => {
    const admin = await harness.account({ role: 'admin' });
    const sent = { full__name: 'Grace Hopper', email: 'Grace@Example.com', createdAt: 1, page: '/waitlist', programme: 'builder' };
    await harness.database.ref('submissions/waitlist/w1').set({ ...sent, ...submissionIndexFields('waitlist', sent) });
    expect(await idsInState('waitlist', 'builder', 'new')).toEqual(['w1']);
    await harness.call(admin.token, { action: 'setSubmissionStatus', kind: 'waitlist', id: 'w1', status: 'archived' });
    expect(await idsInState('waitlist', 'builder', 'new')).toEqual([]);
    expect(await idsInState('waitlist', 'builder', 'archived')).toEqual(['w1']);
    expect(await read(harness.database, 'submissions/waitlist/w1')).toMatchObject({
      status: 'archived',
      g: 'builder',
      ge: 'builder|grace@example.com',
      gse: 'builder|archived|grace@example.com',
      gsn: 'builder|archived|grace hopper',
    });
  });
});

describe('decidePreorder and the Space pass', () => {
  it('ten approvals at once (two tabs, a double click) issue one pass and send one mail', async () => {
    const admin = await harness.account({ role: 'admin' });
    const preorder = await storePreorder('p1');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => harness.call(admin.token, { action: 'decidePreorder', id: 'p1', decision: 'approve' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const data = answers.map((answer) => answer.json.data as { issued: boolean; pass: { code: string }; mail: string | null });
    expect(data.filter((one) => one.issued)).toHaveLength(1);
    const code = data[0]!.pass.code;
    expect(isPassCode(code)).toBe(true);
    expect(new Set(data.map((one) => one.pass.code))).toEqual(new Set([code]));
    expect(data.find((one) => one.issued)).toMatchObject({ status: 'approved', mail: 'sent', passUrl: `${SITE}/space-pass/${code}` });

    expect(Object.keys((await read(harness.database, SPACE_PASSES_PATH)) ?? {})).toEqual([code]);
    expect(await read(harness.database, `${SPACE_PASSES_PATH}/${code}`)).toEqual({
      name: 'Ada Lovelace',
      preorderId: 'p1',
      issuedAt: expect.any(Number),
    });
    expect(await read(harness.database, 'submissions/preorder/p1')).toEqual({
      ...preorder,
      ...submissionIndexFields('preorder', preorder, 'approved'),
      statusChangedAt: expect.any(Number),
      statusChangedBy: admin.uid,
      pass: { code, issuedAt: expect.any(Number), mailedAt: expect.any(Number) },
    });
    const mails = harness.emailjs.received();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ withPrivateKey: true, params: { to_email: preorder.email, subject: 'Your Space beta-tester pass' } });
    for (const body of [mails[0]!.params.message_text, mails[0]!.params.message_html]) {
      expect(body).toContain('Ada Lovelace');
      expect(body).toContain(`${SITE}/space-pass/${code}`);
    }
    expect((await auditEntries()).map((entry) => [entry.action, entry.target, entry.detail])).toEqual([
      ['decidePreorder', 'submissions/preorder/p1', 'approved; pass mail sent'],
    ]);

    // The link in the mail opens the pass: the public function shows the person's name.
    const page = await fetch(`${harness.urls.spacePass}?code=${code}`, { headers: { Origin: SITE } });
    expect([page.status, await page.json()]).toEqual([
      200,
      { statusCode: 200, data: { name: 'Ada Lovelace', issuedAt: expect.any(Number) } },
    ]);
  });

  it('refuses to decline an approved pre-order and to approve a declined one, saying why; a decline mails the person once', async () => {
    const admin = await harness.account({ role: 'admin' });
    await storePreorder('approved');
    const declinedRecord = await storePreorder('declined');
    expect((await harness.call(admin.token, { action: 'decidePreorder', id: 'approved', decision: 'approve' })).status).toBe(200);
    const decline = await harness.call(admin.token, { action: 'decidePreorder', id: 'approved', decision: 'decline' });
    expect([decline.status, (decline.json.error as { message: string }).message]).toEqual([409, expect.stringMatching(/approved/)]);

    const declined = await harness.call(admin.token, { action: 'decidePreorder', id: 'declined', decision: 'decline' });
    expect(declined.json).toEqual({
      statusCode: 200,
      data: { id: 'declined', status: 'declined', pass: null, passUrl: null, issued: false, mail: 'sent' },
    });
    const approve = await harness.call(admin.token, { action: 'decidePreorder', id: 'declined', decision: 'approve' });
    expect([approve.status, (approve.json.error as { message: string }).message]).toEqual([409, expect.stringMatching(/declined/)]);
    // A second press (another tab) changes nothing and mails nobody again.
    const again = await harness.call(admin.token, { action: 'decidePreorder', id: 'declined', decision: 'decline' });
    expect(again.json).toMatchObject({ data: { status: 'declined', mail: null } });

    expect(await read(harness.database, 'submissions/preorder/declined/pass')).toBeNull();
    // Each decision moved the pre-order's list keys with its state.
    expect(await idsInState('preorder', 'preorder', 'pending')).toEqual([]);
    expect(await idsInState('preorder', 'preorder', 'approved')).toEqual(['approved']);
    expect(await idsInState('preorder', 'preorder', 'declined')).toEqual(['declined']);
    const mails = harness.emailjs.received();
    expect(mails.map((mail) => [mail.params.to_email, mail.params.subject])).toEqual([
      [`ada-approved@example.com`, 'Your Space beta-tester pass'],
      [declinedRecord.email, 'Your Leopard Space pre-order was declined'],
    ]);
    // Like the form's confirmation, the decline carries nothing the visitor typed.
    expect(mails[1]!.params.message_text).not.toContain('Ada Lovelace');
    expect(mails[1]!.params.message_text).toContain(`${SITE}/contact`);
    expect((await auditEntries()).map((entry) => entry.detail)).toEqual(['approved; pass mail sent', 'declined; decline mail sent']);
    expect((await harness.call(admin.token, { action: 'decidePreorder', id: 'nobody', decision: 'approve' })).status).toBe(404);
    expect(await read(harness.database, 'submissions/preorder/nobody')).toBeNull();
  });

  it('an admin reopens a declined pre-order (back to pending, then approvable); an approved one is not reopened; support may not', async () => {
    const admin = await harness.account({ role: 'admin' });
    const support = await harness.account({ role: 'support' });
    await storePreorder('reopen', { status: 'declined', statusChangedAt: 1, statusChangedBy: 'someone' });
    await storePreorder('issued');
    expect((await harness.call(support.token, { action: 'decidePreorder', id: 'reopen', decision: 'reopen' })).status).toBe(403);
    const reopened = await harness.call(admin.token, { action: 'decidePreorder', id: 'reopen', decision: 'reopen' });
    expect(reopened.json).toMatchObject({ statusCode: 200, data: { id: 'reopen', status: 'pending', mail: null } });
    expect(await read(harness.database, 'submissions/preorder/reopen')).toMatchObject({
      status: 'pending',
      gs: 'preorder|pending',
      gsn: 'preorder|pending|ada lovelace',
      statusChangedBy: admin.uid,
    });
    const approved = await harness.call(admin.token, { action: 'decidePreorder', id: 'reopen', decision: 'approve' });
    expect(approved.json).toMatchObject({ data: { status: 'approved', issued: true } });

    expect((await harness.call(admin.token, { action: 'decidePreorder', id: 'issued', decision: 'approve' })).status).toBe(200);
    const refused = await harness.call(admin.token, { action: 'decidePreorder', id: 'issued', decision: 'reopen' });
    expect([refused.status, (refused.json.error as { message: string }).message]).toEqual([409, expect.stringMatching(/only a declined/)]);
    expect(await read(harness.database, 'submissions/preorder/issued/status')).toBe('approved');
    expect((await auditEntries()).map((entry) => entry.detail)).toEqual([
      'reopened',
      'approved; pass mail sent',
      'approved; pass mail sent',
    ]);
  });

  it('without mail settings the pass is issued, the answer says so and gives the link; resendPass mails it later', async () => {
    const admin = await harness.account({ role: 'admin' });
    await storePreorder('p2');
    harness.deps.mail = { ...harness.configuredMail, publicKey: '' };
    const approved = await harness.call(admin.token, { action: 'decidePreorder', id: 'p2', decision: 'approve' });
    const { pass, passUrl, mail } = approved.json.data as { pass: { code: string; mailedAt?: number }; passUrl: string; mail: string };
    expect([mail, passUrl, pass.mailedAt]).toEqual(['not-configured', `${SITE}/space-pass/${pass.code}`, undefined]);
    expect(harness.emailjs.received()).toEqual([]);

    harness.deps.mail = harness.configuredMail;
    harness.emailjs.fail({ status: 500, times: 1 });
    const failed = await harness.call(admin.token, { action: 'resendPass', id: 'p2' });
    expect(failed.json).toMatchObject({ data: { mail: 'failed', issued: false, pass: { code: pass.code } } });

    const resent = await harness.call(admin.token, { action: 'resendPass', id: 'p2' });
    expect(resent.json).toMatchObject({ data: { mail: 'sent', issued: false, pass: { code: pass.code, mailedAt: expect.any(Number) } } });
    expect(await read(harness.database, 'submissions/preorder/p2/pass/mailedAt')).toEqual(expect.any(Number));
    expect(harness.emailjs.received().map((received) => received.params.to_email)).toEqual(['ada-p2@example.com']);
    expect((await auditEntries()).map((entry) => [entry.action, entry.detail])).toEqual([
      ['decidePreorder', 'approved; pass mail not-configured'],
      ['resendPass', 'pass mail sent'],
    ]);
  });

  it('resendPass refuses a pre-order with no pass, and an unknown one', async () => {
    const admin = await harness.account({ role: 'admin' });
    await storePreorder('pending');
    expect((await harness.call(admin.token, { action: 'resendPass', id: 'pending' })).status).toBe(409);
    expect((await harness.call(admin.token, { action: 'resendPass', id: 'nobody' })).status).toBe(404);
    expect(harness.emailjs.received()).toEqual([]);
  });
});

describe('confirmTradeIn', () => {
  async function storeOrder(orderId: string, fields: Record<string, unknown> = {}) {
    const customer = await harness.stripe.customers.create({ email: `buyer-${orderId}@example.com` });
    const order = {
      applicationExist: true,
      modelExistsOn: 'wix',
      customerId: customer.id,
      payment_status: 'paid',
      paymentsMade: 1,
      ...fields,
    };
    await harness.database.ref(orderPath(orderId)).set(order);
    return customer.id;
  }

  it("credits the catalogue's reward to the customer's Stripe balance once, under five presses at once", async () => {
    const admin = await harness.account({ role: 'admin' });
    const orderId = '-TradeInOrder0000001';
    const customerId = await storeOrder(orderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => harness.call(admin.token, { action: 'confirmTradeIn', orderId })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    const outcomes = answers.map((answer) => (answer.json.data as { outcome: string }).outcome);
    expect(outcomes.sort()).toEqual(['already-credited', 'already-credited', 'already-credited', 'already-credited', 'credited']);
    expect(answers[0]!.json.data).toMatchObject({ orderId, tradeIn: { status: expect.any(String), amount: TRADE_IN_REWARD_CENTS } });

    const transactions = await harness.stripe.customers.listBalanceTransactions(customerId);
    expect(transactions.data.map((transaction) => transaction.amount)).toEqual([-TRADE_IN_REWARD_CENTS]);
    expect((await harness.stripe.customers.retrieve(customerId)) as { balance: number }).toMatchObject({ balance: -TRADE_IN_REWARD_CENTS });
    expect(await read(harness.database, `${orderPath(orderId)}/tradeIn`)).toMatchObject({ status: 'credited', creditedBy: admin.uid });

    const again = await harness.call(admin.token, { action: 'confirmTradeIn', orderId });
    expect(again.json).toMatchObject({ data: { outcome: 'already-credited' } });
    const audited = (await auditEntries()).filter((entry) => entry.action === 'confirmTradeIn');
    expect(audited.map((entry) => entry.target)).toEqual(Array(outcomes.filter((o) => o === 'credited').length).fill(orderPath(orderId)));
  });

  it('refuses an order that declared no trade-in (409, saying why) and an unknown order (404)', async () => {
    const admin = await harness.account({ role: 'admin' });
    await storeOrder('-TradeInOrder0000002', { applicationExist: false });
    const refused = await harness.call(admin.token, { action: 'confirmTradeIn', orderId: '-TradeInOrder0000002' });
    expect([refused.status, (refused.json.error as { message: string }).message]).toEqual([409, expect.stringMatching(/trade in/)]);
    expect((await harness.call(admin.token, { action: 'confirmTradeIn', orderId: '-TradeInOrder0000404' })).status).toBe(404);
    expect(await read(harness.database, orderPath('-TradeInOrder0000404'))).toBeNull();
    expect(await auditEntries()).toEqual([]);
  });

  it('refuses a checkout never paid and a canceled plan with the reason the console shows, crediting and mailing nothing', async () => {
    const admin = await harness.account({ role: 'admin' });
    const unpaid = '-TradeInOrder0000003';
    const canceled = '-TradeInOrder0000004';
    await storeOrder(unpaid, { payment_status: 'unpaid', paymentsMade: 0, customerId: null });
    const customerId = await storeOrder(canceled, { subscriptionStatus: 'canceled' });
    for (const [orderId, reason] of [
      [unpaid, TRADE_IN_REFUSALS.unpaid],
      [canceled, TRADE_IN_REFUSALS.ended],
    ] as const) {
      const refused = await harness.call(admin.token, { action: 'confirmTradeIn', orderId });
      expect([refused.status, (refused.json.error as { message: string }).message]).toEqual([409, reason]);
      expect(await read(harness.database, `${orderPath(orderId)}/tradeIn`)).toBeNull();
    }
    expect((await harness.stripe.customers.listBalanceTransactions(customerId)).data).toEqual([]);
    expect(harness.emailjs.received()).toEqual([]);
    expect(await auditEntries()).toEqual([]);
  });

  it('the credit mails the customer once: the order, the platform and the amount', async () => {
    const admin = await harness.account({ role: 'admin' });
    const orderId = '-TradeInOrder0000005';
    await storeOrder(orderId, {
      customerEmail: 'buyer-5@example.com',
      buyer: 'buyer-uid-5',
      product: 'websites',
      tier: 'earth',
      billingPeriod: 'monthly',
    });
    await Promise.all(Array.from({ length: 3 }, () => harness.call(admin.token, { action: 'confirmTradeIn', orderId })));
    const mails = harness.emailjs.received();
    expect(mails.map((mail) => [mail.params.to_email, mail.params.subject])).toEqual([
      ['buyer-5@example.com', 'Your Leopard trade-in is credited'],
    ]);
    expect(mails[0]!.params.message_text).toContain('Trade-in: Wix — credited $750.');
    expect(mails[0]!.params.message_text).toContain(`${SITE}${paths.orderCard(orderId)}`);
  });
});

describe('declineTradeIn', () => {
  async function storeOrder(orderId: string, fields: Record<string, unknown> = {}) {
    const order = {
      applicationExist: true,
      modelExistsOn: 'wordpress',
      customerId: 'cus_decline1',
      customerEmail: 'buyer-decline@example.com',
      payment_status: 'paid',
      paymentsMade: 1,
      ...fields,
    };
    await harness.database.ref(orderPath(orderId)).set(order);
  }

  it('declines once under three presses, mails the customer once, and the declined trade-in is never credited', async () => {
    const admin = await harness.account({ role: 'admin' });
    const orderId = '-TradeInDecline00001';
    await storeOrder(orderId);
    const answers = await Promise.all(Array.from({ length: 3 }, () => harness.call(admin.token, { action: 'declineTradeIn', orderId })));
    expect(answers.map((answer) => (answer.json.data as { outcome: string }).outcome).sort()).toEqual([
      'already-declined',
      'already-declined',
      'declined',
    ]);
    expect(await read(harness.database, `${orderPath(orderId)}/tradeIn`)).toEqual({
      status: 'declined',
      amount: 0,
      declinedAt: expect.any(Number),
      declinedBy: admin.uid,
    });
    const mails = harness.emailjs.received();
    expect(mails.map((mail) => [mail.params.to_email, mail.params.subject])).toEqual([
      ['buyer-decline@example.com', 'Your Leopard trade-in was declined'],
    ]);
    expect(mails[0]!.params.message_text).toContain('Trade-in: WordPress — declined.');

    // A confirm after the decline (another admin's stale tab, a script) credits nothing.
    const confirm = await harness.call(admin.token, { action: 'confirmTradeIn', orderId });
    expect([confirm.status, (confirm.json.error as { message: string }).message]).toEqual([409, TRADE_IN_DECIDED.declined]);
    expect(await read(harness.database, `${orderPath(orderId)}/tradeIn/status`)).toBe('declined');
    expect((await auditEntries()).map((entry) => [entry.action, entry.detail])).toEqual([
      ['declineTradeIn', 'trade-in declined; mail sent'],
    ]);
  });

  it('refuses to decline a credited trade-in, an order that declared none, and support', async () => {
    const admin = await harness.account({ role: 'admin' });
    const support = await harness.account({ role: 'support' });
    const credited = '-TradeInDecline00002';
    await storeOrder(credited, { tradeIn: { status: 'credited', amount: TRADE_IN_REWARD_CENTS, creditedAt: 1, creditedBy: 'x' } });
    await storeOrder('-TradeInDecline00003', { applicationExist: false });
    const refused = await harness.call(admin.token, { action: 'declineTradeIn', orderId: credited });
    expect([refused.status, (refused.json.error as { message: string }).message]).toEqual([409, TRADE_IN_DECIDED.credited]);
    expect(await read(harness.database, `${orderPath(credited)}/tradeIn/status`)).toBe('credited');
    expect((await harness.call(admin.token, { action: 'declineTradeIn', orderId: '-TradeInDecline00003' })).status).toBe(409);
    expect((await harness.call(support.token, { action: 'declineTradeIn', orderId: credited })).status).toBe(403);
    expect(harness.emailjs.received()).toEqual([]);
  });
});

describe('spacePass', () => {
  it('answers the same 404 for an unknown code and a malformed one, and shows a name as text', async () => {
    await harness.database.ref(`${SPACE_PASSES_PATH}/AAAAAAAAAAAAAAAAAAAAAAAAAA`).set({ name: '<b>Ada</b>', preorderId: 'p', issuedAt: 5 });
    const get = async (query: string) => {
      const response = await fetch(`${harness.urls.spacePass}${query}`);
      return [response.status, await response.json()];
    };
    expect(await get('?code=AAAAAAAAAAAAAAAAAAAAAAAAAA')).toEqual([200, { statusCode: 200, data: { name: '<b>Ada</b>', issuedAt: 5 } }]);
    const notFound = await get('?code=BBBBBBBBBBBBBBBBBBBBBBBBBB');
    expect(notFound[0]).toBe(404);
    for (const query of [
      '',
      '?code=aaaaaaaaaaaaaaaaaaaaaaaaaa',
      '?code=AAAA',
      '?code=../space_passes',
      '?code=A&code=B',
      `?code=${'A'.repeat(27)}`,
    ]) {
      expect(await get(query)).toEqual(notFound);
    }
    expect((await fetch(harness.urls.spacePass, { method: 'POST' })).status).toBe(405);
    expect(
      (await fetch(`${harness.urls.spacePass}?code=AAAAAAAAAAAAAAAAAAAAAAAAAA`, { headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(403);
  });
});

describe('accounts', () => {
  it('grantRole gives and takes a role, keeping the other claims; the new staff member signs in again to use it', async () => {
    const admin = await harness.account({ role: 'admin' });
    const person = await harness.account({ claims: { beta: true } });
    const granted = await harness.call(admin.token, { action: 'grantRole', email: person.email.toUpperCase(), role: 'support' });
    expect(granted.json).toEqual({
      statusCode: 200,
      data: { uid: person.uid, email: person.email, role: 'support', previousRole: null, changed: true },
    });
    expect((await harness.auth.getUser(person.uid)).customClaims).toEqual({ beta: true, role: 'support' });

    expect(await read(harness.database, `${STAFF_ROLES_PATH}/${person.uid}`)).toBe('support');

    expect((await harness.call(person.token, { action: 'lookupCustomer', email: person.email })).status).toBe(403);
    const fresh: TestAccount = { ...person, token: await harness.signIn(person) };
    expect((await harness.call(fresh.token, { action: 'lookupCustomer', email: person.email })).status).toBe(200);

    const removed = await harness.call(admin.token, { action: 'grantRole', email: person.email, role: 'none' });
    expect(removed.json).toMatchObject({ data: { role: null, previousRole: 'support', changed: true } });
    expect((await harness.auth.getUser(person.uid)).customClaims).toEqual({ beta: true });
    expect(await read(harness.database, `${STAFF_ROLES_PATH}/${person.uid}`)).toBeNull();
    // Refused as revoked (401) or, within the second of the revocation, by the claim (403).
    expect([401, 403]).toContain((await harness.call(fresh.token, { action: 'lookupCustomer', email: person.email })).status);

    expect((await auditEntries()).map((entry) => [entry.action, entry.target, entry.detail])).toEqual([
      ['grantRole', `user:${person.uid}`, 'none → support'],
      ['grantRole', `user:${person.uid}`, 'support → none'],
    ]);
  });

  it("removing or lowering a role revokes the person's sessions: every token from before is refused as revoked", async () => {
    const admin = await harness.account({ role: 'admin' });
    const revoked = (token: string) =>
      harness.auth.verifyIdToken(token, true).then(
        () => false,
        (error: { code?: string }) => error.code === 'auth/id-token-revoked',
      );
    for (const [from, to] of [
      ['support', 'none'],
      ['admin', 'support'],
    ] as const) {
      const person = await harness.account({ role: from });
      // Revocation counts whole seconds: a token from the same second as the revocation would pass.
      await nextSecond();
      expect((await harness.call(admin.token, { action: 'grantRole', email: person.email, role: to })).status).toBe(200);
      expect(await revoked(person.token)).toBe(true);
    }
    // A promotion takes nothing away: the person's session goes on, and picks the role up at its next refresh.
    const promoted = await harness.account({ role: 'support' });
    await nextSecond();
    expect((await harness.call(admin.token, { action: 'grantRole', email: promoted.email, role: 'admin' })).status).toBe(200);
    expect(await revoked(promoted.token)).toBe(false);
  });

  it('two admins removing each other at the same moment leave one admin: exactly one change is made', async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = [await harness.account({ role: 'admin' }), await harness.account({ role: 'admin' })];
      const answers = await Promise.all([
        harness.call(first.token, { action: 'grantRole', email: second.email, role: 'none' }),
        harness.call(second.token, { action: 'grantRole', email: first.email, role: 'none' }),
      ]);
      expect(
        answers.filter((answer) => answer.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      const loser = answers.find((answer) => answer.status !== 200)!;
      expect([401, 403, 409]).toContain(loser.status);
      const winner = answers[0]!.status === 200 ? first : second;
      const removed = winner === first ? second : first;
      expect(await read(harness.database, `${STAFF_ROLES_PATH}/${winner.uid}`)).toBe('admin');
      expect(await read(harness.database, `${STAFF_ROLES_PATH}/${removed.uid}`)).toBeNull();
      expect((await harness.auth.getUser(winner.uid)).customClaims).toEqual({ role: 'admin' });
      expect((await harness.auth.getUser(removed.uid)).customClaims ?? {}).toEqual({});
    }
  });

  it("an admin whose own role ends between the check of their token and the change changes nobody's role", async () => {
    const admin = await harness.account({ role: 'admin' });
    const other = await harness.account({ role: 'admin' });
    const person = await harness.account({ role: 'support' });
    const auth = harness.deps.auth;
    // Another admin's removal of this one lands after the token was checked: the change reads the
    // record again inside its transaction.
    let removal: Promise<unknown> | null = null;
    harness.deps.auth = Object.assign(Object.create(auth) as typeof auth, {
      getUserByEmail: async (email: string) => {
        const user = await auth.getUserByEmail(email);
        removal ??= harness.call(other.token, { action: 'grantRole', email: admin.email, role: 'none' });
        if (email === person.email) expect(await removal).toMatchObject({ status: 200 });
        return user;
      },
    });
    try {
      const answer = await harness.call(admin.token, { action: 'grantRole', email: person.email, role: 'none' });
      expect([answer.status, answer.json]).toEqual([409, { statusCode: 409, error: { message: ROLE_ENDED_MEANWHILE } }]);
    } finally {
      harness.deps.auth = auth;
    }
    expect(await read(harness.database, `${STAFF_ROLES_PATH}/${person.uid}`)).toBe('support');
    expect((await harness.auth.getUser(person.uid)).customClaims).toEqual({ role: 'support' });
    expect(await read(harness.database, `${STAFF_ROLES_PATH}/${admin.uid}`)).toBeNull();
  });

  it('an admin cannot take away their own role, so the console always keeps one', async () => {
    const admin = await harness.account({ role: 'admin' });
    for (const role of ['none', 'support']) {
      const answer = await harness.call(admin.token, { action: 'grantRole', email: admin.email, role });
      expect(answer.status).toBe(409);
    }
    expect((await harness.auth.getUser(admin.uid)).customClaims).toEqual({ role: 'admin' });
    expect((await harness.call(admin.token, { action: 'grantRole', email: admin.email, role: 'admin' })).json).toMatchObject({
      data: { changed: false },
    });
    expect((await harness.call(admin.token, { action: 'grantRole', email: 'nobody@example.com', role: 'admin' })).status).toBe(404);
    expect(await auditEntries()).toEqual([]);
  });

  it("lookupCustomer shows Auth's view and the Stripe customer, and changes nothing", async () => {
    const support = await harness.account({ role: 'support' });
    const customer = await harness.account({ verified: false });
    await harness.database.ref(`customers/${customer.uid}`).set({ stripeCustomerId: 'cus_Test123', createdAt: 1 });
    const answer = await harness.call(support.token, { action: 'lookupCustomer', email: customer.email });
    expect(answer.json).toEqual({
      statusCode: 200,
      data: {
        uid: customer.uid,
        email: customer.email,
        emailVerified: false,
        disabled: false,
        createdAt: expect.any(Number),
        lastSignInAt: expect.any(Number),
        role: null,
        stripeCustomerId: 'cus_Test123',
        stripeDashboardUrl: 'https://dashboard.stripe.com/test/customers/cus_Test123',
      },
    });
    const staffLookup = await harness.call(support.token, { action: 'lookupCustomer', email: support.email });
    expect(staffLookup.json).toMatchObject({
      data: { role: 'support', emailVerified: true, stripeCustomerId: null, stripeDashboardUrl: null },
    });
    expect((await harness.call(support.token, { action: 'lookupCustomer', email: 'nobody@example.com' })).status).toBe(404);
    expect(await auditEntries()).toEqual([]);
  });

  it('lookupCustomer opens an account from the customer list by its uid; an unknown or malformed uid is refused', async () => {
    const support = await harness.account({ role: 'support' });
    const customer = await harness.account();
    const answer = await harness.call(support.token, { action: 'lookupCustomer', uid: customer.uid });
    expect(answer.json).toMatchObject({ statusCode: 200, data: { uid: customer.uid, email: customer.email } });
    expect((await harness.call(support.token, { action: 'lookupCustomer', uid: 'no-such-account' })).status).toBe(404);
    expect((await harness.call(support.token, { action: 'lookupCustomer', uid: 42 })).json).toMatchObject({
      statusCode: 400,
      error: { field: 'uid' },
    });
    // A customer's own token cannot look anyone up by uid either.
    expect((await harness.call(customer.token, { action: 'lookupCustomer', uid: support.uid })).status).toBe(403);
    expect(await auditEntries()).toEqual([]);
  });

  it('lookupCustomer shows a claim without the server’s record as no role, and granting it again writes the record', async () => {
    const admin = await harness.account({ role: 'admin' });
    const claimOnly = await harness.account({ claims: { role: 'support' } });
    expect((await harness.call(admin.token, { action: 'lookupCustomer', email: claimOnly.email })).json).toMatchObject({
      data: { role: null },
    });
    expect((await harness.call(claimOnly.token, { action: 'lookupCustomer', email: admin.email })).status).toBe(403);
    const granted = await harness.call(admin.token, { action: 'grantRole', email: claimOnly.email, role: 'support' });
    expect(granted.json).toMatchObject({ data: { role: 'support', previousRole: null, changed: true } });
    expect(await read(harness.database, `${STAFF_ROLES_PATH}/${claimOnly.uid}`)).toBe('support');
    expect((await harness.call(claimOnly.token, { action: 'lookupCustomer', email: admin.email })).status).toBe(200);
  });

  it('resendVerification mails a fresh link from Auth through the mail module; refuses a verified email', async () => {
    const support = await harness.account({ role: 'support' });
    const customer = await harness.account({ verified: false });
    const answer = await harness.call(support.token, { action: 'resendVerification', uid: customer.uid });
    expect(answer.json).toEqual({ statusCode: 200, data: { uid: customer.uid, email: customer.email, mail: 'sent' } });
    const [mail] = harness.emailjs.received();
    expect(mail).toMatchObject({ withPrivateKey: true, params: { to_email: customer.email, subject: 'Verify your Leopard email' } });
    const link = /(http\S+oobCode\S+)/.exec(mail!.params.message_text as string)![1]!;
    expect(new URL(link).searchParams.get('mode')).toBe('verifyEmail');
    expect(new URL(new URL(link).searchParams.get('continueUrl')!).origin).toBe(SITE);
    expect(JSON.stringify(answer.json)).not.toContain('oobCode');

    // The link verifies the account, as the person's click does (Auth then sends them on to the site).
    expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
    expect((await harness.auth.getUser(customer.uid)).emailVerified).toBe(true);
    expect((await harness.call(support.token, { action: 'resendVerification', uid: customer.uid })).status).toBe(409);
    expect((await harness.call(support.token, { action: 'resendVerification', uid: 'nobody' })).status).toBe(404);
    expect((await auditEntries()).map((entry) => [entry.action, entry.target, entry.role])).toEqual([
      ['resendVerification', `user:${customer.uid}`, 'support'],
    ]);
  });

  it(`resendVerification sends one account at most ${VERIFICATION_MAIL_ALLOWANCE.max} mails a day, whoever presses, and says so`, async () => {
    const [support, admin] = [await harness.account({ role: 'support' }), await harness.account({ role: 'admin' })];
    const [customer, another] = [await harness.account({ verified: false }), await harness.account({ verified: false })];
    for (let sent = 0; sent < VERIFICATION_MAIL_ALLOWANCE.max; sent++) {
      const token = sent % 2 === 0 ? support.token : admin.token;
      expect((await harness.call(token, { action: 'resendVerification', uid: customer.uid })).status).toBe(200);
    }
    for (const token of [support.token, admin.token]) {
      const answer = await harness.call(token, { action: 'resendVerification', uid: customer.uid });
      expect([answer.status, answer.json]).toEqual([429, { statusCode: 429, error: { message: VERIFICATION_MAIL_LIMIT } }]);
    }
    const raw = await fetch(harness.urls.staff, {
      method: 'POST',
      headers: { Authorization: `Bearer ${support.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'resendVerification', uid: customer.uid }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(VERIFICATION_MAIL_LIMIT).toBe(
      'This account has been sent 5 verification mails in the last 24 hours. Try again later, or ask the person to check their spam folder.',
    );
    expect(harness.emailjs.received().filter((mail) => mail.params.to_email === customer.email)).toHaveLength(
      VERIFICATION_MAIL_ALLOWANCE.max,
    );
    // Another account's mails are counted apart.
    expect((await harness.call(support.token, { action: 'resendVerification', uid: another.uid })).status).toBe(200);
  });
});
