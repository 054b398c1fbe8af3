/**
 * A console list one page at a time, live (docs/decisions/0151-console-lists-a-page-at-a-time.md):
 * the page shown is watched, so the first page takes in what arrives and a record leaving a filtered
 * page lets the next one up; Next and Previous walk a stack of cursors, and a new query (another
 * filter, search or order) starts again at page 1.
 */
import { useCallback, useMemo, useState } from 'react';
import { getDatabaseWithSdk } from '@/firebase/clients';
import { useLiveValue, type LiveValue, type Watch } from '@/firebase/use-live-value';
import { pageSizeOf, watchPage, type Cursor, type DatabaseSource, type PageRead, type PageRequest, type PageRow } from './paged-list';

/** The page as a LiveValue of its rows (so LiveStatus says what is loading or failed), with the
 *  rows again as `rows` (empty until ready) and the way to the pages around it. */
export type PagedList<T> = LiveValue<T[]> & {
  rows: T[];
  /** 1 for the first page. */
  page: number;
  pageSize: number;
  hasNext: boolean;
  hasPrevious: boolean;
  next: () => void;
  previous: () => void;
};

/** The cursors of the pages after the first, for one query (its key). */
interface Walk {
  key: string;
  cursors: readonly Cursor[];
}

const NO_CURSORS: readonly Cursor[] = [];

/** `request` null reads nothing (the list is not chosen yet). `parse` turns a stored record into a row
 *  and must keep its identity between renders (a module function). */
export function usePagedList<T>(
  request: PageRequest | null,
  parse: (row: PageRow) => T,
  source: DatabaseSource = getDatabaseWithSdk,
): PagedList<T> {
  const key = request ? JSON.stringify(request) : '';
  const [walk, setWalk] = useState<Walk>({ key, cursors: NO_CURSORS });
  // Another query: its own walk, from its first page.
  const cursors = walk.key === key ? walk.cursors : NO_CURSORS;
  const cursor = cursors.at(-1) ?? null;

  const watch = useMemo((): Watch<PageRead> | null => {
    if (!key) return null;
    const asked = JSON.parse(key) as PageRequest;
    return (onChange, onError) => watchPage(source, asked, cursor, onChange, onError);
  }, [key, cursor, source]);
  const live = useLiveValue(watch);

  const read = live.status === 'ready' ? live.value : null;
  const rows = useMemo(() => read?.rows.map(parse) ?? [], [read, parse]);
  const nextCursor = read?.next ?? null;

  const next = useCallback(() => {
    if (nextCursor) setWalk({ key, cursors: [...cursors, nextCursor] });
  }, [key, cursors, nextCursor]);
  const previous = useCallback(() => setWalk({ key, cursors: cursors.slice(0, -1) }), [key, cursors]);

  const paging = {
    rows,
    page: cursors.length + 1,
    pageSize: pageSizeOf(request ?? {}),
    hasNext: nextCursor !== null,
    hasPrevious: cursors.length > 0,
    next,
    previous,
  };
  if (live.status !== 'ready') return { ...live, ...paging };
  return { status: 'ready', value: rows, unreachable: live.unreachable, ...paging };
}
