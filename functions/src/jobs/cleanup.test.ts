// The daily clean-up's handler against the database emulator and firebase-tools' Auth emulator,
// through the Admin SDK as the schedule runs it (docs/decisions/0125-operations-and-cleanup.md):
// what is past its retention goes, everything still in use stays.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUBMISSION_QUOTA } from '../../../src/config/data-limits';
import { STAFF_AUDIT_ACTIONS } from '../../../src/data/staff';
import { TRADE_IN_STATES } from '../../../src/data/trade-in';
import { AUTH_CURSOR_PATH, CLEANUP_CURSOR_PATH, RATE_LIMIT_BUCKETS, RETENTION, runCleanup, type CleanupDependencies } from './cleanup';
import { allowanceKey, takeAllowance } from '../http/rate-limit';
import { startDatabaseApp, type DatabaseApp } from '../testing/emulators.testing';
import { sharedAuthEmulator, type SharedAuth } from '../testing/shared-auth.testing';

// A project of its own on the suite's shared Auth emulator: the clean-up lists and deletes the
// whole project's accounts, and the other files' accounts are in SHARED_AUTH_PROJECT.
const PROJECT = 'demo-cleanup';
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();

let authEmulator: SharedAuth;
let backend: DatabaseApp;
let db: Database;
let auth: Auth;

beforeAll(async () => {
  authEmulator = sharedAuthEmulator();
  backend = await startDatabaseApp('cleanup', PROJECT);
  db = backend.database;
  auth = getAuth(backend.app);
}, 120_000);

afterAll(async () => {
  await backend?.close();
}, 30_000);

beforeEach(async () => {
  await backend.reset();
  await fetch(`${authEmulator.url}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
});

/** A run as the schedule makes it, with no deadline unless the test gives one. */
const clean = (options: Partial<CleanupDependencies> = {}) => runCleanup({ database: db, auth, now: NOW, deadline: Infinity, ...options });
const keysOf = async (path: string) => Object.keys(((await db.ref(path).get()).val() as object | null) ?? {}).sort();

describe('runCleanup', () => {
  it('removes processed Stripe events older than 30 days and keeps the newer ones, which still answer redeliveries', async () => {
    await db.ref('stripe_events').set({
      evt_old: { type: 'checkout.session.completed', outcome: 'applied', processedAt: NOW - RETENTION.stripeEventsMs - 1 },
      evt_edge: { type: 'invoice.paid', outcome: 'applied', processedAt: NOW - RETENTION.stripeEventsMs + 60_000 },
      evt_new: { type: 'invoice.paid', outcome: 'ignored', reason: 'x', processedAt: NOW - DAY },
    });
    const report = await clean();
    expect(report.stripeEvents).toBe(1);
    expect(await keysOf('stripe_events')).toEqual(['evt_edge', 'evt_new']);
  });

  it('removes spent allowances and legacy quota windows, and keeps a window still counting (the limit still holds after)', async () => {
    const limit = { bucket: 'checkout-summary-miss', key: '203.0.113.9', max: 1, windowMs: DAY };
    await takeAllowance(db, { ...limit, now: NOW - 10_000 });
    await db
      .ref(`rate_limits/checkout-summary-miss/${allowanceKey('198.51.100.1')}`)
      .set({ uses: [NOW - RETENTION.rateLimitsMs - 5, NOW - RETENTION.rateLimitsMs - 1] });
    await db.ref(`rate_limits/account-export/${allowanceKey('uid-1')}`).set({ uses: [NOW - 30 * DAY] });
    await db.ref('submission_quota').set({
      visitorOld: { contact: { count: 5, windowStart: NOW - SUBMISSION_QUOTA.windowMs - 1, lastId: '-a' } },
      visitorMixed: {
        contact: { count: 1, windowStart: NOW - 2 * SUBMISSION_QUOTA.windowMs, lastId: '-b' },
        waitlist: { count: 1, windowStart: NOW - 60_000, lastId: '-c' },
      },
    });

    const report = await clean();
    expect(report).toMatchObject({ rateLimits: 2, submissionQuotas: 2 });
    expect(await keysOf('rate_limits')).toEqual(['checkout-summary-miss']);
    expect(await keysOf('rate_limits/checkout-summary-miss')).toEqual([allowanceKey(limit.key)]);
    expect(await keysOf('submission_quota')).toEqual(['visitorMixed']);
    expect(await keysOf('submission_quota/visitorMixed')).toEqual(['waitlist']);
    // The kept window still refuses a second use.
    expect(await takeAllowance(db, { ...limit, now: NOW })).toMatchObject({ allowed: false });
  });

  it('removes claim and manage links a month past their expiry; a link expired yesterday still says "expired"', async () => {
    const link = (expiresAt: number) => ({ tokenHash: 'a'.repeat(64), createdAt: expiresAt - 7 * DAY, expiresAt, mail: 'sent' });
    await db.ref('order_claim_links').set({
      orderOld: link(NOW - RETENTION.expiredLinksMs - 1),
      orderRecent: link(NOW - DAY),
      orderOpen: link(NOW + DAY),
    });
    await db.ref('manage_links').set({
      hashOld: { orderId: 'o1', expiresAt: NOW - RETENTION.expiredLinksMs - 1 },
      hashOpen: { orderId: 'o2', expiresAt: NOW + DAY },
    });
    const report = await clean();
    expect(report).toMatchObject({ claimLinks: 1, manageLinks: 1 });
    expect(await keysOf('order_claim_links')).toEqual(['orderOpen', 'orderRecent']);
    expect(await keysOf('manage_links')).toEqual(['hashOpen']);
  });

  it('removes anonymous visitors not seen for 30 days, never a person with an email, nor a visitor seen lately', async () => {
    const longAgo = new Date(NOW - RETENTION.anonymousUsersMs - DAY).toUTCString();
    await auth.importUsers([
      { uid: 'anon-idle', metadata: { creationTime: longAgo, lastSignInTime: longAgo } },
      { uid: 'person-idle', email: 'old@leopard.test', metadata: { creationTime: longAgo, lastSignInTime: longAgo } },
    ]);
    const lately = new Date(NOW - DAY).toUTCString();
    await auth.importUsers([{ uid: 'anon-seen-lately', metadata: { creationTime: longAgo, lastSignInTime: lately } }]);
    const person = await auth.createUser({ email: 'new@leopard.test', password: 'secret-123' });

    const report = await clean();
    expect(report.anonymousUsers).toBe(1);
    const left = (await auth.listUsers()).users.map((user) => user.uid).sort();
    expect(left).toEqual(['anon-seen-lately', person.uid, 'person-idle'].sort());
  });

  it('resumes the listing of Auth users where a run stopped, and starts over once a listing ends', async () => {
    const longAgo = new Date(NOW - RETENTION.anonymousUsersMs - DAY).toUTCString();
    const idle = ['anon-a', 'anon-b', 'anon-c', 'anon-d', 'anon-e'];
    await auth.importUsers(idle.map((uid) => ({ uid, metadata: { creationTime: longAgo, lastSignInTime: longAgo } })));
    const remaining = async () => (await auth.listUsers()).users.map((user) => user.uid).sort();

    // A run out of time lists one page and keeps its place.
    const first = await clean({ authPageSize: 2, deadline: 0 });
    expect(first.anonymousUsers).toBe(2);
    expect(await remaining()).toHaveLength(3);
    expect((await db.ref(AUTH_CURSOR_PATH).get()).exists()).toBe(true);

    // The next run goes on from there to the end, and the one after starts at the beginning.
    const second = await clean({ authPageSize: 2 });
    expect(second.anonymousUsers).toBe(3);
    expect(await remaining()).toEqual([]);
    expect((await db.ref(AUTH_CURSOR_PATH).get()).exists()).toBe(false);
    await auth.importUsers([{ uid: 'anon-a', metadata: { creationTime: longAgo, lastSignInTime: longAgo } }]);
    expect((await clean({ authPageSize: 2, deadline: 0 })).anonymousUsers).toBe(1);
  });

  it('removes closed_accounts records once no ID token of the account can be alive, and keeps the recent ones that still refuse writes', async () => {
    await db.ref('closed_accounts').set({
      uidOld: { closedAt: NOW - RETENTION.closedAccountsMs - 1 },
      uidEdge: { closedAt: NOW - RETENTION.closedAccountsMs + 60_000 },
      uidNew: { closedAt: NOW - 60_000 },
    });
    // An hour is the most an ID token lives: a closed account is still refused after it.
    expect(RETENTION.closedAccountsMs).toBeGreaterThan(60 * 60 * 1000);
    const report = await clean();
    expect(report.closedAccounts).toBe(1);
    expect(await keysOf('closed_accounts')).toEqual(['uidEdge', 'uidNew']);
  });

  it('on an empty project removes nothing, and a second run after a clean-up finds nothing more', async () => {
    const noDrift = (path: string, states: readonly string[]) => {
      const zeros = Object.fromEntries(states.map((state) => [state, 0]));
      return { path, before: zeros, after: zeros, drift: zeros, drifted: false };
    };
    const nothing = {
      stripeEvents: 0,
      rateLimits: 0,
      submissionQuotas: 0,
      claimLinks: 0,
      manageLinks: 0,
      closedAccounts: 0,
      counterEvents: 0,
      anonymousUsers: 0,
      unfinished: {},
      recount: {
        recounted: [
          noDrift('staff_counters/contact', ['new', 'answered', 'archived']),
          noDrift('staff_counters/waitlist', ['new', 'contacted', 'archived']),
          noDrift('staff_group_counters/open-access', ['new', 'contacted', 'archived']),
          noDrift('staff_group_counters/builder', ['new', 'contacted', 'archived']),
          noDrift('staff_counters/preorder', ['pending', 'approved', 'declined']),
          noDrift('staff_figures', ['activePlans', 'mrrCents']),
          noDrift('staff_list_counters/tradeIns', ['declared', ...TRADE_IN_STATES]),
          noDrift('staff_figures', ['customers']),
          noDrift('staff_list_counters/audit', STAFF_AUDIT_ACTIONS),
        ],
        stoppedAt: null,
      },
      listIndex: { submissions: 0, customers: 0, orders: 0, stoppedAt: null },
    };
    expect(await clean()).toEqual(nothing);
    await db.ref('stripe_events/evt_old').set({ type: 'x', outcome: 'applied', processedAt: 1 });
    await clean();
    expect(await clean()).toEqual(nothing);
  });

  it("prunes the counters' ledger of events older than 8 days, and keeps the newer ones that still stop a redelivery", async () => {
    await db.ref('jobs/staffCounters/events').set({
      eOld: { at: NOW - RETENTION.counterEventsMs - 1, state: 'counted' },
      eEdge: { at: NOW - RETENTION.counterEventsMs + 60_000, state: 'counted' },
      eNew: { at: NOW - 1000, state: 'claimed' },
    });
    expect(RETENTION.counterEventsMs).toBeGreaterThan(7 * DAY);
    const report = await clean();
    expect(report.counterEvents).toBe(1);
    expect(await keysOf('jobs/staffCounters/events')).toEqual(['eEdge', 'eNew']);
  });

  it('out of time, each part stops after a page and says where; the next run goes on from there and finishes', async () => {
    const old = NOW - RETENTION.stripeEventsMs - DAY;
    await db
      .ref('stripe_events')
      .set(Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((id) => [`evt_${id}`, { type: 'x', outcome: 'applied', processedAt: old }])));
    await db
      .ref('submission_quota')
      .set(Object.fromEntries(['u1', 'u2', 'u3', 'u4', 'u5'].map((uid) => [uid, { contact: { count: 1, windowStart: 1 } }])));
    await db.ref(`rate_limits/account-export`).set(Object.fromEntries(['k1', 'k2', 'k3'].map((key) => [key, { uses: [1] }])));

    const first = await clean({ pageSize: 2, deadline: 0 });
    expect(first).toMatchObject({ stripeEvents: 2, submissionQuotas: 2, rateLimits: 2 });
    expect(first.unfinished).toEqual({
      stripeEvents: '2 removed, more left',
      submissionQuotas: 'after u2',
      rateLimits: 'account-export after k2',
    });
    expect(await keysOf('stripe_events')).toHaveLength(3);
    expect((await db.ref(`${CLEANUP_CURSOR_PATH}/submission_quota`).get()).val()).toEqual({ after: 'u2', carry: 2 });

    const second = await clean({ pageSize: 2 });
    expect(second).toMatchObject({ stripeEvents: 3, submissionQuotas: 3, rateLimits: 1, unfinished: {} });
    expect(await keysOf('stripe_events')).toEqual([]);
    expect(await keysOf('submission_quota')).toEqual([]);
    expect((await db.ref(CLEANUP_CURSOR_PATH).get()).exists()).toBe(false);
  });

  it("recounts the console's counters after the clean-up and reports the drift it mended", async () => {
    await db.ref('submissions/preorder').set({ p1: { createdAt: 1 }, p2: { createdAt: 2, status: 'approved' } });
    await db.ref('staff_counters/preorder').set({ pending: 0, approved: 1, declined: 0 });
    const { recount } = await clean();
    expect(recount.recounted.find((report) => report.path === 'staff_counters/preorder')).toMatchObject({
      drift: { pending: 1 },
      drifted: true,
    });
    expect((await db.ref('staff_counters/preorder').get()).val()).toEqual({ pending: 1, approved: 1, declined: 0 });
  });

  it('walks every bucket a function counts in (a new bucket must be added to RATE_LIMIT_BUCKETS)', () => {
    const functionsSource = join(fileURLToPath(new URL('..', import.meta.url)));
    const buckets = new Set<string>();
    for (const file of readdirSync(functionsSource, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.testing.ts')) continue;
      for (const match of readFileSync(join(functionsSource, file), 'utf8').matchAll(/bucket: '([a-z0-9-]+)'/g)) buckets.add(match[1]!);
    }
    expect([...buckets].sort()).toEqual([...RATE_LIMIT_BUCKETS].sort());
  });
});
