/**
 * What a console list shows, kept in the address (docs/decisions/0151-console-lists-a-page-at-a-time.md):
 * `?state=` (the filter, the name the console's links have always used), `?q=` (the search as
 * typed) and `?sort=`. A reload, a shared link and Back all land on the same list. The page's
 * cursor is not kept: a list that moved on since would not be the page the link meant.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
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
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const rawStatus = params.get(STATE_PARAM);
  const status = (statuses as readonly (string | null)[]).includes(rawStatus) ? (rawStatus as S) : null;
  const search = params.get(SEARCH_PARAM) ?? '';
  const rawSort = params.get(SORT_PARAM);
  const sort = (SORTS as readonly (string | null)[]).includes(rawSort) ? (rawSort as ListSort) : 'newest';

  // A filter or an order is a step Back undoes; a search, typed a letter at a time, replaces the
  // entry it is on so Back does not replay the typing. The #section stays: on Programmes it is the
  // list shown (setSearchParams would drop it).
  const change = useCallback(
    (name: string, value: string | null, replace: boolean) => {
      const next = new URLSearchParams(params);
      if (value) next.set(name, value);
      else next.delete(name);
      const search = next.toString();
      void navigate({ search: search ? `?${search}` : '', hash }, { replace, preventScrollReset: true });
    },
    [params, hash, navigate],
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
