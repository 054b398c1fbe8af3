/**
 * What a console list shows, kept in the address (docs/decisions/0151-console-lists-a-page-at-a-time.md):
 * `?state=` (the filter, the name the console's links have always used), `?q=` (the search as
 * typed) and `?sort=`. A reload, a shared link and Back all land on the same list. The page's
 * cursor is not kept: a list that moved on since would not be the page the link meant.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListSort } from '@/data/list-index';
import { STATE_PARAM } from '../staff-links';

export const SEARCH_PARAM = 'q';
export const SORT_PARAM = 'sort';

export const SORTS: readonly ListSort[] = ['newest', 'oldest', 'name'];
export const SORT_WORDS: Readonly<Record<ListSort, string>> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name A–Z' };

export interface ListParams<S extends string> {
  status: S | null;
  search: string;
  sort: ListSort;
  setStatus: (status: S | null) => void;
  setSearch: (search: string) => void;
  setSort: (sort: ListSort) => void;
}

export function useListParams<S extends string>(statuses: readonly S[]): ListParams<S> {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get(STATE_PARAM);
  const status = (statuses as readonly (string | null)[]).includes(rawStatus) ? (rawStatus as S) : null;
  const search = params.get(SEARCH_PARAM) ?? '';
  const rawSort = params.get(SORT_PARAM);
  const sort = (SORTS as readonly (string | null)[]).includes(rawSort) ? (rawSort as ListSort) : 'newest';

  // A filter or an order is a step Back undoes; a search, typed a letter at a time, replaces the
  // entry it is on so Back does not replay the typing. The #section stays.
  const change = useCallback(
    (name: string, value: string | null, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
  return useMemo(
    () => ({
      status,
      search,
      sort,
      setStatus: (value: S | null) => change(STATE_PARAM, value, false),
      setSearch: (value: string) => change(SEARCH_PARAM, value.trim() ? value : null, true),
      setSort: (value: ListSort) => change(SORT_PARAM, value === 'newest' ? null : value, false),
    }),
    [status, search, sort, change],
  );
}
