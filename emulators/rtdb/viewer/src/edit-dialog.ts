// Edit, add and delete (README "Data viewer"): Edit opens a location's value (a whole subtree for
// a node) as JSON, Add writes a new child, both with one PUT; Delete asks first. A refusal is shown
// in the dialog, which stays open with what was typed.

import { $, byId, dialog, errorText, input, onDialogSubmit, status } from './page';
import { parsePath, pathString } from './paths';
import { failure, OWNER, readJson, restUrl } from './rest-api';
import { expand, invalidate } from './tree-data';
import { isObject, parseValue } from './values';

let editing: { mode: 'edit' | 'add'; path: string[] } | null = null;
let deleting: string[] | null = null;

const valueField = () => byId('edit-value', HTMLTextAreaElement);

export async function openEdit(mode: 'edit' | 'add', path: string[]): Promise<void> {
  const key = input('edit-key');
  const value = valueField();
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
    const current = await readJson(res);
    value.value = JSON.stringify(current, null, isObject(current) ? 2 : undefined);
  }
  dialog('edit-dialog').showModal();
  (mode === 'add' ? key : value).focus();
}

async function saveEdit(): Promise<void> {
  if (!editing) return;
  const keyText = input('edit-key').value.trim();
  const value = parseValue(valueField().value);
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
  dialog('edit-dialog').close();
  status(`Saved ${pathString(path)}.`);
  if (editing.mode === 'add') await expand(editing.path);
  invalidate(path);
  editing = null;
}

export function openDelete(path: string[]): void {
  deleting = path;
  $('delete-path').textContent = pathString(path);
  dialog('delete-dialog').showModal();
}

async function confirmDelete(): Promise<void> {
  if (!deleting) return;
  const path = deleting;
  deleting = null;
  const res = await fetch(restUrl(path), { method: 'DELETE', headers: OWNER });
  if (!res.ok) return status(`Not deleted (${await failure(res)})`, true);
  status(`Deleted ${pathString(path)}.`);
  invalidate(path);
}

export function wireEditDialogs(): void {
  onDialogSubmit('edit', ['save'], saveEdit, () => (editing = null));
  const confirm = dialog('delete-dialog');
  confirm.addEventListener('close', () => {
    if (confirm.returnValue === 'delete') confirmDelete().catch((err: unknown) => status(errorText(err), true));
    else deleting = null;
    confirm.returnValue = '';
  });
}
