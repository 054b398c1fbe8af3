// exportAccountData against the Auth emulator and the database emulator: every section of the
// file, and nothing of anyone else's (another buyer's orders, another address's submissions, the
// staff member who handled something), the daily allowance, and the refusals.
import { describe, expect, it } from 'vitest';
import { identityToolkit } from '../testing/auth-emulator.testing';
import { SITE, newOrderId, paidOrder, signUpProfile, useAccountHarness, type AccountHarness } from './account.testing';
import { EXPORT_ALLOWANCE, EXPORT_FILENAME, EXPORT_UNITS, type AccountExport } from './export-data';
import { orderPath } from '../../../src/data/orders';
import type { SubmissionKind } from '../../../src/config/data-limits';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';

/** A submission as its writers store it: with its state and the list keys the export finds it by. */
const stored = (kind: SubmissionKind, record: Record<string, unknown>) => ({ ...record, ...submissionIndexFields(kind, record) });

const h: AccountHarness = useAccountHarness('export-data');
const iso = (ms: number) => new Date(ms).toISOString();

async function download(token: string | null, body: unknown = {}, headers: Record<string, string> = {}) {
  const response = await fetch(h.urls.exportAccountData, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Record<string, unknown> };
}

function order(buyer: string, extra: Record<string, unknown> = {}) {
  const id = newOrderId(h);
  const record = paidOrder(id, {
    securitySelected: true,
    buyer,
    stripeId: 'cs_test_export',
    createdAt: 1_795_000_000_000,
    subscriptionId: 'sub_export1',
    customerId: 'cus_export1',
    paymentsMade: 2,
    ...extra,
  });
  return { id, record };
}

describe('exportAccountData', () => {
  it('holds every section of the account, and nothing of anyone else', async () => {
    const account = await h.account();
    const other = await h.account();
    await h.database.ref(`users/${account.uid}`).update({ receiveAnnouncements: false, receiveAppsMusicTV: true });
    await h.database
      .ref(`billing/${account.uid}`)
      .set({ card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, cardFetchedAt: 5 });
    await h.database
      .ref(`billing/${other.uid}`)
      .set({ card: { brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2030 }, cardFetchedAt: 5 });
    const mine = order(account.uid, {
      invoices: {
        in_1: {
          number: 'LEOPARD-0001',
          total: 8300,
          tax: 0,
          amountPaid: 8300,
          amountDue: 8300,
          status: 'paid',
          createdAt: 1,
          fetchedAt: 1,
        },
        // A downgrade's proration invoice: Stripe's negative total went to the balance.
        in_2: {
          number: 'LEOPARD-0002',
          total: -80_438,
          tax: -5_438,
          amountPaid: 0,
          amountDue: 0,
          status: 'paid',
          createdAt: 2,
          fetchedAt: 2,
        },
      },
      refunds: { ch_1: { amountRefunded: 1000, chargeAmount: 8300, chargedAt: 1, fetchedAt: 2 } },
      applicationExist: true,
      modelExistsOn: 'wordpress',
      tradeIn: { status: 'credited', amount: 5000, creditedAt: 3, creditedBy: 'staff-uid-1', balanceTransactionId: 'cbtxn_1' },
    });
    const theirs = order(other.uid);
    const guest = order('', { customerEmail: account.email });
    delete (guest.record as Record<string, unknown>).buyer;
    for (const { id, record } of [mine, theirs, guest]) await h.database.ref(orderPath(id)).set(record);
    // The address as typed in another case: the export still finds it.
    const inquiry = {
      name: 'Ada',
      email: account.email.toUpperCase(),
      phone: '+1 555 123 4567',
      city: 'London',
      message: 'Hello',
      createdAt: 1,
      page: '/contact',
      status: 'answered',
    };
    await h.database.ref('submissions').set({
      contact: {
        c1: stored('contact', { ...inquiry, statusChangedBy: 'staff-uid-2' }),
        c2: stored('contact', {
          name: 'Bob',
          email: other.email,
          phone: '+1 555 123 4568',
          city: 'Paris',
          message: 'Not Ada',
          createdAt: 2,
          page: '/contact',
        }),
        // Filed under the account's address key by a bad write: its own address still says whose it is.
        c3: {
          ...stored('contact', {
            name: 'Mallory',
            email: other.email,
            phone: '+1 555 123 4569',
            city: 'Rome',
            message: 'Forged key',
            createdAt: 5,
            page: '/contact',
          }),
          ge: stored('contact', { email: account.email }).ge,
        },
      },
      waitlist: {
        w1: stored('waitlist', { full__name: 'Ada', email: account.email, programme: 'builder', createdAt: 3, page: '/waitlist' }),
      },
      preorder: { p1: stored('preorder', { full__name: 'Someone', email: `x${account.email}`, createdAt: 4, page: '/preorder' }) },
    });

    const answer = await download(account.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${EXPORT_FILENAME}"`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = answer.json as unknown as AccountExport;
    expect(Object.keys(data).sort()).toEqual([
      'account',
      'cardOnFile',
      'consents',
      'exportedAt',
      'orders',
      'profile',
      'submissions',
      'units',
    ]);
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(0);
    expect(data.account).toEqual({ email: account.email, emailVerified: true, createdAt: expect.any(String) });
    const { emailVerified: _copy, ...profile } = signUpProfile(account.email);
    expect(data.profile).toEqual({ ...profile, receiveAnnouncements: false, receiveAppsMusicTV: true });
    expect(data.consents).toEqual({ receiveAnnouncements: false, receiveAppsMusicTV: true });
    expect(data.cardOnFile).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: mine.id,
      product: 'websites',
      productAmount: 8300,
      subscriptionId: 'sub_export1',
      subscriptionStatus: 'active',
      subscriptionState: 'Active',
      paymentsMade: 2,
      invoices: [
        { invoiceId: 'in_1', number: 'LEOPARD-0001', kind: 'charge', chargeCents: 8300, taxCents: 0, status: 'paid' },
        { invoiceId: 'in_2', number: 'LEOPARD-0002', kind: 'credit', creditCents: 80_438, taxCents: 5_438, status: 'paid' },
      ],
      refunds: [{ chargeId: 'ch_1', amountRefunded: 1000, chargeAmount: 8300 }],
      tradeIn: { platform: 'WordPress', state: 'credited', creditedCents: 5000, decidedAt: new Date(3).toISOString() },
    });
    // The credit is labelled as one, never a negative figure beside "paid".
    for (const invoice of data.orders[0]!.invoices) expect(Object.keys(invoice)).not.toContain('total');
    expect(answer.text).not.toContain('-80438');
    expect(answer.text).not.toContain('-5438');
    expect(data.submissions.contact).toEqual([{ id: 'c1', ...inquiry, createdAt: iso(1) }]);
    expect(data.submissions.waitlist).toEqual([
      { id: 'w1', full__name: 'Ada', email: account.email, programme: 'builder', createdAt: iso(3), page: '/waitlist', status: 'new' },
    ]);
    expect(data.submissions.preorder).toEqual([]);
    // Nothing of the other account, the guest order with the same address, or the staff.
    for (const foreign of [
      other.uid,
      other.email,
      theirs.id,
      guest.id,
      '4444',
      'staff-uid-1',
      'staff-uid-2',
      'Not Ada',
      'Forged key',
      'Someone',
    ]) {
      expect(answer.text, foreign).not.toContain(foreign);
    }
  });

  it('says its units once, gives every time as ISO 8601 UTC, and one emailVerified, from Auth, over a stale copy in the profile', async () => {
    const account = await h.account();
    // Sign-up wrote false before the address was verified; Auth says it is verified now.
    await h.database.ref(`users/${account.uid}/emailVerified`).set(false);
    const mine = order(account.uid, {
      invoices: {
        in_1: {
          total: 8300,
          tax: 300,
          status: 'paid',
          createdAt: 1_795_000_000_000,
          periodStart: 1_795_000_000_000,
          periodEnd: 1_797_600_000_000,
        },
      },
    });
    await h.database.ref(orderPath(mine.id)).set(mine.record);
    const answer = await download(account.token);
    const data = answer.json as unknown as AccountExport;
    expect(data.units).toEqual(EXPORT_UNITS);
    expect(data.account.emailVerified).toBe(true);
    expect(data.profile).not.toHaveProperty('emailVerified');
    expect(answer.text.match(/"emailVerified"/g)).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      createdAt: iso(1_795_000_000_000),
      productAmount: 8300,
      invoices: [
        {
          kind: 'charge',
          chargeCents: 8300,
          taxCents: 300,
          createdAt: iso(1_795_000_000_000),
          periodStart: iso(1_795_000_000_000),
          periodEnd: iso(1_797_600_000_000),
        },
      ],
    });
    // No time anywhere in the file is a bare number.
    expect(answer.text).not.toMatch(/"\w*(At|[pP]eriodEnd|[pP]eriodStart)": \d/);
  });

  it('holds a declared trade-in nobody decided yet as awaiting, and a declined one as declined', async () => {
    const account = await h.account();
    const awaiting = order(account.uid, { applicationExist: true, modelExistsOn: 'wix', createdAt: 1_795_000_000_002 });
    const declined = order(account.uid, {
      applicationExist: true,
      modelExistsOn: 'wordpress',
      tradeIn: { status: 'declined', amount: 0, declinedAt: 5, declinedBy: 'staff-uid-3' },
    });
    for (const { id, record } of [awaiting, declined]) await h.database.ref(orderPath(id)).set(record);
    const answer = await download(account.token);
    const orders = (answer.json as unknown as AccountExport).orders;
    expect(orders.find((exported) => exported.id === awaiting.id)).toMatchObject({
      tradeIn: { platform: 'Wix', state: 'awaiting', creditedCents: null, decidedAt: null },
    });
    expect(orders.find((exported) => exported.id === declined.id)).toMatchObject({
      tradeIn: { platform: 'WordPress', state: 'declined', creditedCents: null, decidedAt: new Date(5).toISOString() },
    });
    expect(answer.text).not.toContain('staff-uid-3');
  });

  it('leaves the submissions out while the account’s address is not verified', async () => {
    const account = await h.account({ verified: false });
    await h.database
      .ref('submissions/waitlist/w1')
      .set(stored('waitlist', { full__name: 'Ada', email: account.email, createdAt: 3, page: '/waitlist' }));
    const data = (await download(account.token)).json as unknown as AccountExport;
    expect(data.submissions).toEqual({ contact: [], waitlist: [], preorder: [] });
    expect(data.account.emailVerified).toBe(false);
  });

  it('an account without a profile gets an empty profile and consents off', async () => {
    const account = await h.account({ profile: false });
    const data = (await download(account.token)).json as unknown as AccountExport;
    expect(data).toMatchObject({
      profile: null,
      consents: { receiveAnnouncements: false, receiveAppsMusicTV: false },
      cardOnFile: null,
      orders: [],
    });
  });

  it(`allows ${EXPORT_ALLOWANCE.max} downloads a day per account`, async () => {
    const account = await h.account({ profile: false });
    const other = await h.account({ profile: false });
    for (let use = 0; use < EXPORT_ALLOWANCE.max; use += 1) expect((await download(account.token)).status).toBe(200);
    const refused = await download(account.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await download(other.token)).status).toBe(200);
  });

  it('refuses without a sign-in, an anonymous visitor, another origin and a huge body', async () => {
    const account = await h.account();
    expect((await download(null)).status).toBe(401);
    const visitor = (await identityToolkit(h.authUrl, 'signUp', { returnSecureToken: true })).idToken as string;
    expect((await download(visitor)).status).toBe(401);
    expect((await download(account.token, {}, { Origin: 'https://evil.example' })).status).toBe(403);
    const allowed = await download(account.token, {}, { Origin: SITE });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await download(account.token, { padding: 'x'.repeat(5000) })).status).toBe(413);
  });
});
