/**
 * One list of submissions as a console page shows it: what the address asks for (list-params.ts),
 * its page (usePagedList) and its counts by state (the counters, never the records).
 */
import { useMemo } from 'react';
import type { SubmissionKind } from '@/config/data-limits';
import { submissionRange, type ListQuery } from '@/data/list-index';
import { SUBMISSION_STATUSES, type StatusOf } from '@/data/staff';
import type { LiveValue } from '@/firebase/use-live-value';
import { STATUS_WORDS } from '../staff-records';
import { useStatusCounts } from '../use-staff-lists';
import { useListParams, type ListParams } from './list-params';
import { isDescending, type PageRequest, type PageRow } from './paged-list';
import { usePagedList, type PagedList } from './use-paged-list';

/** One list of submissions: which, its states and counters, how a record reads, and its words. A
 *  module constant, so its identity holds between renders. */
export interface SubmissionListSpec<S extends string, T> {
  kind: SubmissionKind;
  /** The waitlist's programme, else the kind (list-index.ts). */
  group: string;
  statuses: readonly S[];
  /** The list's counters node. */
  countsPath: string;
  parse: (row: PageRow) => T;
  /** The filter's name: "Show inquiries". */
  legend: string;
  /** What the rows are, plural, lower case: "inquiries". */
  noun: string;
  words: Readonly<Record<S, string>>;
  /** What the list says when empty with nothing narrowing it. */
  empty: string;
}

export interface SubmissionList<S extends string, T> {
  params: ListParams<S>;
  list: PagedList<T>;
  counts: Readonly<Record<S, number>>;
  /** The count of the list as filtered; null while searching (the counters count states, not names). */
  total: number | null;
  /** Whether a search or a filter narrows the list. */
  narrowed: boolean;
  /** The query's identity, for what is announced once per query. */
  queryKey: string;
}

/** The spec of a list of submissions of `kind`: its states and their words come with the kind;
 *  `read` is how one record reads (staff-records.ts). */
export function submissionListSpec<K extends SubmissionKind, T>(
  kind: K,
  group: string,
  countsPath: string,
  read: (id: string, raw: unknown) => T,
  words: Pick<SubmissionListSpec<string, T>, 'legend' | 'noun' | 'empty'>,
): SubmissionListSpec<StatusOf<K>, T> {
  return {
    kind,
    group,
    statuses: SUBMISSION_STATUSES[kind] as readonly StatusOf<K>[],
    countsPath,
    parse: (row) => read(row.key, row.value),
    words: STATUS_WORDS[kind],
    ...words,
  };
}

/** The page request of a list of submissions (`group`: the waitlist's programme, else the kind). */
export function submissionPageRequest(kind: SubmissionKind, query: ListQuery): PageRequest {
  const range = submissionRange(query);
  return { path: `submissions/${kind}`, range, descending: isDescending(range, query.sort) };
}

export function useSubmissionList<S extends string, T>({
  kind,
  group,
  statuses,
  countsPath,
  parse,
}: SubmissionListSpec<S, T>): SubmissionList<S, T> {
  const params = useListParams(statuses);
  const { status, search, sort } = params;
  const request = useMemo(() => submissionPageRequest(kind, { group, status, search, sort }), [kind, group, status, search, sort]);
  const list = usePagedList(request, parse);
  const live: LiveValue<Record<S, number>> = useStatusCounts(countsPath, statuses);
  const counts = useMemo(
    () => (live.status === 'ready' ? live.value : (Object.fromEntries(statuses.map((each) => [each, 0])) as Record<S, number>)),
    [live, statuses],
  );
  const searching = search.trim() !== '';
  const total = searching ? null : status ? counts[status] : statuses.reduce((sum, each) => sum + counts[each], 0);
  return {
    params,
    list,
    counts,
    total,
    narrowed: searching || status !== null,
    queryKey: JSON.stringify(request),
  };
}
