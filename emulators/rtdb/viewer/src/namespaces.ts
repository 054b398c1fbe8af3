// The namespace shown (README "Data viewer", Namespace): one of the emulator's, listed from
// `/.inspect/databases.json`, or any other typed; the address keeps it (`/?ns=<namespace>`).

import { resetDenials } from './denials-panel';
import { startLive } from './live-updates';
import { $, el, input } from './page';
import { readJson } from './rest-api';
import { loadRules } from './rules-panel';
import { state } from './state';
import { expand } from './tree-data';
import { render } from './tree-view';

/** Fills the namespace field's suggestions; the names, sorted. */
export async function loadNamespaces(): Promise<string[]> {
  const res = await fetch('/.inspect/databases.json');
  if (!res.ok) return [];
  const list = (await readJson(res)) as Array<{ name: string }>;
  const names = list.map((d) => d.name).sort();
  $('ns-list').replaceChildren(...names.map((n) => el('option', { value: n })));
  return names;
}

export async function openNamespace(ns: string): Promise<void> {
  state.ns = ns;
  state.generation++;
  state.expanded.clear();
  state.shown.clear();
  input('ns').value = ns;
  document.title = `${ns} · Realtime Database emulator`;
  const url = new URL(location.href);
  url.searchParams.set('ns', ns);
  history.replaceState(null, '', url);
  render();
  await expand([]);
  render();
  startLive();
  void loadRules();
  resetDenials(ns);
}
