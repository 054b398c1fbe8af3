// Maps the SDK's wire query object (emulators/rtdb/docs/protocol.md#the-wire-query-object) to the
// rules' `query` variable (emulators/rtdb/docs/protocol.md#read-rules).

import type { RuleQuery, WireQuery } from './types';

const KNOWN = ['sp', 'sn', 'sin', 'ep', 'en', 'ein', 'l', 'vf', 'i'];

export function ruleQueryFromWire(q: WireQuery | null | undefined): RuleQuery | null {
  if (q === null || q === undefined || typeof q !== 'object') return null;
  if (!KNOWN.some((k) => Object.hasOwn(q, k) && q[k] !== undefined)) return null;
  const has = (k: string): boolean => Object.hasOwn(q, k) && q[k] !== undefined;
  const index = has('i') ? q.i : undefined;
  const query: RuleQuery = {
    orderByKey: index === '.key',
    orderByPriority: index === undefined || index === '.priority',
    orderByValue: index === '.value',
    orderByChild: typeof index === 'string' && index !== '.key' && index !== '.value' && index !== '.priority' ? index : null,
    startAt: has('sp') ? (q.sp ?? null) : null,
    endAt: has('ep') ? (q.ep ?? null) : null,
    equalTo: null,
    limitToFirst: null,
    limitToLast: null,
  };
  // equalTo(v) is sent as sp = ep = v, both inclusive (a missing sin/ein counts as inclusive).
  if (has('sp') && has('ep') && q.sp === q.ep && q.sin !== false && q.ein !== false) {
    query.equalTo = q.sp ?? null;
  }
  if (typeof q.l === 'number') {
    if (q.vf === 'r') query.limitToLast = q.l;
    else query.limitToFirst = q.l;
  }
  return query;
}
