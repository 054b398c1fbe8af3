// The emulator's data viewer (served at / for browsers; emulators/rtdb/README.md "Data viewer"),
// bundled by the emulator when it serves /.viewer/viewer.js (src/viewer.ts,
// docs/decisions/0131-rtdb-viewer-modules.md). It works through the emulator's own REST API as the
// owner. This module wires the page's controls and opens the first namespace; each part lives in
// its own module: tree-data and tree-view (the lazy tree), live-updates, the dialogs (edit, filter,
// key), import-export, denials-panel, rules-panel and namespaces.

import { startDenialsPolling } from './denials-panel';
import { wireEditDialogs } from './edit-dialog';
import { wireFilterDialog } from './filter-dialog';
import { wireImportExport } from './import-export';
import { wireKeyDialog } from './key-dialog';
import { loadNamespaces, openNamespace } from './namespaces';
import { $, input, status } from './page';
import { loadRules } from './rules-panel';
import { refreshAll } from './tree-data';
import { wireTree } from './tree-actions';

startDenialsPolling();
wireTree();
wireEditDialogs();
wireFilterDialog();
wireKeyDialog();
wireImportExport();

$('ns-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const ns = input('ns').value.trim();
  if (ns) void openNamespace(ns);
});
$('ns').addEventListener('focus', () => void loadNamespaces());
$('refresh').addEventListener('click', () => void refreshAll().then(() => status('Refreshed.')));
$('rules-reload').addEventListener('click', () => void loadRules());

const requested = new URL(location.href).searchParams.get('ns');
const known = await loadNamespaces();
await openNamespace(requested || known[0] || 'default');
document.documentElement.dataset.ready = 'true';
