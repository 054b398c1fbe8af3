/**
 * The console's CSV export of a filtered list: what the browser asks the `staffExport` function for
 * and what each list's file holds (docs/decisions/0152-staff-export-and-recorded-reply.md).
 * Shared by the function, the Export CSV button and the benchmark. Pure: no React, no Firebase.
 */
import type { SubmissionKind } from '../config/data-limits';
import type { ListSort } from './list-index';
import type { StaffRole } from './staff';

/** The HTTPS function's name under the functions' base URL. */
export const STAFF_EXPORT_FUNCTION = 'staffExport';

/** Each list a file can be made of, and who may have it: the audit log is an admin's, as on screen. */
export const EXPORT_LISTS = {
  contact: ['support', 'admin'],
  'open-access': ['support', 'admin'],
  builder: ['support', 'admin'],
  preorder: ['support', 'admin'],
  customers: ['support', 'admin'],
  audit: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type ExportList = keyof typeof EXPORT_LISTS;

export function isExportList(value: unknown): value is ExportList {
  return typeof value === 'string' && Object.hasOwn(EXPORT_LISTS, value);
}

/** Where each list's records are: the submissions' kind, or the node itself. */
export const EXPORT_SOURCES: Readonly<Record<ExportList, { path: string; kind: SubmissionKind | null }>> = {
  contact: { path: 'submissions/contact', kind: 'contact' },
  'open-access': { path: 'submissions/waitlist', kind: 'waitlist' },
  builder: { path: 'submissions/waitlist', kind: 'waitlist' },
  preorder: { path: 'submissions/preorder', kind: 'preorder' },
  customers: { path: 'customer_index', kind: null },
  audit: { path: 'staff_audit', kind: null },
};

/** POST body of staffExport: the list page's query as the page holds it. `status` is a state of the
 *  submissions, or an action for the audit log; `search` is as typed (no search in the audit log). */
export interface ExportRequest {
  list: ExportList;
  status?: string | null;
  search?: string;
  sort?: ListSort;
}

/** The longest search the export takes, as the list's search box allows. */
export const EXPORT_SEARCH_MAX = 100;

/** The file's name: the list and the day (UTC) it was made, e.g. contact-2026-11-29.csv. */
export function exportFileName(list: ExportList, now: number): string {
  return `${list}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/** The file's media type (RFC 4180, with the charset Excel needs to read accents). */
export const EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';
