/**
 * What staff work a console list with: a search by name or address, the order, a filter by state with
 * each state's count, and the pages ("Showing 26–50 of 1,234", Previous, Next), the outcome of each
 * change announced politely (docs/decisions/0151-console-lists-a-page-at-a-time.md).
 * The state is the address's (list-params.ts); the list itself is usePagedList's.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ListSort } from '@/data/list-index';
import { Button } from '@/ui/button';
import { LiveStatus } from '../components/live-status';
import { StatusFilter } from '../components/status-filter';
import { SORT_WORDS, SORTS, type ListParams } from './list-params';
import type { PagedList } from './use-paged-list';
import staffStyles from '../staff.module.scss';
import styles from './lists.module.scss';

/** How long typing pauses before the list is searched: a query per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

const number = new Intl.NumberFormat('en-US');

/** The search box: what is typed stays as typed, and searches once typing pauses; Escape or Clear
 *  empties it at once. A search with an @ looks up addresses, any other names. */
function SearchBox({ value, onSearch, describedBy }: { value: string; onSearch: (text: string) => void; describedBy: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed under the box (Back, a link): show what it searches now.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const clear = () => {
    setText('');
    onSearch('');
  };
  return (
    <div className={styles.search}>
      <label htmlFor={id}>Search by name or email</label>
      <div className={styles.searchRow}>
        <input
          id={id}
          type="search"
          className={styles.searchInput}
          value={text}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={describedBy}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              clear();
            }
          }}
        />
        {text && (
          <Button variant="ghost" onClick={clear}>
            Clear search
          </Button>
        )}
      </div>
    </div>
  );
}

function SortSelect({ value, searching, onSort }: { value: ListSort; searching: boolean; onSort: (sort: ListSort) => void }) {
  const id = useId();
  const noteId = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Order</label>
      <select
        id={id}
        className={styles.sortSelect}
        value={searching ? 'name' : value}
        aria-describedby={searching ? noteId : undefined}
        onChange={(event) => onSort(event.currentTarget.value as ListSort)}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort} disabled={searching && sort !== 'name'}>
            {SORT_WORDS[sort]}
          </option>
        ))}
      </select>
      {searching && (
        <p id={noteId} className={styles.hint}>
          A search lists its matches A–Z.
        </p>
      )}
    </div>
  );
}

interface ListToolbarProps<S extends string> {
  /** The group's name: "Show inquiries". */
  legend: string;
  params: ListParams<S>;
  statuses: readonly S[];
  words: Readonly<Record<S, string>>;
  /** Each state's count, as the counters keep it. */
  counts: Readonly<Record<S, number>>;
}

export function ListToolbar<S extends string>({ legend, params, statuses, words, counts }: ListToolbarProps<S>) {
  const hintId = useId();
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarRow}>
        <SearchBox value={params.search} onSearch={params.setSearch} describedBy={hintId} />
        <SortSelect value={params.sort} searching={params.search.trim() !== ''} onSort={params.setSort} />
      </div>
      <p id={hintId} className={styles.hint}>
        Names by their beginning; an address by its beginning, with its @.
      </p>
      {/* A list without states (the customers) has nothing to filter. */}
      {statuses.length > 0 && (
        <StatusFilter
          legend={legend}
          statuses={statuses}
          words={words}
          counts={counts}
          total={total}
          value={params.status ?? 'all'}
          onChange={(value) => params.setStatus(value === 'all' ? null : value)}
        />
      )}
    </div>
  );
}

/** "Showing 26–50 of 1,234"; without a count (a search), "Showing 26–50". */
export function showingText(page: number, pageSize: number, shown: number, total: number | null): string {
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  // The counters follow the records within moments; a page never says it shows more than exist.
  const of = total === null ? '' : ` of ${number.format(Math.max(total, last))}`;
  return `Showing ${number.format(first)}–${number.format(last)}${of}`;
}

interface PagedListViewProps<T> {
  list: PagedList<T>;
  /** What the rows are, plural, lower case: "inquiries". */
  noun: string;
  /** The count of the list as filtered, or null when a search makes it unknown. */
  total: number | null;
  /** Whether a search or a filter narrows the list, which the empty list then says. */
  narrowed: boolean;
  /** What an empty list says when nothing narrows it. */
  empty: ReactNode;
  /** The query's identity: a new one is announced when its first page is read. */
  queryKey: string;
  renderRow: (row: T) => ReactNode;
  rowKey: (row: T) => string;
}

/** The list's page: loading or why it failed, the rows, or what its emptiness means; the range shown
 *  and the way to the pages around it, at the foot of the list. */
export function PagedListView<T>({ list, noun, total, narrowed, empty, queryKey, renderRow, rowKey }: PagedListViewProps<T>) {
  const top = useRef<HTMLDivElement>(null);
  const ready = list.status === 'ready';
  const showing = list.rows.length > 0 ? showingText(list.page, list.pageSize, list.rows.length, total) : null;
  // A later page the list has drained (its records moved out of the filter) is not an empty list.
  const emptyText = list.page > 1 ? `No more ${noun} on this page.` : narrowed ? `No ${noun} match.` : empty;

  // Said once per query and page, when it has been read: a live list's arrivals are not read out.
  const [announced, setAnnounced] = useState('');
  const said = ready ? `${queryKey}#${list.page}` : null;
  const [saidFor, setSaidFor] = useState<string | null>(null);
  if (said !== null && said !== saidFor) {
    setSaidFor(said);
    setAnnounced(showing ? `${showing} ${noun}.` : narrowed ? `No ${noun} match.` : `No ${noun}.`);
  }

  const go = (move: () => void) => {
    move();
    // The new page's first row is where reading goes on, not the pager at the foot.
    top.current?.focus();
  };
  return (
    <div ref={top} tabIndex={-1} className={styles.paged} aria-label={`${noun}, page ${list.page}`} role="group">
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
      <LiveStatus live={list} subject={noun} />
      {ready &&
        (list.rows.length === 0 ? (
          <p className={styles.empty}>{emptyText}</p>
        ) : (
          <ul className={staffStyles.list} role="list">
            {list.rows.map((row) => (
              <li key={rowKey(row)}>{renderRow(row)}</li>
            ))}
          </ul>
        ))}
      {(showing || list.hasPrevious) && (
        <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
          {showing && <p className={styles.showing}>{showing}</p>}
          <div className={styles.pagerButtons}>
            <Button variant="secondary" disabled={!list.hasPrevious} onClick={() => go(list.previous)}>
              Previous<span className="visually-hidden"> page</span>
            </Button>
            <Button variant="secondary" disabled={!list.hasNext} onClick={() => go(list.next)}>
              Next<span className="visually-hidden"> page</span>
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
