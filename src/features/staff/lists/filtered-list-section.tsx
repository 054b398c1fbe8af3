import { useMemo, type ReactNode } from 'react';
import { FilterSelect } from '../components/filter-select';
import { useStatusCounts } from '../use-staff-lists';
import { PagedListView } from './list-controls';
import { useListParams } from './list-params';
import type { PageRequest, PageRow } from './paged-list';
import { usePagedList } from './use-paged-list';
import staffStyles from '../staff.module.scss';

/** A list read a page at a time with one filter and no search (the audit log by action, the
 *  trade-ins by state), counted by that filter's values. A module constant, so its functions keep
 *  their identity between renders. */
export interface FilteredListSpec<V extends string, T> {
  /** The id of the list's heading, which names the section. */
  titleId: string;
  filter: {
    /** The select's label: "Action". */
    label: string;
    /** The empty choice: "All actions". */
    all: string;
    options: readonly V[];
    /** A choice in words, as the select and the heading say it. */
    words: (value: V) => string;
  };
  /** The heading while nothing is chosen: "Every change". */
  allTitle: string;
  /** What the rows are, plural, lower case: "entries". */
  noun: string;
  /** What the list says when empty with no filter. */
  empty: string;
  /** Where the server keeps how many records have each choice (staff_list_counters/<list>), for
   *  the range's "of N" (docs/decisions/0157-audit-log-and-trade-ins-counted.md). */
  countsPath: string;
  /** The count of the whole list when it is kept apart (the trade-ins' 'declared'); else the
   *  choices' counts add up to it. */
  allCount?: string;
  /** What a page asks for, all or one choice's. */
  pageRequest: (value: V | null) => PageRequest;
  parse: (row: PageRow) => T;
  rowKey: (row: T) => string;
}

function totalOf<V extends string, T>(counts: Record<string, number>, value: V | null, spec: FilteredListSpec<V, T>): number {
  if (value) return counts[value] ?? 0;
  if (spec.allCount) return counts[spec.allCount] ?? 0;
  return spec.filter.options.reduce((sum, each) => sum + (counts[each] ?? 0), 0);
}

/** The filter (kept in the address as `?state=`), the heading of what it shows, and its page
 *  (docs/decisions/0151-console-lists-a-page-at-a-time.md#addendum-2026-11-29-customers-the-audit-log-and-trade-ins). */
export function FilteredListSection<V extends string, T>({
  spec,
  renderRow,
}: {
  spec: FilteredListSpec<V, T>;
  renderRow: (row: T) => ReactNode;
}) {
  const { filter, pageRequest } = spec;
  const params = useListParams(filter.options);
  const value = params.status;
  const request = useMemo(() => pageRequest(value), [pageRequest, value]);
  const list = usePagedList(request, spec.parse);
  const counted = useMemo(() => (spec.allCount ? [...filter.options, spec.allCount] : filter.options), [filter.options, spec.allCount]);
  const counts = useStatusCounts(spec.countsPath, counted);
  const total = counts.status !== 'ready' ? null : totalOf(counts.value, value, spec);
  return (
    <section className={staffStyles.section} aria-labelledby={spec.titleId}>
      <FilterSelect
        label={filter.label}
        all={filter.all}
        options={filter.options}
        words={filter.words}
        value={value}
        onChange={params.setStatus}
      />
      <h2 id={spec.titleId} className={staffStyles.sectionTitle}>
        {value ? filter.words(value) : spec.allTitle}
      </h2>
      <PagedListView
        list={list}
        noun={spec.noun}
        total={total}
        narrowed={value !== null}
        empty={spec.empty}
        queryKey={JSON.stringify(request)}
        rowKey={spec.rowKey}
        renderRow={renderRow}
      />
    </section>
  );
}
