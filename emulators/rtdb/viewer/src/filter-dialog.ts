// The Filter dialog of an open node (README "Data viewer", Filter). The page checks only what the
// form alone can tell (a child to order by, a whole limit, equal-to beside a range); the server
// checks the query itself, and its refusal is shown in the dialog, which keeps what was typed.

import { type Filter, describeFilter, NO_FILTER } from './filter-query';
import { $, byId, dialog, errorText, input, onDialogSubmit, status } from './page';
import { parsePath, pathString } from './paths';
import { PAGE, state } from './state';
import { fetchChildren } from './tree-data';
import { render } from './tree-view';
import { counted } from './values';

let filtering: string[] | null = null;

const orderField = () => byId('filter-order', HTMLSelectElement);
const limitField = () => byId('filter-limit', HTMLSelectElement);

function syncFilterForm(): void {
  $('filter-child-field').hidden = orderField().value !== 'child';
  input('filter-child').required = orderField().value === 'child';
  input('filter-count').disabled = limitField().value === '';
}

export function openFilter(path: string[]): void {
  const node = state.expanded.get(pathString(path));
  if (!node) return;
  filtering = path;
  const f = node.filter ?? NO_FILTER;
  $('filter-path').textContent = pathString(path);
  $('filter-error').textContent = '';
  orderField().value = f.orderBy;
  input('filter-child').value = f.child;
  input('filter-equal').value = f.equalTo;
  input('filter-start').value = f.startAt;
  input('filter-end').value = f.endAt;
  limitField().value = f.limit;
  input('filter-count').value = String(f.count);
  syncFilterForm();
  dialog('filter-dialog').showModal();
  orderField().focus();
}

/** The filter as the form holds it (a select only offers its own values). */
function formFilter(): Filter {
  return {
    orderBy: orderField().value as Filter['orderBy'],
    child: input('filter-child').value.trim(),
    equalTo: input('filter-equal').value,
    startAt: input('filter-start').value,
    endAt: input('filter-end').value,
    limit: limitField().value as Filter['limit'],
    count: Number(input('filter-count').value),
  };
}

/** What the form alone shows to be wrong, as the dialog says it; null when nothing is. */
function formRefusal(f: Filter): string | null {
  if (f.orderBy === 'child' && parsePath(f.child).length === 0) {
    return 'Name the child to order by (a field of each child, like age or address/city).';
  }
  if (f.limit && !(Number.isInteger(f.count) && f.count > 0)) return 'The limit is a whole number of children, 1 or more.';
  if (f.equalTo.trim() !== '' && (f.startAt.trim() !== '' || f.endAt.trim() !== '')) {
    return 'Equal to cannot be combined with start at or end at: leave one of them empty.';
  }
  return null;
}

async function applyFilter(how: 'apply' | 'clear'): Promise<void> {
  if (!filtering) return;
  const path = filtering;
  const p = pathString(path);
  const node = state.expanded.get(p);
  if (!node) return;
  const f = how === 'apply' ? formFilter() : null;
  const refused = f && formRefusal(f);
  if (refused) {
    $('filter-error').textContent = refused;
    return;
  }
  let got;
  try {
    got = await fetchChildren(path, Math.max(PAGE, f ? 0 : node.children.length), null, f);
  } catch (e) {
    $('filter-error').textContent = errorText(e);
    return;
  }
  filtering = null;
  dialog('filter-dialog').close();
  Object.assign(node, got, { filter: f });
  render();
  const matched = counted(node.children.length, 'child matches', 'children match');
  status(f ? `Filtered ${p} ${describeFilter(f)}: ${matched}.` : `Showing every child of ${p}.`);
}

export async function clearFilter(path: string[]): Promise<void> {
  filtering = path;
  state.focusNext = `filter ${pathString(path)}`;
  await applyFilter('clear');
}

export function wireFilterDialog(): void {
  onDialogSubmit('filter', ['apply', 'clear'] as const, applyFilter, () => (filtering = null));
  for (const field of [orderField(), limitField()]) field.addEventListener('change', syncFilterForm);
}
