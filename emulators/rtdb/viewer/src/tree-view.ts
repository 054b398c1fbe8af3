// The tree as the page shows it, rendered whole from `state` after every change. Each control
// carries its action and location (`data-action`, `data-path`; tree-actions.ts acts on them) and a
// `data-focus` name, so that focus stays on the control a person used when the tree is redrawn.

import { describeFilter } from './filter-query';
import { $, el } from './page';
import { pathString } from './paths';
import { type Child, type Expanded, PAGE, state } from './state';
import { childTable } from './table-view';
import { counted, valueText } from './values';

/** A button that acts on a path; `data-focus` identifies it across renders. */
function actionButton(label: string, aria: string, action: string, path: readonly string[]): HTMLElement {
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

/** Clone, rename and priority: for every location but the root. */
function keyTools(path: readonly string[]): HTMLElement[] {
  const p = pathString(path);
  return [
    actionButton('Clone', `Clone ${p}`, 'clone', path),
    actionButton('Rename', `Rename ${p}`, 'rename', path),
    actionButton('Priority', `Priority of ${p}`, 'priority', path),
  ];
}

/** Filter and table view: for an expanded node. */
function childTools(open: Expanded | undefined, path: readonly string[]): HTMLElement[] {
  if (!open || open.isLeaf) return [];
  const p = pathString(path);
  const table = actionButton('Table', `Table view of ${p}`, 'table', path);
  table.setAttribute('aria-pressed', String(Boolean(open.table)));
  return [actionButton('Filter', `Filter children of ${p}`, 'filter', path), table];
}

function leafRow(row: HTMLElement, childPath: readonly string[], child: Child, seen: Set<string>): void {
  const p = pathString(childPath);
  const text = valueText(child.value);
  const value = el('span', { class: `value t-${typeof child.value}`, title: JSON.stringify(child.value), 'data-value': p, text });
  const before = state.shown.get(p);
  if (before !== undefined && before !== text) value.classList.add('changed');
  seen.add(p);
  state.shown.set(p, text);
  row.append(
    el('span', { class: 'spacer', 'aria-hidden': 'true' }),
    el('span', { class: 'key', text: child.key }),
    el('span', { class: 'colon', 'aria-hidden': 'true', text: ':' }),
    value,
    el('span', { class: 'actions' }, [
      actionButton('Edit', `Edit ${p}`, 'edit', childPath),
      ...keyTools(childPath),
      actionButton('Delete', `Delete ${p}`, 'delete', childPath),
    ]),
  );
}

function nodeRow(row: HTMLElement, childPath: readonly string[], child: Child, open: Expanded | undefined): void {
  const p = pathString(childPath);
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
    el('span', { class: 'count', text: counted(child.count, 'child', 'children') }),
    el('span', { class: 'actions' }, [
      ...childTools(open, childPath),
      actionButton('Add', `Add a child to ${p}`, 'add', childPath),
      actionButton('Edit', `Edit ${p}`, 'edit', childPath),
      ...keyTools(childPath),
      actionButton('Delete', `Delete ${p}`, 'delete', childPath),
    ]),
  );
}

function childItem(path: readonly string[], child: Child, seen: Set<string>): HTMLElement {
  const childPath = [...path, child.key];
  const p = pathString(childPath);
  const li = el('li', { 'data-node': p });
  const row = el('div', { class: 'row' });
  li.append(row);
  if (child.leaf) {
    leafRow(row, childPath, child, seen);
    return li;
  }
  const open = state.expanded.get(p);
  nodeRow(row, childPath, child, open);
  if (open) li.append(childList(open, seen));
  return li;
}

/** The line above a filtered node's children: the filter, how many matched, and a way out. */
function filterNote(node: Expanded, f: NonNullable<Expanded['filter']>): HTMLElement {
  const n = node.children.length;
  return el('div', { class: 'filter-note' }, [
    el('span', { text: `Filtered ${describeFilter(f)}: ${counted(n, 'child', 'children')}.` }),
    actionButton('Clear filter', `Clear the filter on ${pathString(node.path)}`, 'unfilter', node.path),
  ]);
}

function childList(node: Expanded, seen: Set<string>): HTMLElement {
  const ul = el('ul', { role: 'list' });
  if (node.isLeaf) {
    // The node became a single value since it was expanded.
    ul.append(el('li', { class: 'note', text: `now a value: ${valueText(node.leafValue)}` }));
    return ul;
  }
  if (node.filter) ul.append(el('li', {}, [filterNote(node, node.filter)]));
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

export function render(): void {
  const tree = $('tree');
  const active = document.activeElement;
  const focused = active instanceof HTMLElement ? active.dataset.focus : undefined;
  const root = state.expanded.get('/');
  const seen = new Set<string>();
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
    const again = tree.querySelector<HTMLElement>(`[data-focus="${CSS.escape(wanted)}"]`);
    again?.focus();
    if (again && wanted === state.focusNext) state.focusNext = null;
  }
}
