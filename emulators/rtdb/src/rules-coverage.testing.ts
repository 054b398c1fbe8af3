/**
 * The rules coverage report of a test run (README of emulators/rtdb, "Rules coverage").
 *
 * The rules tests run every file in a namespace of its own, all with the same rules text; the
 * emulator sums the counts of every namespace that ran a given text
 * (`/.inspect/coverage[.json]?rules=<sha256 of the text>`). At the end of the run this writes that
 * combined report as HTML and JSON files, since the emulator stops with the run.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const COVERAGE_DIR = join(repoRoot, 'node_modules', '.cache', 'rules-coverage');

interface Summary {
  rules: number;
  rulesEvaluated: number;
  nodes: number;
  nodesEvaluated: number;
  booleanNodes: number;
  bothOutcomes: number;
}

/**
 * Fetches the combined report of `rulesFile`'s text from the emulator at `hostPort` and writes
 * `<name>.html` and `<name>.json` under node_modules/.cache/rules-coverage/. Returns the lines to
 * print (where the report is, or why there is none). Never throws: a missing report must not fail
 * the test run.
 */
export async function writeRulesCoverage(hostPort: string, rulesFile: string): Promise<string[]> {
  const name = basename(rulesFile).replace(/\.json$/, '');
  try {
    const text = readFileSync(rulesFile, 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    const base = `http://${hostPort}/.inspect/coverage`;
    const json = await fetch(`${base}.json?rules=${hash}`, { signal: AbortSignal.timeout(10_000) });
    if (!json.ok) {
      return [
        `Rules coverage: no report for ${relative(repoRoot, rulesFile)} (${json.status}: ${(await json.text()).trim().slice(0, 200)})`,
      ];
    }
    const report = (await json.json()) as { namespaces: string[]; summary: Summary };
    const html = await fetch(`${base}?rules=${hash}`, { signal: AbortSignal.timeout(10_000) });
    mkdirSync(COVERAGE_DIR, { recursive: true });
    const jsonFile = join(COVERAGE_DIR, `${name}.json`);
    const htmlFile = join(COVERAGE_DIR, `${name}.html`);
    writeFileSync(jsonFile, JSON.stringify(report, null, 2));
    writeFileSync(htmlFile, (await html.text()).replace(/href="\/\.inspect\/coverage\.json[^"]*"/, `href="${name}.json"`));
    const s = report.summary;
    return [
      `Rules coverage of ${relative(repoRoot, rulesFile)} over ${report.namespaces.length} test namespaces: ` +
        `${s.rulesEvaluated} of ${s.rules} rules and ${s.nodesEvaluated} of ${s.nodes} subexpressions evaluated, ` +
        `${s.bothOutcomes} of ${s.booleanNodes} boolean subexpressions seen both true and false.`,
      `  Report: ${relative(process.cwd(), htmlFile)}  (open it in a browser; hover over a rule for its counts)`,
      `  Data:   ${relative(process.cwd(), jsonFile)}`,
    ];
  } catch (e) {
    return [`Rules coverage: could not write the report (${(e as Error).message})`];
  }
}
