// Rules coverage reports: JSON (GET /.inspect/coverage.json) and HTML (GET /.inspect/coverage),
// for one namespace or combined over every namespace that ran the same rules text. The counters
// themselves are collected by coverage.ts; this file only reads them.

import { createHash } from 'node:crypto';
import {
  type DocumentCoverage,
  ERRORS,
  EVALS,
  type ExpressionCoverage,
  FALSE,
  TRUE,
  type IndexCoverage,
  type RuleCoverage,
} from './coverage';
import { stringSourceOffset } from './document';

export const COVERAGE_FORMAT = 'rtdb-emulator-rules-coverage/1';

/** The key of a rules text in combined reports: hex SHA-256 of the text exactly as uploaded. */
export function rulesHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export interface Position {
  /** 0-based character offset in the rules document. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export interface Span {
  start: Position;
  end: Position;
}

export interface NodeReport {
  /** Pre-order index within the expression; 0 is the whole expression. */
  id: number;
  parent: number | null;
  /** What it is: an operator ("&&", "==="), "call .exists()", "member .uid", "auth", "literal", … */
  label: string;
  text: string;
  span: Span;
  evaluations: number;
  /** Results by value: "true", "false", or a short label of another value ("null", "\"alice\"",
   *  "a RuleDataSnapshot", …; at most ten distinct labels, the rest under "…"). */
  values: Record<string, number>;
  /** Evaluations that failed (a type error, e.g. calling a method on null). */
  errors: number;
}

export interface RuleLocationReport {
  path: string;
  kind: '.read' | '.write' | '.validate';
  where: string;
  span: Span;
  /** The boolean of a `true`/`false` rule; null for an expression. */
  constant: boolean | null;
  expression: string | null;
  evaluations: number;
  /** The rule's results; `error` counts evaluations that failed or did not give a boolean (the
   *  rule then counts as false). */
  results: { true: number; false: number; error: number };
  /** Every subexpression, in pre-order ([] for a constant rule). */
  nodes: NodeReport[];
}

export interface IndexLocationReport {
  path: string;
  kind: '.indexOn';
  where: string;
  span: Span;
  fields: string[];
  /** Queries at this location that used one of the fields, by field. */
  queries: Record<string, number>;
  /** Queries at this location that needed an index not listed, by index. */
  missing: Record<string, number>;
}

export type LocationReport = RuleLocationReport | IndexLocationReport;

export interface CoverageReport {
  format: typeof COVERAGE_FORMAT;
  /** The namespaces whose counts are included (one for a per-namespace report). */
  namespaces: string[];
  /** Counts also include earlier rules periods of namespaces that have since replaced these rules. */
  includesReplaced: boolean;
  rulesHash: string;
  generatedAt: string;
  /** The rules document, exactly as uploaded. */
  source: string;
  summary: {
    rules: number;
    rulesEvaluated: number;
    expressions: number;
    /** Subexpressions (the whole expression included) evaluated at least once. */
    nodes: number;
    nodesEvaluated: number;
    /** Subexpressions that gave a boolean, and of those, the ones seen both true and false. */
    booleanNodes: number;
    bothOutcomes: number;
    evaluations: number;
    errors: number;
  };
  locations: LocationReport[];
  /** Queries that needed an index where the rules have no .indexOn at all. */
  unindexedQueries: Array<{ path: string; index: string; count: number }>;
}

// ---------------------------------------------------------------------------------------------
// Sums over several runs of the same rules text

/** Counts of one rules text, summed over several compiled copies (namespaces, earlier periods). */
export class CoverageTotals {
  readonly counts: Float64Array[];
  readonly values: Array<Array<Map<string, number> | undefined>>;
  readonly indexUsed: Map<string, number>[];
  readonly indexMissing: Map<string, number>[];
  readonly unindexed = new Map<string, number>();

  /** Zero counts shaped like `template` (a compiled copy of the same text). */
  constructor(readonly template: DocumentCoverage) {
    this.counts = template.rules.map((r) => new Float64Array(r.counts.length));
    this.values = template.rules.map(() => []);
    this.indexUsed = template.indexes.map(() => new Map());
    this.indexMissing = template.indexes.map(() => new Map());
  }

  add(doc: DocumentCoverage | CoverageTotals): void {
    const src = doc instanceof CoverageTotals ? doc : CoverageTotals.view(doc);
    if (src.counts.length !== this.counts.length) return; // another text; cannot happen by hash
    src.counts.forEach((c, i) => {
      const into = this.counts[i];
      for (let k = 0; k < c.length && k < into.length; k++) into[k] += c[k];
    });
    src.values.forEach((perNode, i) =>
      perNode.forEach((m, id) => {
        if (m === undefined) return;
        const into = (this.values[i][id] ??= new Map());
        for (const [label, n] of m) into.set(label, (into.get(label) ?? 0) + n);
      }),
    );
    addMaps(this.indexUsed, src.indexUsed);
    addMaps(this.indexMissing, src.indexMissing);
    for (const [k, n] of src.unindexed) this.unindexed.set(k, (this.unindexed.get(k) ?? 0) + n);
  }

  /** The live counters of a document, shaped like totals (no copy). */
  private static view(doc: DocumentCoverage): CoverageTotals {
    const t = Object.create(CoverageTotals.prototype) as { -readonly [K in keyof CoverageTotals]: CoverageTotals[K] };
    t.template = doc;
    t.counts = doc.rules.map((r) => r.counts);
    t.values = doc.rules.map((r) => r.expression?.valueCounts() ?? []);
    t.indexUsed = doc.indexes.map((x) => x.used);
    t.indexMissing = doc.indexes.map((x) => x.missing);
    t.unindexed = doc.unindexed;
    return t as CoverageTotals;
  }
}

function addMaps(into: Map<string, number>[], from: Map<string, number>[]): void {
  from.forEach((m, i) => {
    for (const [k, n] of m) into[i].set(k, (into[i].get(k) ?? 0) + n);
  });
}

// ---------------------------------------------------------------------------------------------
// JSON

class Positions {
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1);
    }
  }

  at(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { offset, line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  span(start: number, end: number): Span {
    return { start: this.at(start), end: this.at(end) };
  }
}

/** Document offsets of every character index of a rule's expression (index = length included). */
function expressionOffsets(text: string, rule: RuleCoverage, expr: ExpressionCoverage): number[] {
  const out: number[] = [];
  for (let i = 0; i <= expr.source.length; i++) out.push(stringSourceOffset(text, rule.valueOffset, rule.valueLength, i));
  return out;
}

export interface ReportInput {
  namespaces: string[];
  /** Live documents and/or earlier totals, all of the same rules text. */
  parts: Array<DocumentCoverage | CoverageTotals>;
  includesReplaced?: boolean;
}

/** Builds the JSON report from one or more runs of the same rules text. */
export function coverageReport(input: ReportInput): CoverageReport {
  const first = input.parts[0];
  const doc = first instanceof CoverageTotals ? first.template : first;
  const totals = new CoverageTotals(doc);
  for (const p of input.parts) totals.add(p);
  const text = doc.text;
  const pos = new Positions(text);

  const rules: Array<[number, RuleLocationReport]> = doc.rules.map((r, i) => [r.valueOffset, ruleReport(text, pos, totals, r, i)]);
  const indexes: Array<[number, IndexLocationReport]> = doc.indexes.map((x: IndexCoverage, i) => [
    x.valueOffset,
    {
      path: x.path,
      kind: '.indexOn',
      where: x.where,
      span: pos.span(x.valueOffset, x.valueOffset + x.valueLength),
      fields: [...x.fields],
      queries: Object.fromEntries(totals.indexUsed[i]),
      missing: Object.fromEntries(totals.indexMissing[i]),
    },
  ]);
  const locations = [...rules, ...indexes].sort((a, b) => a[0] - b[0]).map(([, l]) => l);

  return {
    format: COVERAGE_FORMAT,
    namespaces: [...input.namespaces].sort(),
    includesReplaced: input.includesReplaced ?? false,
    rulesHash: rulesHash(text),
    generatedAt: new Date().toISOString(),
    source: text,
    summary: summarize(rules.map(([, r]) => r)),
    locations,
    unindexedQueries: [...totals.unindexed]
      .map(([k, count]) => {
        const [path, index] = k.split('\u0000');
        return { path, index, count };
      })
      .sort((a, b) => a.path.localeCompare(b.path) || a.index.localeCompare(b.index)),
  };
}

/** The report of rule `i` of the document, with one entry per subexpression. */
function ruleReport(text: string, pos: Positions, totals: CoverageTotals, r: RuleCoverage, i: number): RuleLocationReport {
  const c = totals.counts[i];
  const nodes: NodeReport[] = [];
  const expr = r.expression;
  if (expr !== null) {
    const offsets = expressionOffsets(text, r, expr);
    for (const n of expr.nodes) {
      const k = 4 + 4 * n.id;
      const values: Record<string, number> = {};
      if (c[k + TRUE] > 0) values.true = c[k + TRUE];
      if (c[k + FALSE] > 0) values.false = c[k + FALSE];
      for (const [label, count] of totals.values[i][n.id] ?? []) values[label] = count;
      const fixed = expr.fixed[n.id];
      const fixedCount = c[k + EVALS] - c[k + ERRORS] - c[k + TRUE] - c[k + FALSE];
      if (fixed !== undefined && fixedCount > 0) values[fixed] = fixedCount;
      nodes.push({
        id: n.id,
        parent: n.parent < 0 ? null : n.parent,
        label: n.label,
        text: expr.source.slice(n.start, n.end),
        span: pos.span(offsets[n.start], offsets[n.end]),
        evaluations: c[k + EVALS],
        values,
        errors: c[k + ERRORS],
      });
    }
  }
  return {
    path: r.path,
    kind: r.kind,
    where: r.where,
    span: pos.span(r.valueOffset, r.valueOffset + r.valueLength),
    constant: r.constant,
    expression: expr?.source ?? null,
    evaluations: c[EVALS],
    results: { true: c[TRUE], false: c[FALSE], error: c[ERRORS] },
    nodes,
  };
}

function summarize(ruleReports: RuleLocationReport[]): CoverageReport['summary'] {
  const allNodes = ruleReports.flatMap((r) => r.nodes);
  const booleanNodes = allNodes.filter((n) => (n.values.true ?? 0) + (n.values.false ?? 0) > 0);
  return {
    rules: ruleReports.length,
    rulesEvaluated: ruleReports.filter((r) => r.evaluations > 0).length,
    expressions: ruleReports.filter((r) => r.expression !== null).length,
    nodes: allNodes.length,
    nodesEvaluated: allNodes.filter((n) => n.evaluations > 0).length,
    booleanNodes: booleanNodes.length,
    bothOutcomes: booleanNodes.filter((n) => n.values.true && n.values.false).length,
    evaluations: ruleReports.reduce((s, r) => s + r.evaluations, 0),
    errors: ruleReports.reduce((s, r) => s + r.results.error, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// HTML

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function valuesText(values: Record<string, number>): string {
  return Object.entries(values)
    .map(([v, n]) => `${v} ×${n.toLocaleString('en-US')}`)
    .join(', ');
}

/** A node's or rule's state for colouring. */
function status(evaluations: number, t: number, f: number, errors: number, other: number): string {
  if (evaluations === 0) return 'never';
  if (errors > 0) return 'error';
  if (t > 0 && f > 0) return 'both';
  if (t > 0) return 'true';
  if (f > 0) return 'false';
  return other > 0 ? 'value' : 'never';
}

interface Mark {
  start: number;
  end: number;
  cls: string;
  title: string;
  /** Outer marks first when two start at the same place. */
  depth: number;
}

function ruleMarks(r: RuleLocationReport): Mark[] {
  if (r.nodes.length === 0) {
    const st = status(r.evaluations, r.results.true, r.results.false, r.results.error, 0);
    return [
      {
        start: r.span.start.offset,
        end: r.span.end.offset,
        cls: `rule s-${st}`,
        title: `${r.kind} at ${r.path}: evaluated ${plural(r.evaluations, 'time')}; true ×${r.results.true}, false ×${r.results.false}`,
        depth: 0,
      },
    ];
  }
  const depth = new Map<number, number>();
  return r.nodes.map((n) => {
    const d = n.parent === null ? 0 : (depth.get(n.parent) ?? 0) + 1;
    depth.set(n.id, d);
    const t = n.values.true ?? 0;
    const f = n.values.false ?? 0;
    const other = Object.entries(n.values).reduce((s, [k, v]) => (k === 'true' || k === 'false' ? s : s + v), 0);
    const st = status(n.evaluations, t, f, n.errors, other);
    const lines = [`${n.label}: evaluated ${plural(n.evaluations, 'time')}`];
    if (Object.keys(n.values).length > 0) lines.push(`values: ${valuesText(n.values)}`);
    if (n.errors > 0) lines.push(`errors: ${n.errors}`);
    if (n.parent === null)
      lines.unshift(`${r.kind} at ${r.path}: ${r.results.true} true, ${r.results.false} false, ${r.results.error} error`);
    return {
      start: n.span.start.offset,
      end: n.span.end.offset,
      cls: `${n.parent === null ? 'rule ' : ''}node d${Math.min(d, 4)} s-${st}`,
      title: lines.join('\n'),
      depth: d,
    };
  });
}

/** The rules text with every rule and subexpression wrapped in a span that says how it went. */
function annotatedSource(report: CoverageReport): string {
  const marks: Mark[] = [];
  for (const l of report.locations) {
    if (l.kind === '.indexOn') {
      const used = Object.values(l.queries).reduce((s, n) => s + n, 0);
      const missing = Object.entries(l.missing);
      marks.push({
        start: l.span.start.offset,
        end: l.span.end.offset,
        cls: `index s-${used > 0 ? 'true' : 'never'}`,
        title:
          `.indexOn at ${l.path}: ${plural(used, 'query', 'queries')} used it` +
          (missing.length ? `; queries needing other indexes: ${missing.map(([k, n]) => `${k} ×${n}`).join(', ')}` : ''),
        depth: 0,
      });
    } else marks.push(...ruleMarks(l));
  }
  marks.sort((a, b) => a.start - b.start || b.end - a.end || a.depth - b.depth);
  const src = report.source;
  let out = '';
  let at = 0;
  const open: Mark[] = [];
  const closeUntil = (pos: number) => {
    while (open.length > 0 && open[open.length - 1].end <= pos) {
      const m = open.pop()!;
      out += esc(src.slice(at, m.end)) + '</span>';
      at = m.end;
    }
  };
  for (const m of marks) {
    closeUntil(m.start);
    // A mark that is not inside the innermost open one cannot be nested: skip it.
    if (open.length > 0 && m.end > open[open.length - 1].end) continue;
    out += esc(src.slice(at, m.start));
    at = m.start;
    out += `<span class="${m.cls}" title="${esc(m.title)}">`;
    open.push(m);
  }
  closeUntil(Number.MAX_SAFE_INTEGER);
  return out + esc(src.slice(at));
}

const STYLE = `
:root { color-scheme: light dark; --never: #c62828; --true: #2e7d32; --false: #b26a00; --both: #1565c0; --err: #ad1457; }
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem; max-width: 80rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
pre.source { font: 13px/2.2 ui-monospace, monospace; padding: 1rem; border: 1px solid #8886; border-radius: 6px; overflow-x: auto; }
.node { border-bottom: 2px solid transparent; }
/* Nested subexpressions: the outer the node, the lower its underline, so every level shows. */
.node.d0 { padding-bottom: 8px; } .node.d1 { padding-bottom: 6px; } .node.d2 { padding-bottom: 4px; } .node.d3 { padding-bottom: 2px; } .node.d4 { padding-bottom: 0; }
.node.s-never, .rule.s-never { background: color-mix(in srgb, var(--never) 18%, transparent); border-bottom: 2px dotted var(--never); }
.node.s-true { border-bottom-color: var(--true); } .node.s-false { border-bottom-color: var(--false); }
.node.s-both { border-bottom-color: var(--both); } .node.s-error { border-bottom: 2px wavy var(--err); }
.rule.s-true { background: color-mix(in srgb, var(--true) 14%, transparent); }
.rule.s-false { background: color-mix(in srgb, var(--false) 16%, transparent); }
.rule.s-both { background: color-mix(in srgb, var(--both) 12%, transparent); }
.rule.s-error { background: color-mix(in srgb, var(--err) 14%, transparent); }
.index.s-true { background: color-mix(in srgb, var(--true) 14%, transparent); } .index.s-never { background: color-mix(in srgb, var(--never) 12%, transparent); }
pre.source span:hover:not(:has(span:hover)) { outline: 2px solid currentColor; outline-offset: 1px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #8884; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font: 13px ui-monospace, monospace; white-space: pre-wrap; word-break: break-word; }
.legend span { display: inline-block; padding: 0 0.4rem; margin-right: 0.5rem; border-radius: 3px; }
.zero { color: var(--never); font-weight: 600; }
details summary { cursor: pointer; }
`;

/** The report as a self-contained HTML page (no scripts): the annotated rules text, then a table
 *  of every rule location with its subexpressions. */
export function coverageHtml(report: CoverageReport, links: { json: string } = { json: '' }): string {
  const s = report.summary;
  const title =
    report.namespaces.length === 1
      ? `Rules coverage: ${report.namespaces[0]}`
      : `Rules coverage: ${plural(report.namespaces.length, 'namespace')}`;
  const rows = report.locations
    .map((l) => {
      const where = `<td><code>${esc(l.path)}</code></td><td><code>${esc(l.kind)}</code></td><td class="num">${l.span.start.line}:${l.span.start.column}</td>`;
      if (l.kind === '.indexOn') {
        const used = Object.values(l.queries).reduce((a, b) => a + b, 0);
        const missing = Object.entries(l.missing)
          .map(([k, n]) => `${esc(k)} ×${n}`)
          .join(', ');
        return `<tr>${where}<td class="num${used ? '' : ' zero'}">${used}</td><td colspan="3">${esc(l.fields.join(', '))}${missing ? `; needed but missing: ${missing}` : ''}</td></tr>`;
      }
      const head = `${where}<td class="num${l.evaluations ? '' : ' zero'}">${l.evaluations}</td><td class="num">${l.results.true}</td><td class="num">${l.results.false}</td><td class="num">${l.results.error}</td>`;
      const text = l.expression === null ? `<code>${String(l.constant)}</code>` : '';
      const nodes =
        l.nodes.length === 0
          ? text
          : `<details><summary><code>${esc(l.expression ?? '')}</code></summary><table><thead><tr><th>subexpression</th><th class="num">evaluated</th><th>values</th><th class="num">errors</th></tr></thead><tbody>${l.nodes
              .map(
                (n) =>
                  `<tr><td><code>${esc(n.text)}</code></td><td class="num${n.evaluations ? '' : ' zero'}">${n.evaluations}</td><td>${esc(valuesText(n.values))}</td><td class="num">${n.errors}</td></tr>`,
              )
              .join('')}</tbody></table></details>`;
      return `<tr>${head}</tr><tr><td colspan="7">${nodes}</td></tr>`;
    })
    .join('\n');
  const unindexed = report.unindexedQueries.length
    ? `<h2>Queries without an index</h2><table><thead><tr><th>path</th><th>index needed</th><th class="num">queries</th></tr></thead><tbody>${report.unindexedQueries
        .map((q) => `<tr><td><code>${esc(q.path)}</code></td><td><code>${esc(q.index)}</code></td><td class="num">${q.count}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>${report.namespaces.length > 1 ? `Combined over ${esc(report.namespaces.join(', '))}${report.includesReplaced ? ' (including earlier periods of namespaces that have replaced these rules since)' : ''}. ` : ''}Generated ${esc(report.generatedAt)}.
${links.json ? `Raw data: <a href="${esc(links.json)}">JSON</a>.` : ''}</p>
<p><strong>${s.rulesEvaluated} of ${s.rules}</strong> rules evaluated; <strong>${s.nodesEvaluated} of ${s.nodes}</strong> subexpressions evaluated;
<strong>${s.bothOutcomes} of ${s.booleanNodes}</strong> boolean subexpressions seen both true and false; ${plural(s.evaluations, 'rule evaluation')}, ${plural(s.errors, 'error')}.</p>
<p class="legend">Hover over a rule or subexpression for its counts.
<span class="rule s-true">only true</span><span class="rule s-false">only false</span><span class="rule s-both">true and false</span><span class="rule s-error">errors</span><span class="rule s-never">never evaluated</span></p>
<pre class="source" aria-label="Rules with coverage">${annotatedSource(report)}</pre>
<h2>Rule locations</h2>
<table>
<thead><tr><th>path</th><th>rule</th><th class="num">line:col</th><th class="num">evaluated</th><th class="num">true</th><th class="num">false</th><th class="num">error</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${unindexed}
</main>
</body>
</html>
`;
}
