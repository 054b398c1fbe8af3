/** staffExport: a filtered list of the console as a CSV file, streamed
 *  (docs/decisions/0152-staff-export-and-recorded-reply.md).
 *  POST `{list, status?, search?, sort?}` with the staff member's ID token, checked as the `staff`
 *  function checks it (claim, account and staff_roles record). The records are read with the Admin
 *  SDK a page at a time by the list's index (src/data/list-index.ts) and each page is written out
 *  before the next is read, so a list of a million costs one page of memory. The export is audited
 *  before the first byte: a file cut off midway, or saved by someone who then closed the tab, is on
 *  record all the same. */
import type { Database, Query } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { logger } from 'firebase-functions';
import { KEY_RANGE_END, customerRange, submissionRange, type ListSort } from '../../../src/data/list-index';
import { BRAND } from '../../../src/config/brand';
import { STAFF_AUDIT_ACTIONS, SUBMISSION_STATUSES, statusOf, type StaffRole } from '../../../src/data/staff';
import {
  EXPORT_CONTENT_TYPE,
  EXPORT_LISTS,
  EXPORT_SEARCH_MAX,
  EXPORT_SOURCES,
  exportFileName,
  isExportList,
  type ExportList,
} from '../../../src/data/staff-export';
import { applyCors, requireMethod } from '../http/http';
import { audit } from './audit';
import { identifyStaff, type StaffMember } from './claims';
import type { StaffDependencies } from './context';
import type { SubmissionKind } from '../../../src/config/data-limits';
import { csvRow, isoTime, type CsvValue } from './csv';
import { answerRefusal, objectBody, refuseHugeBody } from './handler';
import { oneOf, type Body } from './input';
import { StaffRefusal } from './refusal';

/** Records read per query: enough that a million rows take a thousand round trips, few enough that a
 *  page of the longest records (5,000-character messages) is a few megabytes. */
export const EXPORT_PAGE_SIZE = 1000;

export interface ExportDependencies extends Pick<StaffDependencies, 'auth' | 'database' | 'siteOrigins' | 'now'> {
  pageSize?: number;
  /** Told each page's row count as it is written: the tests and the benchmark watch the paging. */
  onPage?: (rows: number) => void;
}

const SORTS: readonly ListSort[] = ['newest', 'oldest', 'name'];

/** What one export reads: the node, the child it is ordered by (null: the key), the range of that
 *  child's values, and whether it is read from the end (newest first). */
interface ReadPlan {
  path: string;
  field: string | null;
  start?: string;
  end?: string;
  backward: boolean;
}

interface ExportFilter {
  list: ExportList;
  status: string | null;
  search: string;
  sort: ListSort;
}

export function exportNotAllowed(list: ExportList): string {
  const roles = EXPORT_LISTS[list] as readonly StaffRole[];
  return `Exporting the ${list} list is for ${BRAND.name} ${roles.length === 1 ? `${roles[0]}s` : 'staff'}.`;
}

function filterOf(body: Body, role: StaffRole): ExportFilter {
  const list = body.list;
  if (!isExportList(list)) throw new StaffRefusal(400, `list must be one of ${Object.keys(EXPORT_LISTS).join(', ')}.`, 'list');
  if (!(EXPORT_LISTS[list] as readonly StaffRole[]).includes(role)) {
    throw new StaffRefusal(403, exportNotAllowed(list));
  }
  const sort = body.sort === undefined ? 'newest' : oneOf(body, 'sort', list === 'audit' ? SORTS.filter((s) => s !== 'name') : SORTS);
  const search = body.search ?? '';
  if (typeof search !== 'string' || search.length > EXPORT_SEARCH_MAX) {
    throw new StaffRefusal(400, `search must be text of at most ${EXPORT_SEARCH_MAX} characters.`, 'search');
  }
  if (list === 'audit' && search.trim() !== '')
    throw new StaffRefusal(400, 'The audit log is not searched: filter it by action.', 'search');
  if (body.status === undefined || body.status === null) return { list, status: null, search, sort };
  const kind = EXPORT_SOURCES[list].kind;
  if (list === 'customers') throw new StaffRefusal(400, 'Customers have no state to filter by.', 'status');
  const status = oneOf<string>(body, 'status', kind ? SUBMISSION_STATUSES[kind] : STAFF_AUDIT_ACTIONS);
  return { list, status, search, sort };
}

/** The customers' index as the console's list reads it (customerRange): a prefix bounds the range. */
function customersPlan(path: string, { search, sort }: ExportFilter): ReadPlan {
  const { field, prefix, descending } = customerRange(search, sort);
  return prefix ? { path, field, start: prefix, end: prefix + KEY_RANGE_END, backward: descending } : { path, field, backward: descending };
}

function planOf(filter: ExportFilter): ReadPlan {
  const { path } = EXPORT_SOURCES[filter.list];
  if (filter.list === 'customers') return customersPlan(path, filter);
  const backward = filter.sort === 'newest';
  if (filter.list === 'audit') {
    return filter.status ? { path, field: 'action', start: filter.status, end: filter.status, backward } : { path, field: null, backward };
  }
  const range = submissionRange({ group: filter.list, status: filter.status, search: filter.search, sort: filter.sort });
  // A search or the name order comes in the order of its key; only dates are read from the end.
  return { path, field: range.field, start: range.start, end: range.end, backward: range.byKey && backward };
}

type Stored = Record<string, unknown>;
type Entry = [key: string, value: Stored];

/** The plan's records a page at a time, each page in the file's order; the cursor is the last
 *  record's (value, key), so a page never repeats or skips a record whose value it shares. */
async function* readPages(database: Database, plan: ReadPlan, pageSize: number): AsyncGenerator<Entry[]> {
  let cursor: { value: string | number | null; key: string } | null = null;
  for (;;) {
    let query: Query = plan.field === null ? database.ref(plan.path).orderByKey() : database.ref(plan.path).orderByChild(plan.field);
    const bounded = (value: string | undefined, method: 'startAt' | 'endAt') => {
      if (value !== undefined) query = query[method](value);
    };
    if (plan.backward) {
      bounded(plan.start, 'startAt');
      if (cursor) query = plan.field === null ? query.endBefore(cursor.key) : query.endBefore(cursor.value, cursor.key);
      else bounded(plan.end, 'endAt');
      query = query.limitToLast(pageSize);
    } else {
      if (cursor) query = plan.field === null ? query.startAfter(cursor.key) : query.startAfter(cursor.value, cursor.key);
      else bounded(plan.start, 'startAt');
      bounded(plan.end, 'endAt');
      query = query.limitToFirst(pageSize);
    }
    const page: Entry[] = [];
    (await query.get()).forEach((child) => {
      const value: unknown = child.val();
      page.push([child.key!, typeof value === 'object' && value !== null ? (value as Stored) : {}]);
    });
    if (page.length === 0) return;
    if (plan.backward) page.reverse();
    const last = page.at(-1)!;
    const value = plan.field === null ? null : last[1][plan.field];
    cursor = { value: typeof value === 'string' || typeof value === 'number' ? value : null, key: last[0] };
    yield page;
    if (page.length < pageSize) return;
  }
}

/** A column of the file: its header and how a record (and its key) fills it. */
type Column = [header: string, cell: (key: string, record: Stored) => CsvValue];

const key = (header: string): Column => [header, (id) => id];
const field = (name: string, header = name): Column => [
  header,
  (_, record) => {
    const value = record[name];
    return typeof value === 'string' || typeof value === 'number' ? value : '';
  },
];
const time = (name: string, header = name): Column => [header, (_, record) => isoTime(record[name])];
const state = (kind: SubmissionKind): Column => ['status', (_, record) => statusOf(kind, record.status)];
const programme: Column = ['programme', (_, record) => (record.programme === 'builder' ? 'builder' : 'open-access')];
const passIssued: Column = ['passIssuedAt', (_, record) => isoTime((record.pass as Stored | undefined)?.issuedAt)];
const waitlist = [
  key('id'),
  time('createdAt', 'receivedAt'),
  state('waitlist'),
  programme,
  field('full__name', 'name'),
  field('email'),
  field('page'),
  time('statusChangedAt'),
];

/** Each list's columns: what a person sent and where it stands, never a pass's code (it opens the
 *  pass page) nor an index field. */
const COLUMNS: Record<ExportList, Column[]> = {
  contact: [
    key('id'),
    time('createdAt', 'receivedAt'),
    state('contact'),
    ...['name', 'email', 'phone', 'city', 'message', 'page'].map((name) => field(name)),
    time('statusChangedAt'),
    time('repliedAt'),
    field('repliedByEmail', 'repliedBy'),
  ],
  'open-access': waitlist,
  builder: waitlist,
  preorder: [
    key('id'),
    time('createdAt', 'receivedAt'),
    state('preorder'),
    field('full__name', 'name'),
    field('email'),
    field('page'),
    passIssued,
    time('statusChangedAt'),
  ],
  customers: [key('uid'), time('at', 'createdAt'), field('name'), field('email')],
  audit: [key('id'), time('at'), ...['actorEmail', 'actorUid', 'role', 'action', 'target', 'detail'].map((name) => field(name))],
};

/** What the audit entry says of the filter (at most 500 characters, as the rules allow). */
function describeFilter({ list, status, search, sort }: ExportFilter): string {
  return `list=${list} status=${status ?? 'all'} sort=${sort} search=${JSON.stringify(search)}`.slice(0, 500);
}

/** Waits until the response's buffer has room: a slow download holds the reading, not memory. */
function write(response: Response, chunk: string): Promise<void> {
  if (response.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      response.off('close', closed);
      resolve();
    };
    const closed = () => {
      response.off('drain', done);
      reject(new Error('staffExport: the client went away'));
    };
    response.once('drain', done);
    response.once('close', closed);
  });
}

async function stream(response: Response, deps: ExportDependencies, filter: ExportFilter): Promise<number> {
  const columns = COLUMNS[filter.list];
  // The byte order mark lets Excel read the file as UTF-8 (accents, non-Latin names).
  await write(response, `\uFEFF${csvRow(columns.map(([header]) => header))}`);
  let rows = 0;
  for await (const page of readPages(deps.database, planOf(filter), deps.pageSize ?? EXPORT_PAGE_SIZE)) {
    await write(response, page.map(([id, record]) => csvRow(columns.map(([, cell]) => cell(id, record)))).join(''));
    rows += page.length;
    deps.onPage?.(page.length);
  }
  return rows;
}

export async function handleStaffExport(request: Request, response: Response, deps: ExportDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  response.set('Cache-Control', 'no-store');
  let actor: StaffMember;
  let filter: ExportFilter;
  try {
    refuseHugeBody(request);
    actor = await identifyStaff(deps.auth, deps.database, request.get('Authorization'));
    filter = filterOf(objectBody(request, '{"list": …}'), actor.role);
  } catch (error) {
    answerRefusal(response, error);
    return;
  }
  const now = (deps.now ?? Date.now)();
  await audit(deps.database, actor, 'exportList', EXPORT_SOURCES[filter.list].path, now, describeFilter(filter));
  response.status(200);
  response.set('Content-Type', EXPORT_CONTENT_TYPE);
  response.set('Content-Disposition', `attachment; filename="${exportFileName(filter.list, now)}"`);
  // The site calls from its own origin: without this its page could not read the file's name.
  response.set('Access-Control-Expose-Headers', 'Content-Disposition');
  response.set('X-Content-Type-Options', 'nosniff');
  try {
    const rows = await stream(response, deps, filter);
    logger.info('staffExport: done', { list: filter.list, rows, actorUid: actor.uid });
    response.end();
  } catch (error) {
    // The file has begun: no error can be said in it any more. Cutting the connection makes the
    // browser's download fail instead of saving a file that looks whole.
    logger.error('staffExport: stopped midway', error, { list: filter.list });
    response.destroy();
  }
}
