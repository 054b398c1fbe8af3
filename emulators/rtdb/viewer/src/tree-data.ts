// The tree's data: a node's children are fetched only once it is expanded, PAGE at a time
// (orderBy="$key", limitToFirst, startAfter), or as its filter picks them; a change fetches the
// expanded nodes it can affect again, soon, since changes come in bursts.

import { type Filter, filterParams, indexCompare, indexValue } from './filter-query';
import { errorText, status } from './page';
import { isPrefix, nameCompare, pathString } from './paths';
import { failure, OWNER, readJson, restUrl } from './rest-api';
import { type Children, newExpanded, PAGE, state } from './state';
import { render } from './tree-view';
import { isObject } from './values';

/** Fetches the first `count` children of an expanded node (at least a page), or those its filter picks. */
export async function fetchChildren(
  path: readonly string[],
  count: number,
  after: string | null = null,
  filter: Filter | null = null,
): Promise<Children> {
  const params = filter ? filterParams(filter) : { orderBy: '"$key"', limitToFirst: String(count + 1) };
  if (!filter && after !== null) params.startAfter = JSON.stringify(after);
  const res = await fetch(restUrl(path, params), { headers: OWNER });
  if (!res.ok) throw new Error(`Reading ${pathString(path)} failed (${await failure(res)})`);
  const value = await readJson(res);
  if (!isObject(value)) return { isLeaf: value !== null, leafValue: value, children: [], more: false };
  const keys = Object.keys(value).sort(nameCompare);
  if (filter) keys.sort((a, b) => indexCompare(indexValue(filter, a, value[a]), indexValue(filter, b, value[b])) || nameCompare(a, b));
  const children = (filter ? keys : keys.slice(0, count)).map((key) => {
    const v = value[key];
    return isObject(v) ? { key, leaf: false, value: v, count: Object.keys(v).length } : { key, leaf: true, value: v, count: 0 };
  });
  return { isLeaf: false, leafValue: undefined, children, more: !filter && keys.length > count };
}

/** Loads (again) an expanded node with as many children as it shows now. */
async function reload(p: string): Promise<void> {
  const node = state.expanded.get(p);
  if (!node) return;
  const gen = state.generation;
  const got = await fetchChildren(node.path, Math.max(PAGE, node.children.length), null, node.filter);
  if (gen !== state.generation || state.expanded.get(p) !== node) return;
  Object.assign(node, got);
}

export async function expand(path: string[]): Promise<void> {
  const p = pathString(path);
  if (state.expanded.has(p)) return;
  state.expanded.set(p, newExpanded(path));
  try {
    await reload(p);
  } catch (e) {
    state.expanded.delete(p);
    status(errorText(e), true);
  }
}

export function collapse(path: readonly string[]): void {
  for (const [p, node] of [...state.expanded]) {
    if (node.path.length > 0 && isPrefix(path, node.path)) state.expanded.delete(p);
  }
}

export async function showMore(path: readonly string[]): Promise<void> {
  const node = state.expanded.get(pathString(path));
  if (!node || !node.more || node.filter) return;
  const last = node.children[node.children.length - 1]?.key ?? null;
  const got = await fetchChildren(path, PAGE, last);
  node.children.push(...got.children.filter((c) => !node.children.some((x) => x.key === c.key)));
  node.more = got.more;
}

/** Fetches every expanded node that a change at `path` can affect, soon. */
export function invalidate(path: readonly string[]): void {
  for (const node of state.expanded.values()) {
    if (isPrefix(node.path, path) || isPrefix(path, node.path)) state.dirty.add(pathString(node.path));
  }
  if (state.flushTimer === null) state.flushTimer = setTimeout(() => void flush(), 30);
}

async function flush(): Promise<void> {
  state.flushTimer = null;
  const paths = [...state.dirty];
  state.dirty.clear();
  try {
    await Promise.all(paths.map(reload));
  } catch (e) {
    status(errorText(e), true);
  }
  render();
}

export async function refreshAll(): Promise<void> {
  for (const p of state.expanded.keys()) state.dirty.add(p);
  await flush();
}
