// Import and export (README "Data viewer"): export a location as a file in export format
// (priorities kept), as `firebase emulators:export` does; import a JSON file at a location,
// replacing it (PUT) or merging its top-level keys (PATCH).

import { $, el, errorText, input, status } from './page';
import { parsePath, pathString } from './paths';
import { failure, OWNER, restUrl } from './rest-api';
import { state } from './state';
import { invalidate } from './tree-data';
import { isObject } from './values';

const ioPath = () => parsePath(input('io-path').value);

async function exportJson(): Promise<void> {
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

async function importJson(): Promise<void> {
  const chooser = input('import-file');
  const file = chooser.files?.[0];
  if (!file) return status('Choose a JSON file to import.', true);
  const text = await file.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return status(`${file.name} is not JSON: ${errorText(e)}`, true);
  }
  const merge = input('import-merge').checked;
  // As firebase-tools' import does, unless asked: no Functions triggers for the imported data.
  const triggers = input('import-triggers').checked;
  if (merge && (!isObject(data) || Array.isArray(data))) {
    return status('Merging needs a JSON object (its keys are written one by one).', true);
  }
  const path = ioPath();
  const params: Record<string, string> = triggers ? { print: 'silent' } : { print: 'silent', disableTriggers: 'true' };
  const res = await fetch(restUrl(path, params), { method: merge ? 'PATCH' : 'PUT', headers: OWNER, body: text });
  if (!res.ok) return status(`Import failed (${await failure(res)})`, true);
  status(`Imported ${file.name} at ${pathString(path)} (${merge ? 'merged' : 'replaced'}, ${triggers ? 'triggers run' : 'no triggers'}).`);
  chooser.value = '';
  invalidate(path);
}

export function wireImportExport(): void {
  $('export').addEventListener('click', () => void exportJson().catch((err: unknown) => status(errorText(err), true)));
  $('io-form').addEventListener('submit', (e) => {
    e.preventDefault();
    importJson().catch((err: unknown) => status(errorText(err), true));
  });
}
