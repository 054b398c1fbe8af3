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
 * @typedef {{ path: string[], children: Child[], more: boolean, leafValue?: unknown, isLeaf: boolean }} Expanded
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

/** Fetches the first `count` children of an expanded node (at least a page). @param {string[]} path @param {number} count */
async function fetchChildren(path, count, after = null) {
  const params = { orderBy: '"$key"', limitToFirst: String(count + 1) };
  if (after !== null) params.startAfter = JSON.stringify(after);
  const res = await fetch(restUrl(path, params), { headers: OWNER });
  if (!res.ok) throw new Error(`Reading ${pathString(path)} failed (${await failure(res)})`);
  const value = await res.json();
  if (value === null || typeof value !== 'object') return { isLeaf: value !== null, leafValue: value, children: [], more: false };
  const keys = Object.keys(value).sort(nameCompare);
  const children = keys.slice(0, count).map((key) => {
    const v = value[key];
    const leaf = v === null || typeof v !== 'object';
    return { key, leaf, value: leaf ? v : null, count: leaf ? 0 : Object.keys(v).length };
  });
  return { isLeaf: false, leafValue: undefined, children, more: keys.length > count };
}

/** Loads (again) an expanded node with as many children as it shows now. @param {string} p */
async function reload(p) {
  const node = state.expanded.get(p);
  if (!node) return;
  const gen = state.generation;
  const got = await fetchChildren(node.path, Math.max(PAGE, node.children.length));
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
  if (!node || !node.more) return;
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
      actionButton('Add', `Add a child to ${p}`, 'add', childPath),
      actionButton('Edit', `Edit ${p}`, 'edit', childPath),
      actionButton('Delete', `Delete ${p}`, 'delete', childPath),
    ]),
  );
  li.append(row);
  if (open) li.append(childList(open, seen));
  return li;
}

/** @param {Expanded} node @param {Set<string>} seen */
function childList(node, seen) {
  const ul = el('ul', { role: 'list' });
  if (node.isLeaf) {
    // The node became a single value since it was expanded.
    ul.append(el('li', { class: 'note', text: `now a value: ${valueText(node.leafValue)}` }));
    return ul;
  }
  if (node.children.length === 0) ul.append(el('li', { class: 'note', text: node.path.length === 0 ? 'No data.' : 'No children.' }));
  for (const c of node.children) ul.append(childItem(node.path, c, seen));
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
      actionButton('Add', 'Add a child to /', 'add', []),
      actionButton('Delete', 'Delete /', 'delete', []),
    ]),
  ]);
  tree.replaceChildren(head, root ? childList(root, seen) : el('p', { text: 'Loading…' }));
  for (const p of [...state.shown.keys()]) if (!seen.has(p)) state.shown.delete(p);
  if (focused) {
    const again = /** @type {HTMLElement | null} */ (tree.querySelector(`[data-focus="${CSS.escape(focused)}"]`));
    again?.focus();
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
  if (merge && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    return status('Merging needs a JSON object (its keys are written one by one).', true);
  }
  const path = ioPath();
  const res = await fetch(restUrl(path, { print: 'silent' }), { method: merge ? 'PATCH' : 'PUT', headers: OWNER, body: text });
  if (!res.ok) return status(`Import failed (${await failure(res)})`, true);
  status(`Imported ${file.name} at ${pathString(path)} (${merge ? 'merged' : 'replaced'}).`);
  input.value = '';
  invalidate(path);
}

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
