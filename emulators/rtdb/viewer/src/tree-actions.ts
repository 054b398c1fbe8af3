// What the tree's buttons do: one click listener on the tree reads a button's `data-action` and
// `data-path` (tree-view.ts writes them), so the handlers survive every re-render.

import { openDelete, openEdit } from './edit-dialog';
import { clearFilter, openFilter } from './filter-dialog';
import { isKeyTool, openKeyTool } from './key-dialog';
import { $, errorText, status } from './page';
import { parsePath, pathString } from './paths';
import { state } from './state';
import { collapse, expand, showMore } from './tree-data';
import { render } from './tree-view';

/** Runs one action; true when the tree must be drawn again afterwards. */
async function act(action: string | undefined, path: string[]): Promise<boolean> {
  switch (action) {
    case 'toggle':
      if (state.expanded.has(pathString(path))) collapse(path);
      else await expand(path);
      return true;
    case 'more':
      await showMore(path);
      return true;
    case 'edit':
    case 'add':
      await openEdit(action, path);
      return false;
    case 'delete':
      openDelete(path);
      return false;
    case 'filter':
      openFilter(path);
      return false;
    case 'unfilter':
      await clearFilter(path);
      return false;
    case 'table': {
      const node = state.expanded.get(pathString(path));
      if (node) node.table = !node.table;
      return true;
    }
  }
  if (isKeyTool(action)) await openKeyTool(action, path);
  return !isKeyTool(action);
}

export function wireTree(): void {
  $('tree').addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('button[data-action]') : null;
    if (!button) return;
    const path = parsePath(button.dataset.path ?? '/');
    act(button.dataset.action, path)
      .then((redraw) => redraw && render())
      .catch((err: unknown) => status(errorText(err), true));
  });
}
