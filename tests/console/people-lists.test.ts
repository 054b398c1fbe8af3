// The console's customers, audit log and trade-ins read a page at a time, through the Firebase SDK
// against the database emulator under the project's rules: 30 customers walked newest first, A–Z and
// searched by name (accents aside) and by address; the audit log newest first and by action, read
// by an admin and refused to support; the trade-ins all or by state, and no whole-node read of them.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp } from 'firebase/app';
import * as sdk from 'firebase/database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emailKey, searchKey } from '@/data/list-index';
import type { StaffRole } from '@/data/staff';
import type { Cursor, DatabaseSource, PageRequest } from '@/features/staff/lists/paged-list';
import {
  auditPageRequest,
  customerPageRequest,
  toAuditRow,
  toCustomerRow,
  toTradeInOrder,
  tradeInPageRequest,
} from '@/features/staff/people-lists';
import { readPageOnce } from './read-page.testing';

const HOST_PORT = inject('testDatabaseHost');
const NAMESPACE = `console-people-${randomUUID().slice(0, 8)}`;
const colon = HOST_PORT.lastIndexOf(':');

/** A browser signed in as a staff member of `role`, with the record that makes the role count. */
function staffBrowser(role: StaffRole): { db: sdk.Database; source: DatabaseSource; stop: () => Promise<void> } {
  const app = initializeApp({ projectId: 'demo-leopard', databaseURL: `http://${HOST_PORT}?ns=${NAMESPACE}` }, `${NAMESPACE}-${role}`);
  const db = sdk.getDatabase(app);
  sdk.connectDatabaseEmulator(db, HOST_PORT.slice(0, colon), Number(HOST_PORT.slice(colon + 1)), {
    mockUserToken: { sub: `staff-${role}`, role },
  });
  return {
    db,
    source: () => Promise.resolve([db, sdk]),
    stop: async () => {
      sdk.goOffline(db);
      await deleteApp(app);
    },
  };
}

const admin = staffBrowser('admin');
const support = staffBrowser('support');

async function asServer(method: 'PUT' | 'PATCH', path: string, body: string): Promise<void> {
  const response = await fetch(`http://${HOST_PORT}/${path}?ns=${NAMESPACE}`, { method, headers: { Authorization: 'Bearer owner' }, body });
  expect(response.status, await response.text()).toBe(200);
}

const JOINED = 1_750_000_000_000;
const nameOf = (n: number) => (n === 4 ? 'Zoë Ångström' : n === 17 ? 'zoe barros' : `Customer ${String(n).padStart(2, '0')}`);
const emailOf = (n: number) => (n === 4 ? 'Zoe.A@Example.org' : `customer${String(n).padStart(2, '0')}@example.com`);
const AUDIT_ACTIONS = ['setSubmissionStatus', 'grantRole', 'lookupCustomer'] as const;

beforeAll(async () => {
  await asServer('PUT', '.settings/rules.json', readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8'));
  const writes: Record<string, unknown> = { 'staff_roles/staff-admin': 'admin', 'staff_roles/staff-support': 'support' };
  // 30 accounts, uid-0 the oldest; customer_index as its trigger writes it.
  for (let n = 0; n < 30; n++) {
    const name = nameOf(n);
    const email = emailOf(n);
    writes[`customer_index/uid-${String(n).padStart(2, '0')}`] = {
      name,
      email,
      at: JOINED + n * 60_000,
      e: emailKey(email),
      n: searchKey(name),
    };
  }
  // 40 audit entries in push-id order, the actions in turn.
  for (let n = 0; n < 40; n++) {
    const key = sdk.push(sdk.ref(admin.db, 'staff_audit')).key!;
    writes[`staff_audit/${key}`] = {
      actorUid: 'staff-admin',
      actorEmail: 'admin@leopard.test',
      role: 'admin',
      action: AUDIT_ACTIONS[n % 3],
      target: `user:uid-${n}`,
      at: JOINED + n,
      detail: `entry ${n}`,
    };
  }
  // 6 orders with a trade-in, one without.
  const states = ['awaiting', 'credited', 'awaiting', 'declined', 'awaiting', 'crediting'];
  states.forEach((state, n) => {
    writes[`all_orders/order-${n}`] = { product: 'websites', tier: 'basic', buyer: 'uid-00', applicationExist: true, tradeInState: state };
  });
  writes['all_orders/order-plain'] = { product: 'websites', tier: 'basic', buyer: 'uid-00' };
  await asServer('PATCH', '.json', JSON.stringify(writes));
});

afterAll(async () => {
  await admin.stop();
  await support.stop();
});

const readPage = readPageOnce;

async function walk(source: DatabaseSource, request: PageRequest): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await readPage(source, request, cursor);
    pages.push(page.rows.map((row) => row.key));
    if (!page.next) return pages;
    cursor = page.next;
  }
}

const uids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `uid-${String(from + i).padStart(2, '0')}`);

describe('the customer list', () => {
  it('newest first in pages of 25, oldest first the other way, each account once', async () => {
    expect(await walk(support.source, customerPageRequest('', 'newest'))).toEqual([uids(5, 30).reverse(), uids(0, 5).reverse()]);
    expect((await walk(support.source, customerPageRequest('', 'oldest'))).flat()).toEqual(uids(0, 30));
  });

  it('Name A–Z, and a name search finds its beginning whatever the accents and case', async () => {
    const names = (await walk(support.source, customerPageRequest('', 'name'))).flat();
    expect(names.slice(-2)).toEqual(['uid-04', 'uid-17']);
    const found = await readPage(support.source, customerPageRequest('  ZOË ', 'newest'), null);
    expect(found.rows.map(toCustomerRow).map((row) => row.name)).toEqual(['Zoë Ångström', 'zoe barros']);
    expect(found.rows.map(toCustomerRow)[0]).toEqual({
      uid: 'uid-04',
      name: 'Zoë Ångström',
      email: 'Zoe.A@Example.org',
      joinedAt: JOINED + 4 * 60_000,
    });
  });

  it('a search with an @ finds addresses by their beginning', async () => {
    const emails = async (typed: string) =>
      (await readPage(support.source, customerPageRequest(typed, 'newest'), null)).rows.map((row) => toCustomerRow(row).email);
    expect(await emails('zoe.a@')).toEqual(['Zoe.A@Example.org']);
    expect(await emails('CUSTOMER2')).toEqual([]); // no @: a name search, and no name begins so
    expect(await emails('customer2@')).toEqual([]);
    expect(await emails('customer20@ex')).toEqual(['customer20@example.com']);
  });

  it('refuses a read of the whole customer_index, the attack a staff token could try', async () => {
    await expect(sdk.get(sdk.ref(support.db, 'customer_index'))).rejects.toThrow(/permission/i);
  });
});

describe('the audit log', () => {
  it('newest first in pages, an admin reading it', async () => {
    const pages = await walk(admin.source, auditPageRequest(null));
    expect(pages.map((page) => page.length)).toEqual([25, 15]);
    const first = (await readPage(admin.source, auditPageRequest(null), null)).rows.map(toAuditRow);
    expect(first[0]).toMatchObject({ action: 'setSubmissionStatus', detail: 'entry 39', actorEmail: 'admin@leopard.test', role: 'admin' });
    expect(first[24]!.detail).toBe('entry 15');
  });

  it('one action’s entries only, newest first', async () => {
    const pages = await walk(admin.source, { ...auditPageRequest('grantRole'), pageSize: 10 });
    expect(pages.map((page) => page.length)).toEqual([10, 3]);
    const first = (await readPage(admin.source, auditPageRequest('grantRole'), null)).rows.map(toAuditRow);
    expect(first.map((row) => row.detail).slice(0, 3)).toEqual(['entry 37', 'entry 34', 'entry 31']);
    expect(first.every((row) => row.action === 'grantRole')).toBe(true);
  });

  it('refuses an admin the whole log at once: only a page is read', async () => {
    await expect(sdk.get(sdk.ref(admin.db, 'staff_audit'))).rejects.toThrow(/permission/i);
    await expect(sdk.get(sdk.query(sdk.ref(admin.db, 'staff_audit'), sdk.orderByKey(), sdk.limitToLast(101)))).rejects.toThrow(
      /permission/i,
    );
  });

  it('refuses support, whatever page it asks for', async () => {
    await expect(readPage(support.source, auditPageRequest(null), null)).rejects.toThrow(/permission/i);
    await expect(readPage(support.source, auditPageRequest('grantRole'), null)).rejects.toThrow(/permission/i);
  });
});

describe('the trade-ins', () => {
  it('the old whole-list read of the trade-ins (applicationExist, no limit) is refused', async () => {
    const whole = sdk.query(sdk.ref(admin.db, 'all_orders'), sdk.orderByChild('applicationExist'), sdk.equalTo(true));
    await expect(sdk.get(whole)).rejects.toThrow(/permission/i);
  });

  it('all of them newest first, or one state’s, never the orders without one', async () => {
    const all = await readPage(admin.source, tradeInPageRequest(null), null);
    expect(all.rows.map((row) => row.key)).toEqual(['order-5', 'order-4', 'order-3', 'order-2', 'order-1', 'order-0']);
    expect(all.rows.map(toTradeInOrder).every((order) => order?.applicationExist === true)).toBe(true);
    const awaiting = await readPage(support.source, { ...tradeInPageRequest('awaiting'), pageSize: 2 }, null);
    expect(awaiting.rows.map((row) => row.key)).toEqual(['order-4', 'order-2']);
    const rest = await readPage(support.source, { ...tradeInPageRequest('awaiting'), pageSize: 2 }, awaiting.next);
    expect(rest.rows.map((row) => row.key)).toEqual(['order-0']);
    expect(rest.next).toBeNull();
  });
});
