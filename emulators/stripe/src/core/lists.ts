/** Stripe's list answers (`{object: 'list', data, has_more, url}`) and cursor pagination with
 *  `limit`, `starting_after` and `ending_before`, over objects already sorted newest first. */
import { invalidRequest, noSuch } from './errors';
import type { FormObject } from './form-encoding';
import { asInteger, asString, parseExpand, rejectUnknown } from './params';

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface ListParams {
  limit: number;
  startingAfter: string | undefined;
  endingBefore: string | undefined;
  expand: string[];
}

/** Reads the pagination parameters, refusing any name not in `filters` or pagination's own. */
export function parseListParams(form: FormObject, filters: readonly string[]): ListParams {
  rejectUnknown(form, ['limit', 'starting_after', 'ending_before', 'expand', ...filters]);
  const startingAfter = asString(form.starting_after, ['starting_after']);
  const endingBefore = asString(form.ending_before, ['ending_before']);
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  }
  return { limit: asInteger(form.limit, ['limit'], 1, 100) ?? 10, startingAfter, endingBefore, expand: parseExpand(form) };
}

/** One page of `items` (newest first); `noun` names the objects in "No such …" for a cursor. */
export function listPage<T extends { id: string }>(items: readonly T[], params: ListParams, url: string, noun: string): ApiList<T> {
  if (params.startingAfter !== undefined) {
    const index = items.findIndex((item) => item.id === params.startingAfter);
    if (index === -1) throw noSuch(noun, params.startingAfter, 'starting_after');
    const rest = items.slice(index + 1);
    return { object: 'list', data: rest.slice(0, params.limit), has_more: rest.length > params.limit, url };
  }
  if (params.endingBefore !== undefined) {
    const index = items.findIndex((item) => item.id === params.endingBefore);
    if (index === -1) throw noSuch(noun, params.endingBefore, 'ending_before');
    const before = items.slice(0, index);
    return { object: 'list', data: before.slice(-params.limit), has_more: before.length > params.limit, url };
  }
  return { object: 'list', data: items.slice(0, params.limit), has_more: items.length > params.limit, url };
}

/** Newest first: by `created`, then by creation order. */
export function newestFirst<R extends { seq: number }>(records: R[], created: (record: R) => number): R[] {
  return [...records].sort((a, b) => created(b) - created(a) || b.seq - a.seq);
}
