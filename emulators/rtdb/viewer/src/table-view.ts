// An open node's children as a table (README "Data viewer", Table): the children are the rows,
// the union of their fields the columns (the first TABLE_COLUMNS in key order), a child that is a
// plain value in a `(value)` column.

import { el } from './page';
import { nameCompare, pathString } from './paths';
import type { Expanded } from './state';
import { counted, isObject, valueText } from './values';

const TABLE_COLUMNS = 30;

function cell(v: unknown, p: string): HTMLElement {
  if (v === undefined) return el('td', {});
  if (isObject(v)) {
    const n = Object.keys(v).length;
    return el('td', { class: 'note', 'data-cell': p, title: valueText(v), text: `{${counted(n, 'field', 'fields')}}` });
  }
  return el('td', {}, [el('span', { class: `value t-${typeof v}`, 'data-cell': p, title: JSON.stringify(v), text: valueText(v) })]);
}

export function childTable(node: Expanded): HTMLElement {
  const p = pathString(node.path);
  const fields: string[] = [];
  const known = new Set<string>();
  let leaves = false;
  for (const c of node.children) {
    if (!isObject(c.value)) leaves = true;
    else
      for (const k of Object.keys(c.value)) {
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
    const record = isObject(c.value) ? c.value : undefined;
    return el('tr', {}, [
      el('th', { scope: 'row', text: c.key }),
      ...(leaves ? [record ? el('td', {}) : cell(c.value, at)] : []),
      ...shown.map((f) => cell(record?.[f], `${at}/${f}`)),
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
    ? el('div', {}, [wrap, el('p', { class: 'note', text: `${counted(more, 'more column', 'more columns')} not shown.` })])
    : wrap;
}
