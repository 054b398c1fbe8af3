// A console list read a page at a time, through the Firebase SDK against the database emulator
// under the project's rules, signed in as staff: 60 inquiries with their index fields, walked both
// ways, filtered, searched by name (accents and case aside) and by address, and a new one arriving
// live on page 1. Every page is a query the rules allow, on an indexed field: never the node.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp } from 'firebase/app';
import * as sdk from 'firebase/database';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { LIST_PAGE_LIMIT, submissionIndex, submissionRange, type ListQuery } from '@/data/list-index';
import {
  isDescending,
  pageSizeOf,
  watchPage,
  type Cursor,
  type DatabaseSource,
  type PageRead,
  type PageRequest,
} from '@/features/staff/lists/paged-list';
import { readPageOnce } from './read-page.testing';

const HOST_PORT = inject('testDatabaseHost');
const NAMESPACE = `console-lists-${randomUUID().slice(0, 8)}`;
const app = initializeApp({ projectId: 'demo-leopard', databaseURL: `http://${HOST_PORT}?ns=${NAMESPACE}` }, NAMESPACE);
const db = sdk.getDatabase(app);
const STAFF_UID = 'staff-reader';
const colon = HOST_PORT.lastIndexOf(':');
sdk.connectDatabaseEmulator(db, HOST_PORT.slice(0, colon), Number(HOST_PORT.slice(colon + 1)), {
  mockUserToken: { sub: STAFF_UID, role: 'support' },
});
const source: DatabaseSource = () => Promise.resolve([db, sdk]);

const CONTACT = 'submissions/contact';

/** The database as the server writes it (the functions' Admin SDK): past the rules. */
async function asServer(method: 'PUT' | 'PATCH', path: string, body: string): Promise<void> {
  const response = await fetch(`http://${HOST_PORT}/${path}?ns=${NAMESPACE}`, {
    method,
    headers: { Authorization: 'Bearer owner' },
    body,
  });
  expect(response.status, await response.text()).toBe(200);
}

interface Seeded {
  key: string;
  name: string;
  email: string;
  status: 'new' | 'answered';
}

/** 60 inquiries, oldest first (push ids grow with time); every third answered. Two are Zoë's. */
const seeded: Seeded[] = [];

function nameOf(n: number): string {
  if (n === 7) return 'Zoë Ångström';
  if (n === 40) return 'zoe barros';
  return `Person ${String(n).padStart(2, '0')}`;
}

function inquiry(n: number): Seeded {
  // A push id made here, as the server's push makes one: they grow with time.
  const key = sdk.push(sdk.ref(db, CONTACT)).key!;
  const name = nameOf(n);
  const email = n === 7 ? 'zoe@example.org' : `person${String(n).padStart(2, '0')}@example.com`;
  return { key, name, email, status: n % 3 === 0 ? 'answered' : 'new' };
}

const stored = ({ name, email, status }: Seeded, createdAt: number) => ({
  name,
  email,
  message: 'Hello',
  status,
  createdAt,
  ...submissionIndex({ kind: 'contact', status, email, name }),
});

// The SDK warns when a query's field has no index and filters the whole node in the client instead.
const warnings: string[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
  await asServer('PUT', '.settings/rules.json', readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8'));
  const writes: Record<string, unknown> = { [`staff_roles/${STAFF_UID}`]: 'support' };
  for (let n = 0; n < 60; n++) {
    const entry = inquiry(n);
    seeded.push(entry);
    writes[`${CONTACT}/${entry.key}`] = stored(entry, 1_700_000_000_000 + n);
  }
  // Another list's records in another node never show; nor does a record of the inbox without its
  // index fields (none exist once the backfill has run).
  writes['submissions/waitlist/-other'] = {
    full__name: 'Person 99',
    email: 'person99@example.com',
    ...submissionIndex({ kind: 'waitlist', status: 'new', email: 'person99@example.com', name: 'Person 99' }),
  };
  await asServer('PATCH', '.json', JSON.stringify(writes));
});

afterAll(async () => {
  sdk.goOffline(db);
  await deleteApp(app);
});

const requestOf = (query: Partial<ListQuery>, pageSize?: number): PageRequest => {
  const full: ListQuery = { group: 'contact', status: null, search: '', sort: 'newest', ...query };
  const range = submissionRange(full);
  return { path: CONTACT, range, descending: isDescending(range, full.sort), ...(pageSize !== undefined && { pageSize }) };
};

const readPage = (request: PageRequest, cursor: Cursor | null): Promise<PageRead> => readPageOnce(source, request, cursor);

/** Every page from the first, following each page's cursor, and the cursors that led there. */
async function walk(request: PageRequest): Promise<{ pages: string[][]; cursors: Cursor[] }> {
  const pages: string[][] = [];
  const cursors: Cursor[] = [];
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await readPage(request, cursor);
    pages.push(page.rows.map((row) => row.key));
    if (!page.next) return { pages, cursors };
    cursors.push(page.next);
    cursor = page.next;
  }
}

const keysOf = (entries: readonly Seeded[]) => entries.map((entry) => entry.key);

describe('a list read a page at a time', () => {
  it('newest first: 25, 25 and 10, each record once, and Previous gives back the same page', async () => {
    const request = requestOf({ sort: 'newest' });
    const { pages, cursors } = await walk(request);
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(keysOf(seeded).reverse());
    // Previous from page 3 reads page 2 from its cursor again; from page 2, the first page.
    expect((await readPage(request, cursors[0]!)).rows.map((row) => row.key)).toEqual(pages[1]);
    expect((await readPage(request, null)).rows.map((row) => row.key)).toEqual(pages[0]);
  });

  it('oldest first runs forwards through the same records', async () => {
    const { pages } = await walk(requestOf({ sort: 'oldest' }));
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(keysOf(seeded));
  });

  it('a state filter pages through that state only', async () => {
    const { pages } = await walk(requestOf({ status: 'answered', sort: 'newest' }, 8));
    expect(pages.map((page) => page.length)).toEqual([8, 8, 4]);
    expect(pages.flat()).toEqual(keysOf(seeded.filter((entry) => entry.status === 'answered')).reverse());
  });

  it('name A–Z orders by the name as searched, ties by arrival', async () => {
    const { pages } = await walk(requestOf({ sort: 'name' }));
    const names = pages.flat().map((key) => seeded.find((entry) => entry.key === key)!.name);
    expect(names).toHaveLength(60);
    expect(names.slice(0, 2)).toEqual(['Person 00', 'Person 01']);
    expect(names.slice(-2)).toEqual(['Zoë Ångström', 'zoe barros']);
  });

  it('a name search finds the prefix whatever its accents and case, and nobody else', async () => {
    for (const typed of ['zoe', 'ZOË', '  Zoë  Å']) {
      const page = await readPage(requestOf({ search: typed }), null);
      const found = page.rows.map((row) => seeded.find((entry) => entry.key === row.key)!.name);
      expect(found, typed).toEqual(typed.includes('Å') ? ['Zoë Ångström'] : ['Zoë Ångström', 'zoe barros']);
      expect(page.next).toBeNull();
    }
    const inState = await readPage(requestOf({ search: 'person 0', status: 'answered' }), null);
    expect(inState.rows.map((row) => (row.value as { name: string }).name)).toEqual(['Person 00', 'Person 03', 'Person 06', 'Person 09']);
  });

  it('a search with an @ finds addresses by their beginning, in the state filtered', async () => {
    const emails = async (query: Partial<ListQuery>) =>
      (await readPage(requestOf(query), null)).rows.map((row) => (row.value as { email: string }).email);
    expect(await emails({ search: 'Zoe@' })).toEqual(['zoe@example.org']);
    expect(await emails({ search: ' PERSON20@EX' })).toEqual(['person20@example.com']);
    expect(await emails({ search: 'person21@', status: 'answered' })).toEqual(['person21@example.com']);
    expect(await emails({ search: 'person20@', status: 'answered' })).toEqual([]);
    // Another list's address is not this list's.
    expect(await emails({ search: 'person99@' })).toEqual([]);
  });

  it('never asks for more than the rules allow, however large a page is asked for', async () => {
    expect(pageSizeOf({ pageSize: 10_000 })).toBe(LIST_PAGE_LIMIT - 1);
    expect(pageSizeOf({ pageSize: 0 })).toBe(1);
    expect(pageSizeOf({})).toBe(25);
    // The rules refuse this staff member the node, and a page of more than LIST_PAGE_LIMIT…
    await expect(sdk.get(sdk.ref(db, CONTACT))).rejects.toThrow(/permission/i);
    const tooMany = sdk.query(sdk.ref(db, CONTACT), sdk.orderByChild('g'), sdk.equalTo('contact'), sdk.limitToLast(LIST_PAGE_LIMIT + 1));
    await expect(sdk.get(tooMany)).rejects.toThrow(/permission/i);
    // …so a page asked that large is read as the most the rules allow.
    const largest = await readPage(requestOf({ sort: 'oldest' }, 10_000), null);
    expect(largest.rows).toHaveLength(60);
    expect(largest.next).toBeNull();
  });

  it('page 1 takes in a new inquiry as it arrives, newest first, and stays 25 long', async () => {
    const request = requestOf({ sort: 'newest' });
    const pages: PageRead[] = [];
    const stop = await watchPage(
      source,
      request,
      null,
      (page) => pages.push(page),
      (error) => {
        throw error;
      },
    );
    try {
      await expect.poll(() => pages.length).toBe(1);
      const before = pages[0]!.rows.map((row) => row.key);
      const arrived = inquiry(60);
      await asServer('PUT', `${CONTACT}/${arrived.key}.json`, JSON.stringify(stored(arrived, 1_700_000_000_060)));
      await expect.poll(() => pages.at(-1)!.rows[0]?.key).toBe(arrived.key);
      const after = pages.at(-1)!;
      expect(after.rows.map((row) => row.key)).toEqual([arrived.key, ...before.slice(0, 24)]);
      expect(after.next).toEqual({ value: 'contact', key: before[24] });
    } finally {
      stop();
    }
  });

  it('read every page by an index the rules declare: the server picks the page, not the client', () => {
    expect(warnings.filter((warning) => /index/i.test(warning))).toEqual([]);
  });
});
