// Denied requests (README "Data viewer"): the namespace's denial log, the newest DENIALS_SHOWN in a
// table, asked for every DENIALS_POLL_MS; the polite summary line says how many are new.

import { $, el } from './page';
import { readJson } from './rest-api';
import { state } from './state';

const DENIALS_SHOWN = 50;
const DENIALS_POLL_MS = 1000;

/** The fields of `/.inspect/denials.json` the table shows (the server's `Denial` and `DeniedRule`,
 *  src/namespace.ts and src/rules/explain.ts; that code runs in Node, this in the browser). */
interface DeniedRule {
  path: string;
  kind: string;
  expression: string;
  falsePart: string | null;
  error: boolean;
}
interface Denial {
  time: string;
  path: string;
  operation: string;
  readForCondition?: boolean;
  query?: boolean;
  uid: string | null;
  claims: Record<string, unknown> | null;
  rules: DeniedRule[];
}
interface DenialLog {
  total: number;
  denials: Denial[];
}

/** The log's `total` last shown in this namespace; -1 until the first answer. */
let denialsTotal = -1;

function ruleCell(rules: DeniedRule[]): HTMLElement {
  if (rules.length === 0) return el('td', {}, ['(no rule allows it)']);
  return el(
    'td',
    {},
    rules.map((r) =>
      el('div', { class: 'rule' }, [
        el('code', {}, [`${r.path} ${r.kind}: ${r.expression}`]),
        ...(r.falsePart ? [el('span', { class: 'false-part' }, [' false: ', el('code', {}, [r.falsePart])])] : []),
        ...(r.error ? [el('span', { class: 'false-part' }, [' (evaluation error)'])] : []),
      ]),
    ),
  );
}

function denialRow(d: Denial): HTMLElement {
  return el('tr', {}, [
    el('td', {}, [el('time', { datetime: d.time }, [new Date(d.time).toLocaleTimeString()])]),
    el('td', {}, [d.operation + (d.readForCondition ? ' (read for its condition)' : '') + (d.query ? ' (query)' : '')]),
    el('td', {}, [el('code', {}, [d.path])]),
    el('td', {}, [d.uid ? `uid ${d.uid}` : d.claims ? 'auth override' : 'signed out']),
    ruleCell(d.rules),
  ]);
}

export async function loadDenials(): Promise<void> {
  const gen = state.generation;
  const res = await fetch(`/.inspect/denials.json?${new URLSearchParams({ ns: state.ns, limit: String(DENIALS_SHOWN) })}`);
  if (!res.ok || gen !== state.generation) return;
  const log = (await readJson(res)) as DenialLog;
  if (log.total === denialsTotal) return;
  const fresh = denialsTotal < 0 ? 0 : log.total - denialsTotal;
  denialsTotal = log.total;
  $('denials')
    .querySelector('tbody')
    ?.replaceChildren(...log.denials.map(denialRow));
  $('denials-summary').textContent =
    log.total === 0
      ? 'No request has been denied.'
      : `${log.total} denied request${log.total === 1 ? '' : 's'}${fresh > 0 ? `, ${fresh} new` : ''}; the newest ${Math.min(log.denials.length, DENIALS_SHOWN)} below.`;
}

/** Another namespace is shown: its log starts afresh, and its link goes to its own JSON. */
export function resetDenials(ns: string): void {
  denialsTotal = -1;
  $('denials-json').setAttribute('href', `/.inspect/denials.json?${new URLSearchParams({ ns, print: 'pretty' })}`);
  void loadDenials();
}

export function startDenialsPolling(): void {
  setInterval(() => void loadDenials().catch(() => {}), DENIALS_POLL_MS);
}
