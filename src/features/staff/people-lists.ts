/**
 * The console's lists that are not submissions, each read a page at a time like them
 * (docs/decisions/0151-console-lists-a-page-at-a-time.md#addendum-2026-11-29-customers-the-audit-log-and-trade-ins):
 * the customers from customer_index, the audit log, and the orders that declared a trade-in. What a
 * page asks for and how a row reads; the reading itself is lists/use-paged-list.ts.
 */
import { CUSTOMER_INDEX_PATH, customerRange, KEY_RANGE_END, type ListSort } from '@/data/list-index';
import { ORDERS_PATH, type StoredOrder } from '@/data/orders';
import { isStaffAuditAction, isStaffRole, STAFF_AUDIT_PATH, STAFF_FIGURES_PATH, type StaffAuditAction, type StaffRole } from '@/data/staff';

import type { TradeInState } from '@/data/trade-in';
import type { PageRequest, PageRow } from './lists/paged-list';
import { toStaffOrders, type StaffOrder } from './staff-records';

/** staff_figures/customers: how many accounts have a profile, kept by a trigger (docs/decisions/0112-staff-counters-by-trigger.md). */
export const CUSTOMER_COUNT_PATH = `${STAFF_FIGURES_PATH}/customers`;

/** A page of the customers as customerRange reads them: a prefix's values, or every time. */
export function customerPageRequest(search: string, sort: ListSort): PageRequest {
  const { field, prefix, descending } = customerRange(search, sort);
  const range = prefix === null ? { field, start: 0, end: Number.MAX_SAFE_INTEGER } : { field, start: prefix, end: prefix + KEY_RANGE_END };
  return { path: CUSTOMER_INDEX_PATH, range, descending };
}

export interface CustomerRow {
  uid: string;
  name: string;
  email: string;
  /** When the account was made, in milliseconds; null when the line does not say. */
  joinedAt: number | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
const time = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

export function toCustomerRow({ key, value }: PageRow): CustomerRow {
  return { uid: key, name: text(field(value, 'name')), email: text(field(value, 'email')), joinedAt: time(field(value, 'at')) };
}

/** The audit log newest first (push ids grow with time), all of it or one action's entries. */
export function auditPageRequest(action: StaffAuditAction | null): PageRequest {
  const range = action === null ? { field: null, start: '', end: '' } : { field: 'action', start: action, end: action };
  return { path: STAFF_AUDIT_PATH, range, descending: true };
}

export interface AuditRow {
  id: string;
  at: number | null;
  actorEmail: string | null;
  role: StaffRole | null;
  action: StaffAuditAction | null;
  /** The action as stored, for an entry of an action this console no longer knows. */
  actionName: string;
  target: string;
  detail: string;
}

export function toAuditRow({ key, value }: PageRow): AuditRow {
  const action = field(value, 'action');
  const role = field(value, 'role');
  return {
    id: key,
    at: time(field(value, 'at')),
    actorEmail: text(field(value, 'actorEmail')) || null,
    role: isStaffRole(role) ? role : null,
    action: isStaffAuditAction(action) ? action : null,
    actionName: text(action),
    target: text(field(value, 'target')),
    detail: text(field(value, 'detail')),
  };
}

/** The orders that declared a trade-in, newest first: all of them (applicationExist), or one state's. */
export function tradeInPageRequest(state: TradeInState | null): PageRequest {
  const range =
    state === null ? { field: 'applicationExist', start: true, end: true } : { field: 'tradeInState', start: state, end: state };
  return { path: ORDERS_PATH, range, descending: true };
}

/** The order as the cards read it; null for a record that is not an order of a known service
 *  (toOrders leaves those out of every list). */
export function toTradeInOrder({ key, value }: PageRow): StaffOrder | null {
  return toStaffOrders({ [key]: value as StoredOrder })[0] ?? null;
}
