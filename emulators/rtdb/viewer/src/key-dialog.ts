// Clone, rename and priority (README "Data viewer"): one dialog asking for a key or a priority.
// A clone is one PUT of the export-format data (priorities kept); a rename is one multi-path PATCH
// of the parent, `{"<new>": <data>, "<old>": null}`, so no listener ever sees both keys or neither.
// A key that is taken or not a key is refused in the dialog, which keeps what was typed.

import { $, dialog, input, onDialogSubmit, status } from './page';
import { badKey, isPrefix, lastKey, pathString } from './paths';
import { failure, OWNER, readExport, readJson, restUrl } from './rest-api';
import { newExpanded, state } from './state';
import { collapse, invalidate } from './tree-data';
import { isObject, priorityValue } from './values';

type KeyTool = 'clone' | 'rename' | 'priority';

const KEY_TOOLS: Record<KeyTool, { title: string; label: string; hint: string; save: string }> = {
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

export const isKeyTool = (action: string | undefined): action is KeyTool => action !== undefined && Object.hasOwn(KEY_TOOLS, action);

let keyTool: { tool: KeyTool; path: string[] } | null = null;

export async function openKeyTool(tool: KeyTool, path: string[]): Promise<void> {
  const t = KEY_TOOLS[tool];
  const key = lastKey(path);
  let value = tool === 'clone' ? `${key}-copy` : tool === 'rename' ? key : '';
  if (tool === 'priority') {
    const current = await readExport(path);
    const priority = isObject(current) ? current['.priority'] : undefined;
    value = priority === undefined || priority === null ? '' : String(priority);
  }
  keyTool = { tool, path };
  $('key-title').textContent = t.title;
  $('key-path').textContent = pathString(path);
  $('key-label').textContent = t.label;
  $('key-hint').textContent = t.hint;
  $('key-save').textContent = t.save;
  $('key-error').textContent = '';
  const field = input('key-input');
  field.value = value;
  dialog('key-dialog').showModal();
  field.focus();
  field.select();
}

const refuse = (message: string) => void ($('key-error').textContent = message);

async function savePriority(path: string[]): Promise<void> {
  const p = pathString(path);
  const priority = priorityValue(input('key-input').value);
  const res = await fetch(restUrl([...path, '.priority']), { method: 'PUT', headers: OWNER, body: JSON.stringify(priority) });
  if (!res.ok) return refuse(`Not saved (${await failure(res)})`);
  keyTool = null;
  dialog('key-dialog').close();
  status(priority === null ? `Removed the priority of ${p}.` : `Set the priority of ${p} to ${JSON.stringify(priority)}.`);
  invalidate(path);
}

/** What was open under the old key stays open under the new one, and focus goes to the renamed node. */
function followRename(path: string[], target: string[]): void {
  const reopen = [...state.expanded.values()]
    .filter((n) => n.path.length > 0 && isPrefix(path, n.path))
    .map((n) => [...target, ...n.path.slice(path.length)]);
  collapse(path);
  for (const again of reopen) state.expanded.set(pathString(again), newExpanded(again));
  state.focusNext = `rename ${pathString(target)}`;
}

async function saveKey(tool: 'clone' | 'rename', path: string[]): Promise<void> {
  const p = pathString(path);
  const key = input('key-input').value.trim();
  if (badKey(key)) return refuse('A key is not empty and has none of . # $ / [ ] or control characters.');
  const parent = path.slice(0, -1);
  const target = [...parent, key];
  if (key === lastKey(path)) return refuse(`${p} already has that key.`);
  const there = await fetch(restUrl(target, { shallow: 'true' }), { headers: OWNER });
  if (!there.ok) return refuse(`Could not check ${pathString(target)} (${await failure(there)})`);
  if ((await readJson(there)) !== null) return refuse(`${pathString(target)} already exists; choose a key that is free.`);
  const data = await readExport(path);
  if (data === null) return refuse(`${p} has no data any more.`);
  const res =
    tool === 'clone'
      ? await fetch(restUrl(target), { method: 'PUT', headers: OWNER, body: JSON.stringify(data) })
      : await fetch(restUrl(parent, { print: 'silent' }), {
          method: 'PATCH',
          headers: OWNER,
          body: JSON.stringify({ [key]: data, [lastKey(path)]: null }),
        });
  if (!res.ok) return refuse(`${tool === 'clone' ? 'Not cloned' : 'Not renamed'} (${await failure(res)})`);
  keyTool = null;
  if (tool === 'rename') followRename(path, target);
  dialog('key-dialog').close();
  status(`${tool === 'clone' ? 'Cloned' : 'Renamed'} ${p} to ${pathString(target)}.`);
  invalidate(parent);
}

async function saveKeyTool(): Promise<void> {
  if (!keyTool) return;
  const { tool, path } = keyTool;
  return tool === 'priority' ? savePriority(path) : saveKey(tool, path);
}

export function wireKeyDialog(): void {
  onDialogSubmit('key', ['save'], saveKeyTool, () => (keyTool = null));
}
