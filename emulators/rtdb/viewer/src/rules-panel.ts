// The Rules panel: the namespace's rules text as uploaded, a summary of their coverage, and the
// addresses of the coverage reports for this namespace.

import { $ } from './page';
import { failure, OWNER, readJson } from './rest-api';
import { state } from './state';

/** The part of `/.inspect/coverage.json` the summary reads (src/rules/coverage-report.ts writes it). */
interface CoverageSummary {
  summary: { rulesEvaluated: number; rules: number; nodesEvaluated: number; nodes: number; evaluations: number };
}

export async function loadRules(): Promise<void> {
  const gen = state.generation;
  const res = await fetch(`/.settings/rules.json?${new URLSearchParams({ ns: state.ns })}`, { headers: OWNER });
  const text = res.ok ? await res.text() : `Could not load the rules (${await failure(res)})`;
  if (gen !== state.generation) return;
  $('rules').textContent = text;
  const q = new URLSearchParams({ ns: state.ns });
  $('coverage-link').setAttribute('href', `/.inspect/coverage?${q}`);
  $('coverage-json').setAttribute('href', `/.inspect/coverage.json?${q}`);
  const cov = await fetch(`/.inspect/coverage.json?${q}`);
  const summary = $('coverage-summary');
  if (!cov.ok) {
    summary.textContent = 'Rules coverage is not collected by this server.';
    return;
  }
  const s = ((await readJson(cov)) as CoverageSummary).summary;
  summary.textContent = `Coverage since these rules were loaded: ${s.rulesEvaluated} of ${s.rules} rules and ${s.nodesEvaluated} of ${s.nodes} subexpressions evaluated (${s.evaluations} evaluations).`;
}
