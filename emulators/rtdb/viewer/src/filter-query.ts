// A node's filter (README "Data viewer", Filter): what the dialog holds, the REST query it becomes,
// the words that describe it, and the index order the page lists the picked children in. Pure: no
// DOM and no state.

import { parsePath } from './paths';
import { isObject, parseValue } from './values';

/** The bounds are kept as typed (see boundValue). */
export interface Filter {
  orderBy: 'key' | 'value' | 'child';
  child: string;
  equalTo: string;
  startAt: string;
  endAt: string;
  limit: '' | 'first' | 'last';
  count: number;
}

export const NO_FILTER: Filter = { orderBy: 'key', child: '', equalTo: '', startAt: '', endAt: '', limit: '', count: 10 };

const BOUNDS = ['equalTo', 'startAt', 'endAt'] as const;

/** A bound as typed: JSON (`30`, `true`, `"30"`), else the text as a string; keys are always strings. */
function boundValue(text: string, orderBy: Filter['orderBy']): unknown {
  const v = parseValue(text.trim());
  if (orderBy === 'key') return typeof v === 'string' ? v : text.trim();
  return v;
}

/** The REST query parameters of a filter (README "Supported": orderBy, equalTo, startAt, endAt, limitTo…). */
export function filterParams(f: Filter): Record<string, string> {
  const params: Record<string, string> = {
    orderBy: JSON.stringify(f.orderBy === 'key' ? '$key' : f.orderBy === 'value' ? '$value' : f.child),
  };
  for (const name of BOUNDS) {
    if (f[name].trim() !== '') params[name] = JSON.stringify(boundValue(f[name], f.orderBy));
  }
  if (f.limit === 'first') params.limitToFirst = String(f.count);
  if (f.limit === 'last') params.limitToLast = String(f.count);
  return params;
}

export function describeFilter(f: Filter): string {
  const parts = [f.orderBy === 'child' ? `by child ${f.child}` : `by ${f.orderBy}`];
  const show = (t: string) => JSON.stringify(boundValue(t, f.orderBy));
  if (f.equalTo.trim() !== '') parts.push(`equal to ${show(f.equalTo)}`);
  if (f.startAt.trim() !== '') parts.push(`start at ${show(f.startAt)}`);
  if (f.endAt.trim() !== '') parts.push(`end at ${show(f.endAt)}`);
  if (f.limit) parts.push(`${f.limit} ${f.count}`);
  return parts.join(', ');
}

// The database's order of index values: null (no such child), false, true, numbers, strings, objects.
const rank = (v: unknown): number =>
  v === null || v === undefined ? 0 : v === false ? 1 : v === true ? 2 : typeof v === 'number' ? 3 : typeof v === 'string' ? 4 : 5;

export function indexCompare(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : a < b ? -1 : 1;
  return 0;
}

/** The value a child is ordered by. */
export function indexValue(f: Filter, key: string, v: unknown): unknown {
  if (f.orderBy === 'key') return key;
  if (f.orderBy === 'value') return v;
  let at = v;
  for (const k of parsePath(f.child)) at = isObject(at) ? at[k] : undefined;
  return at;
}
