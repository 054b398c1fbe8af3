// The emulator's data viewer (served at / for browsers; README "Data viewer"). Plain browser
// JavaScript, no framework and no build step: it uses the emulator's own REST API as the admin
// (`Authorization: Bearer owner`), so the rules never get in the way.
//
// - The tree is loaded lazily: a node's children come PAGE at a time (orderBy="$key",
//   limitToFirst, startAfter), only once the node is expanded.
// - Live: one REST event stream (`Accept: text/event-stream`) on the namespace's root tells which
//   locations changed; the expanded nodes there are fetched again. Where streaming is not
//   available (the server answers without an event stream), it polls every POLL_MS instead.
// - Edit, add and delete with PUT / DELETE; import a JSON file (PUT to replace, PATCH to merge);
//   export a location in export format (priorities kept), as firebase emulators:export does.
// - The tools of the Emulator Suite UI's data tab: filter an expanded node's children with the REST
//   query parameters (the server picks the children, the page only puts them in the index's order,
//   as REST answers are plain JSON objects), show them as a table, clone, rename (one multi-path
//   PATCH, so no client ever sees both keys or neither) and set a priority (`<path>/.priority`).

const PAGE = 50;
const POLL_MS = 2000;
const OWNER = { Authorization: 'Bearer owner' };

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

// ------------------------------------------------------------------------------ paths and keys

/** @param {string[]} path */
const pathString = (path) => '/' + path.join('/');
/** @param {string} s */
const parsePath = (s) => s.split('/').filter((x) => x !== '');
/** @param {string[]} path @param {Record<string, string>} [params] */
function restUrl(path, params = {}) {
  const q = new URLSearchParams({ ns: state.ns, ...params });
  return `/${path.map(encodeURIComponent).join('/')}.json?${q}`;
}
/** Whether a is an ancestor of b or the same. @param {string[]} a @param {string[]} b */
const isPrefix = (a, b) => a.length <= b.length && a.every((k, i) => b[i] === k);

// The database's key order: 32-bit integer keys numerically (ties by length), then strings.
const INT_KEY = /^-?\d{1,10}$/;
/** @param {string} k */
function intKey(k) {
  if (!INT_KEY.test(k)) return null;
  const n = Number(k);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}
/** @param {string} a @param {string} b */
function nameCompare(a, b) {
  if (a === b) return 0;
  const ai = intKey(a);
  const bi = intKey(b);
  if (ai !== null && bi !== null) return ai - bi || a.length - b.length;
  if (ai !== null) return -1;
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

// ------------------------------------------------------------------------------ state

/**
 * @typedef {{ key: string, leaf: boolean, value: unknown, count: number }} Child
 *   `value`: the leaf's value, or the whole child for a node (the table view shows its fields).
 * @typedef {{ orderBy: 'key' | 'value' | 'child', child: string, equalTo: string, startAt: string, endAt: string,
 *   limit: '' | 'first' | 'last', count: number }} Filter
 *   The bounds as typed (see boundValue).
 * @typedef {{ path: string[], children: Child[], more: boolean, leafValue?: unknown, isLeaf: boolean,
 *   filter?: Filter | null, table?: boolean }} Expanded
 */
const state = {
  ns: '',
  /** Expanded nodes by path string; the root is always there. @type {Map<string, Expanded>} */
  expanded: new Map(),
  /** The last rendered JSON of every visible leaf, to flash the ones that change. @type {Map<string, string>} */
  shown: new Map(),
  /** @type {EventSource | null} */
  stream: null,
  /** @type {ReturnType<typeof setInterval> | null} */
  poll: null,
  /** Paths whose expanded nodes must be fetched again. @type {Set<string>} */
  dirty: new Set(),
  /** @type {ReturnType<typeof setTimeout> | null} */
  flushTimer: null,
  /** Bumped when the namespace changes: answers for the old one are dropped. */
  generation: 0,
  /** The control to focus once it is rendered (its `data-focus`), when the one used went away. @type {string | null} */
  focusNext: null,
};

/** @param {string} message @param {boolean} [error] */
function status(message, error = false) {
  const el = $('status');
  el.textContent = message;
  el.classList.toggle('error', error);
}

/** @param {Response} res */
async function failure(res) {
  const text = await res.text();
  try {
    return `${res.status}: ${JSON.parse(text).error ?? text}`;
  } catch {
    return `${res.status}: ${text}`;
  }
}

// ------------------------------------------------------------------------------ loading

// ------------------------------------------------------------------------------ filters

/** A bound as typed: JSON (`30`, `true`, `"30"`), else the text as a string; keys are always strings. @param {string} text @param {Filter['orderBy']} orderBy */
function boundValue(text, orderBy) {
  const v = parseValue(text.trim());
  if (orderBy === 'key') return typeof v === 'string' ? v : text.trim();
  return v;
}

/** The REST query parameters of a filter (README "Supported": orderBy, equalTo, startAt, endAt, limitTo…). @param {Filter} f */
function filterParams(f) {
  /** @type {Record<string, string>} */
  const params = { orderBy: JSON.stringify(f.orderBy === 'key' ? '$key' : f.orderBy === 'value' ? '$value' : f.child) };
  for (const name of /** @type {const} */ (['equalTo', 'startAt', 'endAt'])) {
    if (f[name].trim() !== '') params[name] = JSON.stringify(boundValue(f[name], f.orderBy));
  }
  if (f.limit === 'first') params.limitToFirst = String(f.count);
  if (f.limit === 'last') params.limitToLast = String(f.count);
  return params;
}

/** @param {Filter} f */
function describeFilter(f) {
  const parts = [f.orderBy === 'child' ? `by child ${f.child}` : `by ${f.orderBy}`];
  const show = (/** @type {string} */ t) => JSON.stringify(boundValue(t, f.orderBy));
  if (f.equalTo.trim() !== '') parts.push(`equal to ${show(f.equalTo)}`);
  if (f.startAt.trim() !== '') parts.push(`start at ${show(f.startAt)}`);
  if (f.endAt.trim() !== '') parts.push(`end at ${show(f.endAt)}`);
  if (f.limit) parts.push(`${f.limit} ${f.count}`);
  return parts.join(', ');
}

// The database's order of index values: null (no such child), false, true, numbers, strings, objects.
/** @param {unknown} v */
const rank = (v) =>
  v === null || v === undefined ? 0 : v === false ? 1 : v === true ? 2 : typeof v === 'number' ? 3 : typeof v === 'string' ? 4 : 5;
/** @param {unknown} a @param {unknown} b */
function indexCompare(a, b) {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 3) return /** @type {number} */ (a) - /** @type {number} */ (b);
  if (ra === 4) return a === b ? 0 : /** @type {string} */ (a) < /** @type {string} */ (b) ? -1 : 1;
  return 0;
}

/** The value a child is ordered by. @param {Filter} f @param {string} key @param {unknown} v */
function indexValue(f, key, v) {
  if (f.orderBy === 'key') return key;
  if (f.orderBy === 'value') return v;
  let at = v;
  for (const k of parsePath(f.child)) at = at !== null && typeof at === 'object' ? /** @type {any} */ (at)[k] : undefined;
  return at;
}

// ------------------------------------------------------------------------------ loading

/** Fetches the first `count` children of an expanded node (at least a page), or those its filter picks.
 * @param {string[]} path @param {number} count @param {string | null} [after] @param {Filter | null} [filter] */
async function fetchChildren(path, count, after = null, filter = null) {
  /** @type {Record<string, string>} */
  const params = filter ? filterParams(filter) : { orderBy: '"$key"', limitToFirst: String(count + 1) };
  if (!filter && after !== null) params.startAfter = JSON.stringify(after);
  const res = await fetch(restUrl(path, params), { headers: OWNER });
  if (!res.ok) throw new Error(`Reading ${pathString(path)} failed (${await failure(res)})`);
  const value = await res.json();
  if (value === null || typeof value !== 'object') return { isLeaf: value !== null, leafValue: value, children: [], more: false };
  const keys = Object.keys(value).sort(nameCompare);
  if (filter) keys.sort((a, b) => indexCompare(indexValue(filter, a, value[a]), indexValue(filter, b, value[b])) || nameCompare(a, b));
  const children = (filter ? keys : keys.slice(0, count)).map((key) => {
    const v = value[key];
    const leaf = v === null || typeof v !== 'object';
    return { key, leaf, value: v, count: leaf ? 0 : Object.keys(v).length };
  });
  return { isLeaf: false, leafValue: undefined, children, more: !filter && keys.length > count };
}

/** Loads (again) an expanded node with as many children as it shows now. @param {string} p */
async function reload(p) {
  const node = state.expanded.get(p);
  if (!node) return;
  const gen = state.generation;
  const got = await fetchChildren(node.path, Math.max(PAGE, node.children.length), null, node.filter);
  if (gen !== state.generation || state.expanded.get(p) !== node) return;
  Object.assign(node, got);
}

/** @param {string[]} path */
async function expand(path) {
  const p = pathString(path);
  if (state.expanded.has(p)) return;
  /** @type {Expanded} */
  const node = { path, children: [], more: false, isLeaf: false };
  state.expanded.set(p, node);
  try {
    await reload(p);
  } catch (e) {
    state.expanded.delete(p);
    status(/** @type {Error} */ (e).message, true);
  }
}

/** @param {string[]} path */
function collapse(path) {
  for (const [p, node] of [...state.expanded]) {
    if (node.path.length > 0 && isPrefix(path, node.path)) state.expanded.delete(p);
  }
}

/** @param {string[]} path */
async function showMore(path) {
  const node = state.expanded.get(pathString(path));
  if (!node || !node.more || node.filter) return;
  const last = node.children[node.children.length - 1]?.key ?? null;
  const got = await fetchChildren(path, PAGE, last);
  node.children.push(...got.children.filter((c) => !node.children.some((x) => x.key === c.key)));
  node.more = got.more;
}

/** Fetches every expanded node that a change at `path` can affect, soon (changes come in bursts). @param {string[]} path */
function invalidate(path) {
  for (const node of state.expanded.values()) {
    if (isPrefix(node.path, path) || isPrefix(path, node.path)) state.dirty.add(pathString(node.path));
  }
  if (state.flushTimer === null) state.flushTimer = setTimeout(flush, 30);
}

async function flush() {
  state.flushTimer = null;
  const paths = [...state.dirty];
  state.dirty.clear();
  try {
    await Promise.all(paths.map(reload));
  } catch (e) {
    status(/** @type {Error} */ (e).message, true);
  }
  render();
}

async function refreshAll() {
  for (const p of state.expanded.keys()) state.dirty.add(p);
  await flush();
}

// ------------------------------------------------------------------------------ rendering

/** @param {string} tag @param {Record<string, string>} [attrs] @param {(Node | string)[]} [children] */
function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

/** @param {unknown} v */
function valueText(v) {
  const s = JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 200) + '…' : s;
}

/** A button that acts on a path; `focus` identifies it across renders. @param {string} label @param {string} aria @param {string} action @param {string[]} path */
function actionButton(label, aria, action, path) {
  return el('button', {
    type: 'button',
    class: `act act-${action}`,
    'aria-label': aria,
    'data-action': action,
    'data-path': pathString(path),
    'data-focus': `${action} ${pathString(path)}`,
    text: label,
  });
}

/** Clone, rename and priority: for every location but the root. @param {string[]} path */
function keyTools(path) {
  const p = pathString(path);
  return [
    actionButton('Clone', `Clone ${p}`, 'clone', path),
    actionButton('Rename', `Rename ${p}`, 'rename', path),
    actionButton('Priority', `Priority of ${p}`, 'priority', path),
  ];
}

/** Filter and table view: for an expanded node. @param {Expanded | undefined} open @param {string[]} path */
function childTools(open, path) {
  if (!open || open.isLeaf) return [];
  const p = pathString(path);
  const table = actionButton('Table', `Table view of ${p}`, 'table', path);
  table.setAttribute('aria-pressed', String(Boolean(open.table)));
  return [actionButton('Filter', `Filter children of ${p}`, 'filter', path), table];
}

/** @param {string[]} path @param {Child} child @param {Set<string>} seen */
function childItem(path, child, seen) {
  const childPath = [...path, child.key];
  const p = pathString(childPath);
  const li = el('li', { 'data-node': p });
  const row = el('div', { class: 'row' });
  if (child.leaf) {
    const text = valueText(child.value);
    const cls = `value t-${typeof child.value}`;
    const value = el('span', { class: cls, title: JSON.stringify(child.value), 'data-value': p, text });
    const before = state.shown.get(p);
    if (before !== undefined && before !== text) value.classList.add('changed');
    seen.add(p);
    state.shown.set(p, text);
    row.append(
      el('span', { class: 'spacer', 'aria-hidden': 'true' }),
      el('span', { class: 'key', text: child.key }),
      el('span', { class: 'colon', 'aria-hidden': 'true', text: ':' }),
      value,
    );
    row.append(
      el('span', { class: 'actions' }, [
        actionButton('Edit', `Edit ${p}`, 'edit', childPath),
        ...keyTools(childPath),
        actionButton('Delete', `Delete ${p}`, 'delete', childPath),
      ]),
    );
    li.append(row);
    return li;
  }
  const open = state.expanded.get(p);
  row.append(
    el(
      'button',
      {
        type: 'button',
        class: 'toggle',
        'aria-expanded': String(Boolean(open)),
        'aria-label': `${open ? 'Collapse' : 'Expand'} ${p}`,
        'data-action': 'toggle',
        'data-path': p,
        'data-focus': `toggle ${p}`,
      },
      [el('span', { class: 'chevron', 'aria-hidden': 'true', text: open ? '▾' : '▸' }), el('span', { class: 'key', text: child.key })],
    ),
    el('span', { class: 'count', text: `${child.count} ${child.count === 1 ? 'child' : 'children'}` }),
    el('span', { class: 'actions' }, [
      ...childTools(open, childPath),
      actionButton('Add', `Add a child to ${p}`, 'add', childPath),
      actionButton('Edit', `Edit ${p}`, 'edit', childPath),
      ...keyTools(childPath),
      actionButton('Delete', `Delete ${p}`, 'delete', childPath),
    ]),
  );
  li.append(row);
  if (open) li.append(childList(open, seen));
  return li;
}

/** The line above a filtered node's children: the filter, how many matched, and a way out. @param {Expanded} node */
function filterNote(node) {
  const f = /** @type {Filter} */ (node.filter);
  const p = pathString(node.path);
  const n = node.children.length;
  return el('div', { class: 'filter-note' }, [
    el('span', { text: `Filtered ${describeFilter(f)}: ${n} ${n === 1 ? 'child' : 'children'}.` }),
    actionButton('Clear filter', `Clear the filter on ${p}`, 'unfilter', node.path),
  ]);
}

const TABLE_COLUMNS = 30;

/** A cell of the table view. @param {unknown} v @param {string} p */
function cell(v, p) {
  if (v === undefined) return el('td', {});
  if (v !== null && typeof v === 'object') {
    const n = Object.keys(v).length;
    return el('td', { class: 'note', 'data-cell': p, title: valueText(v), text: `{${n} ${n === 1 ? 'field' : 'fields'}}` });
  }
  return el('td', {}, [el('span', { class: `value t-${typeof v}`, 'data-cell': p, title: JSON.stringify(v), text: valueText(v) })]);
}

/** A list of records as a table: the children are the rows, their fields the columns. @param {Expanded} node */
function childTable(node) {
  const p = pathString(node.path);
  /** @type {string[]} */
  const fields = [];
  const known = new Set();
  let leaves = false;
  for (const c of node.children) {
    if (c.leaf) leaves = true;
    else
      for (const k of Object.keys(/** @type {object} */ (c.value))) {
        if (known.has(k)) continue;
        known.add(k);
        fields.push(k);
      }
  }
  fields.sort(nameCompare);
  const shown = fields.slice(0, TABLE_COLUMNS);
  const label = `Children of ${p} as a table`;
  const head = el('tr', {}, [
    el('th', { scope: 'col', text: 'Key' }),
    ...(leaves ? [el('th', { scope: 'col', text: '(value)' })] : []),
    ...shown.map((f) => el('th', { scope: 'col', text: f })),
  ]);
  const rows = node.children.map((c) => {
    const at = pathString([...node.path, c.key]);
    return el('tr', {}, [
      el('th', { scope: 'row', text: c.key }),
      ...(leaves ? [c.leaf ? cell(c.value, at) : el('td', {})] : []),
      ...shown.map((f) => cell(c.leaf ? undefined : /** @type {Record<string, unknown>} */ (c.value)[f], `${at}/${f}`)),
    ]);
  });
  const table = el('table', { class: 'records' }, [
    el('caption', { class: 'visually-hidden', text: label }),
    el('thead', {}, [head]),
    el('tbody', {}, rows),
  ]);
  const wrap = el('div', { class: 'table-wrap records-wrap', tabindex: '0', role: 'region', 'aria-label': label }, [table]);
  const more = fields.length - shown.length;
  return more > 0
    ? el('div', {}, [wrap, el('p', { class: 'note', text: `${more} more ${more === 1 ? 'column' : 'columns'} not shown.` })])
    : wrap;
}

/** @param {Expanded} node @param {Set<string>} seen */
function childList(node, seen) {
  const ul = el('ul', { role: 'list' });
  if (node.isLeaf) {
    // The node became a single value since it was expanded.
    ul.append(el('li', { class: 'note', text: `now a value: ${valueText(node.leafValue)}` }));
    return ul;
  }
  if (node.filter) ul.append(el('li', {}, [filterNote(node)]));
  if (node.children.length === 0) {
    const none = node.filter ? 'No child matches.' : node.path.length === 0 ? 'No data.' : 'No children.';
    ul.append(el('li', { class: 'note', text: none }));
  } else if (node.table) {
    ul.append(el('li', {}, [childTable(node)]));
  }
  if (!node.table) for (const c of node.children) ul.append(childItem(node.path, c, seen));
  if (node.more) {
    ul.append(el('li', {}, [actionButton(`Show ${PAGE} more`, `Show more children of ${pathString(node.path)}`, 'more', node.path)]));
  }
  return ul;
}

function render() {
  const tree = $('tree');
  const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focus;
  const root = state.expanded.get('/');
  const seen = new Set();
  const head = el('div', { class: 'row root' }, [
    el('span', { class: 'key', text: state.ns }),
    el('span', { class: 'actions' }, [
      ...childTools(root, []),
      actionButton('Add', 'Add a child to /', 'add', []),
      actionButton('Delete', 'Delete /', 'delete', []),
    ]),
  ]);
  tree.replaceChildren(head, root ? childList(root, seen) : el('p', { text: 'Loading…' }));
  for (const p of [...state.shown.keys()]) if (!seen.has(p)) state.shown.delete(p);
  const wanted = state.focusNext ?? focused;
  if (wanted) {
    const again = /** @type {HTMLElement | null} */ (tree.querySelector(`[data-focus="${CSS.escape(wanted)}"]`));
    again?.focus();
    if (again && wanted === state.focusNext) state.focusNext = null;
  }
}

// ------------------------------------------------------------------------------ live updates

/** @param {string} text */
const setLive = (text) => ($('live').textContent = text);

function stopLive() {
  state.stream?.close();
  state.stream = null;
  if (state.poll !== null) clearInterval(state.poll);
  state.poll = null;
}

function startPolling() {
  stopLive();
  setLive(`Live: polling every ${POLL_MS / 1000} s (this server has no REST streaming)`);
  state.poll = setInterval(() => void refreshAll(), POLL_MS);
}

function startLive() {
  stopLive();
  if (typeof EventSource === 'undefined') return startPolling();
  const es = new EventSource(`/.json?${new URLSearchParams({ ns: state.ns, auth: 'owner' })}`);
  state.stream = es;
  let opened = false;
  es.addEventListener('open', () => {
    if (opened) void refreshAll(); // reconnected: catch up
    opened = true;
    setLive('Live: streaming changes');
  });
  /** @param {MessageEvent} e */
  const onChange = (e) => {
    try {
      const d = JSON.parse(e.data);
      invalidate(parsePath(String(d?.path ?? '/')));
    } catch {
      invalidate([]);
    }
  };
  es.addEventListener('put', onChange);
  es.addEventListener('patch', onChange);
  es.addEventListener('cancel', () => startPolling());
  es.addEventListener('error', () => {
    if (state.stream !== es) return;
    if (!opened || es.readyState === EventSource.CLOSED) startPolling();
    else setLive('Live: reconnecting…');
  });
}

// ------------------------------------------------------------------------------ rules

async function loadRules() {
  const gen = state.generation;
  const res = await fetch(`/.settings/rules.json?${new URLSearchParams({ ns: state.ns })}`, { headers: OWNER });
  const text = res.ok ? await res.text() : `Could not load the rules (${await failure(res)})`;
  if (gen !== state.generation) return;
  $('rules').textContent = text;
  const q = new URLSearchParams({ ns: state.ns });
  $('coverage-link').setAttribute('href', `/.inspect/coverage?${q}`);
  $('coverage-json').setAttribute('href', `/.inspect/coverage.json?${q}`);
  const cov = await fetch(`/.inspect/coverage.json?${q}`);
  const summary = $('coverage-summary');
  if (!cov.ok) {
    summary.textContent = 'Rules coverage is not collected by this server.';
    return;
  }
  const s = (await cov.json()).summary;
  summary.textContent = `Coverage since these rules were loaded: ${s.rulesEvaluated} of ${s.rules} rules and ${s.nodesEvaluated} of ${s.nodes} subexpressions evaluated (${s.evaluations} evaluations).`;
}

// ------------------------------------------------------------------------------ editing

/** @type {{ mode: 'edit' | 'add', path: string[] } | null} */
let editing = null;

/** @param {'edit' | 'add'} mode @param {string[]} path */
async function openEdit(mode, path) {
  const dialog = /** @type {HTMLDialogElement} */ ($('edit-dialog'));
  const key = /** @type {HTMLInputElement} */ ($('edit-key'));
  const value = /** @type {HTMLTextAreaElement} */ ($('edit-value'));
  editing = { mode, path };
  $('edit-title').textContent = mode === 'add' ? 'Add a child' : 'Edit';
  $('edit-path').textContent = pathString(path);
  $('edit-error').textContent = '';
  $('edit-key-field').hidden = mode !== 'add';
  key.required = mode === 'add';
  key.value = '';
  value.value = '';
  if (mode === 'edit') {
    const res = await fetch(restUrl(path), { headers: OWNER });
    if (!res.ok) return status(`Reading ${pathString(path)} failed (${await failure(res)})`, true);
    const current = await res.json();
    value.value = JSON.stringify(current, null, current !== null && typeof current === 'object' ? 2 : undefined);
  }
  dialog.showModal();
  (mode === 'add' ? key : value).focus();
}

/** @param {string} text */
function parseValue(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function saveEdit() {
  if (!editing) return;
  const dialog = /** @type {HTMLDialogElement} */ ($('edit-dialog'));
  const keyText = /** @type {HTMLInputElement} */ ($('edit-key')).value.trim();
  const value = parseValue(/** @type {HTMLTextAreaElement} */ ($('edit-value')).value);
  const path = editing.mode === 'add' ? [...editing.path, ...parsePath(keyText)] : editing.path;
  if (editing.mode === 'add' && parsePath(keyText).length === 0) {
    $('edit-error').textContent = 'Give the new child a key.';
    return;
  }
  const res = await fetch(restUrl(path), { method: 'PUT', headers: OWNER, body: JSON.stringify(value) });
  if (!res.ok) {
    $('edit-error').textContent = `Not saved (${await failure(res)})`;
    return;
  }
  dialog.close();
  status(`Saved ${pathString(path)}.`);
  if (editing.mode === 'add') await expand(editing.path);
  invalidate(path);
  editing = null;
}

/** @type {string[] | null} */
let deleting = null;

/** @param {string[]} path */
function openDelete(path) {
  deleting = path;
  $('delete-path').textContent = pathString(path);
  /** @type {HTMLDialogElement} */ ($('delete-dialog')).showModal();
}

async function confirmDelete() {
  if (!deleting) return;
  const path = deleting;
  deleting = null;
  const res = await fetch(restUrl(path), { method: 'DELETE', headers: OWNER });
  if (!res.ok) return status(`Not deleted (${await failure(res)})`, true);
  status(`Deleted ${pathString(path)}.`);
  invalidate(path);
}

// ------------------------------------------------------------------------------ filter

/** @type {string[] | null} */
let filtering = null;

/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id));

function syncFilterForm() {
  $('filter-child-field').hidden = input('filter-order').value !== 'child';
  input('filter-child').required = input('filter-order').value === 'child';
  input('filter-count').disabled = input('filter-limit').value === '';
}

/** @param {string[]} path */
function openFilter(path) {
  const node = state.expanded.get(pathString(path));
  if (!node) return;
  filtering = path;
  /** @type {Filter} */
  const f = node.filter ?? { orderBy: 'key', child: '', equalTo: '', startAt: '', endAt: '', limit: '', count: 10 };
  $('filter-path').textContent = pathString(path);
  $('filter-error').textContent = '';
  input('filter-order').value = f.orderBy;
  input('filter-child').value = f.child;
  input('filter-equal').value = f.equalTo;
  input('filter-start').value = f.startAt;
  input('filter-end').value = f.endAt;
  input('filter-limit').value = f.limit;
  input('filter-count').value = String(f.count);
  syncFilterForm();
  /** @type {HTMLDialogElement} */ ($('filter-dialog')).showModal();
  input('filter-order').focus();
}

/** @param {'apply' | 'clear'} how */
async function applyFilter(how) {
  if (!filtering) return;
  const path = filtering;
  const p = pathString(path);
  const node = state.expanded.get(p);
  if (!node) return;
  /** @type {Filter | null} */
  let f = null;
  if (how === 'apply') {
    f = {
      orderBy: /** @type {Filter['orderBy']} */ (input('filter-order').value),
      child: input('filter-child').value.trim(),
      equalTo: input('filter-equal').value,
      startAt: input('filter-start').value,
      endAt: input('filter-end').value,
      limit: /** @type {Filter['limit']} */ (input('filter-limit').value),
      count: Number(input('filter-count').value),
    };
    if (f.orderBy === 'child' && parsePath(f.child).length === 0) {
      $('filter-error').textContent = 'Name the child to order by (a field of each child, like age or address/city).';
      return;
    }
    if (f.limit && !(Number.isInteger(f.count) && f.count > 0)) {
      $('filter-error').textContent = 'The limit is a whole number of children, 1 or more.';
      return;
    }
    if (f.equalTo.trim() !== '' && (f.startAt.trim() !== '' || f.endAt.trim() !== '')) {
      $('filter-error').textContent = 'Equal to cannot be combined with start at or end at: leave one of them empty.';
      return;
    }
  }
  // The server checks the query; its refusal (an unknown child path, say) is shown in the dialog.
  let got;
  try {
    got = await fetchChildren(path, Math.max(PAGE, f ? 0 : node.children.length), null, f);
  } catch (e) {
    $('filter-error').textContent = /** @type {Error} */ (e).message;
    return;
  }
  filtering = null;
  /** @type {HTMLDialogElement} */ ($('filter-dialog')).close();
  Object.assign(node, got, { filter: f });
  render();
  const n = node.children.length;
  status(f ? `Filtered ${p} ${describeFilter(f)}: ${n} ${n === 1 ? 'child matches' : 'children match'}.` : `Showing every child of ${p}.`);
}

/** @param {string[]} path */
async function clearFilter(path) {
  filtering = path;
  state.focusNext = `filter ${pathString(path)}`;
  await applyFilter('clear');
}

// ------------------------------------------------------------------------------ clone, rename, priority

// Keys the database refuses (README "Supported"); a `/` would make a deeper location, not a key.
/** @param {string} k */
const badKey = (k) => k === '' || /[.#$/[\]]/.test(k) || [...k].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** @type {{ tool: 'clone' | 'rename' | 'priority', path: string[] } | null} */
let keyTool = null;

const KEY_TOOLS = {
  clone: {
    title: 'Clone',
    label: 'New key',
    hint: 'A sibling with this key gets a copy of everything here, priorities included.',
    save: 'Clone',
  },
  rename: {
    title: 'Rename',
    label: 'New key',
    hint: 'The data moves to this key in one update; the old key is removed at the same moment.',
    save: 'Rename',
  },
  priority: {
    title: 'Priority',
    label: 'Priority',
    hint: 'A number or a string; empty for none.',
    save: 'Save',
  },
};

/** @param {string[]} path */
async function readExport(path) {
  const res = await fetch(restUrl(path, { format: 'export' }), { headers: OWNER });
  if (!res.ok) throw new Error(`Reading ${pathString(path)} failed (${await failure(res)})`);
  return res.json();
}

/** @param {'clone' | 'rename' | 'priority'} tool @param {string[]} path */
async function openKeyTool(tool, path) {
  const t = KEY_TOOLS[tool];
  const key = path[path.length - 1];
  let value = tool === 'clone' ? `${key}-copy` : tool === 'rename' ? key : '';
  if (tool === 'priority') {
    const current = await readExport(path);
    const priority = current !== null && typeof current === 'object' ? current['.priority'] : undefined;
    value = priority === undefined || priority === null ? '' : String(priority);
  }
  keyTool = { tool, path };
  $('key-title').textContent = t.title;
  $('key-path').textContent = pathString(path);
  $('key-label').textContent = t.label;
  $('key-hint').textContent = t.hint;
  $('key-save').textContent = t.save;
  $('key-error').textContent = '';
  input('key-input').value = value;
  /** @type {HTMLDialogElement} */ ($('key-dialog')).showModal();
  input('key-input').focus();
  input('key-input').select();
}

/** A priority as typed: a number when it reads as one, else the text. @param {string} text */
function priorityValue(text) {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t) ? n : t;
}

async function saveKeyTool() {
  if (!keyTool) return;
  const { tool, path } = keyTool;
  const p = pathString(path);
  const text = input('key-input').value;
  /** @param {string} m */
  const refuse = (m) => void ($('key-error').textContent = m);
  if (tool === 'priority') {
    const priority = priorityValue(text);
    const res = await fetch(restUrl([...path, '.priority']), { method: 'PUT', headers: OWNER, body: JSON.stringify(priority) });
    if (!res.ok) return refuse(`Not saved (${await failure(res)})`);
    keyTool = null;
    /** @type {HTMLDialogElement} */ ($('key-dialog')).close();
    status(priority === null ? `Removed the priority of ${p}.` : `Set the priority of ${p} to ${JSON.stringify(priority)}.`);
    invalidate(path);
    return;
  }
  const key = text.trim();
  if (badKey(key)) return refuse('A key is not empty and has none of . # $ / [ ] or control characters.');
  const parent = path.slice(0, -1);
  const target = [...parent, key];
  if (key === path[path.length - 1]) return refuse(`${p} already has that key.`);
  const there = await fetch(restUrl(target, { shallow: 'true' }), { headers: OWNER });
  if (!there.ok) return refuse(`Could not check ${pathString(target)} (${await failure(there)})`);
  if ((await there.json()) !== null) return refuse(`${pathString(target)} already exists; choose a key that is free.`);
  const data = await readExport(path);
  if (data === null) return refuse(`${p} has no data any more.`);
  const res =
    tool === 'clone'
      ? await fetch(restUrl(target), { method: 'PUT', headers: OWNER, body: JSON.stringify(data) })
      : await fetch(restUrl(parent, { print: 'silent' }), {
          method: 'PATCH',
          headers: OWNER,
          body: JSON.stringify({ [key]: data, [path[path.length - 1]]: null }),
        });
  if (!res.ok) return refuse(`${tool === 'clone' ? 'Not cloned' : 'Not renamed'} (${await failure(res)})`);
  keyTool = null;
  if (tool === 'rename') {
    // What was open under the old key stays open under the new one.
    const reopen = [...state.expanded.values()]
      .filter((n) => n.path.length > 0 && isPrefix(path, n.path))
      .map((n) => [...target, ...n.path.slice(path.length)]);
    collapse(path);
    for (const again of reopen) state.expanded.set(pathString(again), { path: again, children: [], more: false, isLeaf: false });
    state.focusNext = `rename ${pathString(target)}`;
  }
  /** @type {HTMLDialogElement} */ ($('key-dialog')).close();
  status(`${tool === 'clone' ? 'Cloned' : 'Renamed'} ${p} to ${pathString(target)}.`);
  invalidate(parent);
}

// ------------------------------------------------------------------------------ import / export

function ioPath() {
  return parsePath(/** @type {HTMLInputElement} */ ($('io-path')).value);
}

async function exportJson() {
  const path = ioPath();
  const res = await fetch(restUrl(path, { format: 'export' }), { headers: OWNER });
  if (!res.ok) return status(`Export failed (${await failure(res)})`, true);
  const blob = new Blob([await res.text()], { type: 'application/json' });
  const a = el('a', { href: URL.createObjectURL(blob), download: `${[state.ns, ...path].join('-')}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.getAttribute('href') ?? ''), 10_000);
  status(`Exported ${pathString(path)}.`);
}

async function importJson() {
  const input = /** @type {HTMLInputElement} */ ($('import-file'));
  const file = input.files?.[0];
  if (!file) return status('Choose a JSON file to import.', true);
  const text = await file.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return status(`${file.name} is not JSON: ${/** @type {Error} */ (e).message}`, true);
  }
  const merge = /** @type {HTMLInputElement} */ ($('import-merge')).checked;
  // As firebase-tools' import does, unless asked: no Functions triggers for the imported data.
  const triggers = /** @type {HTMLInputElement} */ ($('import-triggers')).checked;
  if (merge && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    return status('Merging needs a JSON object (its keys are written one by one).', true);
  }
  const path = ioPath();
  const params = triggers ? { print: 'silent' } : { print: 'silent', disableTriggers: 'true' };
  const res = await fetch(restUrl(path, params), { method: merge ? 'PATCH' : 'PUT', headers: OWNER, body: text });
  if (!res.ok) return status(`Import failed (${await failure(res)})`, true);
  status(`Imported ${file.name} at ${pathString(path)} (${merge ? 'merged' : 'replaced'}, ${triggers ? 'triggers run' : 'no triggers'}).`);
  input.value = '';
  invalidate(path);
}

// ------------------------------------------------------------------------------ denied requests

const DENIALS_SHOWN = 50;
const DENIALS_POLL_MS = 1000;
/** The log's `total` last shown, per namespace generation. */
let denialsTotal = -1;

/** @param {{ path: string, kind: string, expression: string, falsePart: string | null, error: boolean }[]} rules */
function ruleCell(rules) {
  if (rules.length === 0) return el('td', {}, ['(no rule allows it)']);
  return el(
    'td',
    {},
    rules.map((r) =>
      el('div', { class: 'rule' }, [
        el('code', {}, [`${r.path} ${r.kind}: ${r.expression}`]),
        ...(r.falsePart ? [el('span', { class: 'false-part' }, [' false: ', el('code', {}, [r.falsePart])])] : []),
        ...(r.error ? [el('span', { class: 'false-part' }, [' (evaluation error)'])] : []),
      ]),
    ),
  );
}

async function loadDenials() {
  const gen = state.generation;
  const res = await fetch(`/.inspect/denials.json?${new URLSearchParams({ ns: state.ns, limit: String(DENIALS_SHOWN) })}`);
  if (!res.ok || gen !== state.generation) return;
  const log = await res.json();
  if (log.total === denialsTotal) return;
  const fresh = denialsTotal < 0 ? 0 : log.total - denialsTotal;
  denialsTotal = log.total;
  const rows = log.denials.map(
    /** @param {any} d */ (d) =>
      el('tr', {}, [
        el('td', {}, [el('time', { datetime: d.time }, [new Date(d.time).toLocaleTimeString()])]),
        el('td', {}, [d.operation + (d.readForCondition ? ' (read for its condition)' : '') + (d.query ? ' (query)' : '')]),
        el('td', {}, [el('code', {}, [d.path])]),
        el('td', {}, [d.uid ? `uid ${d.uid}` : d.claims ? 'auth override' : 'signed out']),
        ruleCell(d.rules),
      ]),
  );
  $('denials')
    .querySelector('tbody')
    ?.replaceChildren(...rows);
  $('denials-summary').textContent =
    log.total === 0
      ? 'No request has been denied.'
      : `${log.total} denied request${log.total === 1 ? '' : 's'}${fresh > 0 ? `, ${fresh} new` : ''}; the newest ${Math.min(log.denials.length, DENIALS_SHOWN)} below.`;
}

setInterval(() => void loadDenials().catch(() => {}), DENIALS_POLL_MS);

// ------------------------------------------------------------------------------ namespaces

async function loadNamespaces() {
  const res = await fetch('/.inspect/databases.json');
  if (!res.ok) return [];
  /** @type {Array<{ name: string }>} */
  const list = await res.json();
  const names = list.map((d) => d.name).sort();
  $('ns-list').replaceChildren(...names.map((n) => el('option', { value: n })));
  return names;
}

/** @param {string} ns */
async function openNamespace(ns) {
  state.ns = ns;
  state.generation++;
  state.expanded.clear();
  state.shown.clear();
  /** @type {HTMLInputElement} */ ($('ns')).value = ns;
  document.title = `${ns} · Realtime Database emulator`;
  const url = new URL(location.href);
  url.searchParams.set('ns', ns);
  history.replaceState(null, '', url);
  render();
  await expand([]);
  render();
  startLive();
  void loadRules();
  denialsTotal = -1;
  $('denials-json').setAttribute('href', `/.inspect/denials.json?${new URLSearchParams({ ns, print: 'pretty' })}`);
  void loadDenials();
}

// ------------------------------------------------------------------------------ wiring

$('tree').addEventListener('click', (e) => {
  const button = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('button[data-action]'));
  if (!button) return;
  const path = parsePath(button.dataset.path ?? '/');
  const run = async () => {
    switch (button.dataset.action) {
      case 'toggle':
        if (state.expanded.has(pathString(path))) collapse(path);
        else await expand(path);
        break;
      case 'more':
        await showMore(path);
        break;
      case 'edit':
        return openEdit('edit', path);
      case 'add':
        return openEdit('add', path);
      case 'delete':
        return openDelete(path);
      case 'filter':
        return openFilter(path);
      case 'unfilter':
        return clearFilter(path);
      case 'table': {
        const node = state.expanded.get(pathString(path));
        if (node) node.table = !node.table;
        break;
      }
      case 'clone':
      case 'rename':
      case 'priority':
        return openKeyTool(button.dataset.action, path);
    }
    render();
  };
  run().catch((err) => status(/** @type {Error} */ (err).message, true));
});

$('edit-form').addEventListener('submit', (e) => {
  const submitter = /** @type {SubmitEvent} */ (e).submitter;
  if (submitter?.getAttribute('value') !== 'save') {
    editing = null;
    return;
  }
  e.preventDefault();
  saveEdit().catch((err) => ($('edit-error').textContent = /** @type {Error} */ (err).message));
});

$('filter-form').addEventListener('submit', (e) => {
  const how = /** @type {SubmitEvent} */ (e).submitter?.getAttribute('value');
  if (how !== 'apply' && how !== 'clear') {
    filtering = null;
    return;
  }
  e.preventDefault();
  applyFilter(how).catch((err) => ($('filter-error').textContent = /** @type {Error} */ (err).message));
});
for (const id of ['filter-order', 'filter-limit']) $(id).addEventListener('change', syncFilterForm);

$('key-form').addEventListener('submit', (e) => {
  if (/** @type {SubmitEvent} */ (e).submitter?.getAttribute('value') !== 'save') {
    keyTool = null;
    return;
  }
  e.preventDefault();
  saveKeyTool().catch((err) => ($('key-error').textContent = /** @type {Error} */ (err).message));
});

$('delete-dialog').addEventListener('close', () => {
  const dialog = /** @type {HTMLDialogElement} */ ($('delete-dialog'));
  if (dialog.returnValue === 'delete') confirmDelete().catch((err) => status(/** @type {Error} */ (err).message, true));
  else deleting = null;
  dialog.returnValue = '';
});

$('ns-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const ns = /** @type {HTMLInputElement} */ ($('ns')).value.trim();
  if (ns) void openNamespace(ns);
});
$('ns').addEventListener('focus', () => void loadNamespaces());
$('refresh').addEventListener('click', () => void refreshAll().then(() => status('Refreshed.')));
$('rules-reload').addEventListener('click', () => void loadRules());
$('export').addEventListener('click', () => void exportJson().catch((err) => status(err.message, true)));
$('io-form').addEventListener('submit', (e) => {
  e.preventDefault();
  importJson().catch((err) => status(/** @type {Error} */ (err).message, true));
});

const requested = new URL(location.href).searchParams.get('ns');
const known = await loadNamespaces();
await openNamespace(requested || known[0] || 'default');
document.documentElement.dataset.ready = 'true';
