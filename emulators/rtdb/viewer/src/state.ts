// What the page holds between renders: the namespace shown, its expanded nodes and the live
// connection's handles. One object, so that every module reads the same.

import type { Filter } from './filter-query';

/** Children come this many at a time (README "Data viewer", Tree). */
export const PAGE = 50;

export interface Child {
  key: string;
  leaf: boolean;
  /** The leaf's value, or the whole child for a node (the table view shows its fields). */
  value: unknown;
  count: number;
}

/** What a fetch of a node's children brings. */
export interface Children {
  isLeaf: boolean;
  leafValue: unknown;
  children: Child[];
  more: boolean;
}

export interface Expanded extends Partial<Children> {
  path: string[];
  children: Child[];
  more: boolean;
  isLeaf: boolean;
  filter?: Filter | null;
  table?: boolean;
}

export const newExpanded = (path: string[]): Expanded => ({ path, children: [], more: false, isLeaf: false });

export const state = {
  ns: '',
  /** Expanded nodes by path string; the root is always there. */
  expanded: new Map<string, Expanded>(),
  /** The last rendered JSON of every visible leaf, to flash the ones that change. */
  shown: new Map<string, string>(),
  stream: null as EventSource | null,
  poll: null as ReturnType<typeof setInterval> | null,
  /** Paths whose expanded nodes must be fetched again. */
  dirty: new Set<string>(),
  flushTimer: null as ReturnType<typeof setTimeout> | null,
  /** Bumped when the namespace changes: answers for the old one are dropped. */
  generation: 0,
  /** The control to focus once it is rendered (its `data-focus`), when the one used went away. */
  focusNext: null as string | null,
};
