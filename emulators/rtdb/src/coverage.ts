// The rules coverage endpoints (README "Rules coverage"):
//   GET /.inspect/coverage?ns=<ns>            the namespace's rules as HTML, every rule and
//                                             subexpression annotated with its counts
//   GET /.inspect/coverage.json?ns=<ns>       the same as JSON (rules/coverage-report.ts)
//   GET /.inspect/coverage[.json]?rules=<sha256 of a rules text>
//                                             combined over every namespace that ran that text,
//                                             including periods before a namespace replaced it
// Counts start from zero whenever a namespace's rules are replaced.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompiledRules } from './rules-api';
import type { Namespace } from './namespace';
import type { DocumentCoverage } from './rules/coverage';
import { type CoverageReport, CoverageTotals, coverageHtml, coverageReport, rulesHash } from './rules/coverage-report';

export { rulesHash };

/** Keeps the counts of rules that namespaces have replaced, summed per rules text, for the
 *  combined reports. */
export class CoverageRegistry {
  private readonly retired = new Map<string, { totals: CoverageTotals; namespaces: Set<string> }>();

  /** Namespace option `onRulesReplaced`. */
  readonly onRulesReplaced = (old: CompiledRules, ns: Namespace): void => {
    if (old.coverage === null) return;
    const hash = rulesHash(old.source);
    let entry = this.retired.get(hash);
    if (!entry) {
      entry = { totals: new CoverageTotals(old.coverage), namespaces: new Set() };
      this.retired.set(hash, entry);
    }
    entry.totals.add(old.coverage);
    entry.namespaces.add(ns.name);
  };

  /** The report of one namespace's current rules, or null with coverage off. */
  namespaceReport(ns: Namespace): CoverageReport | null {
    const cov = ns.rules.coverage;
    return cov === null ? null : coverageReport({ namespaces: [ns.name], parts: [cov] });
  }

  /** The combined report of a rules text (by hash), or null when no namespace ever ran it. */
  combinedReport(hash: string, namespaces: Iterable<Namespace>): CoverageReport | null {
    const names = new Set<string>();
    const parts: Array<CoverageTotals | DocumentCoverage> = [];
    const retired = this.retired.get(hash);
    if (retired) {
      parts.push(retired.totals);
      for (const n of retired.namespaces) names.add(n);
    }
    for (const ns of namespaces) {
      const cov = ns.rules.coverage;
      if (cov !== null && rulesHash(ns.rules.source) === hash) {
        parts.push(cov);
        names.add(ns.name);
      }
    }
    if (parts.length === 0) return null;
    return coverageReport({ namespaces: [...names], parts, includesReplaced: retired !== undefined });
  }
}

export interface CoverageHost {
  getNamespace(name: string): Namespace;
  namespaceFor(url: URL, host: string | undefined): string;
  namespaces(): Iterable<Namespace>;
  coverage: CoverageRegistry | null;
}

function answer(res: ServerResponse, code: number, type: string, body: string, head: boolean): void {
  res.writeHead(code, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' });
  res.end(head ? undefined : body);
}

/** Answers the coverage endpoints; false for any other request. */
export function serveCoverage(host: CoverageHost, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const json = url.pathname === '/.inspect/coverage.json';
  if (!json && url.pathname !== '/.inspect/coverage' && url.pathname !== '/.inspect/coverage.html') return false;
  const head = req.method === 'HEAD';
  const fail = (code: number, message: string) =>
    json
      ? answer(res, code, 'application/json', JSON.stringify({ error: message }), head)
      : answer(res, code, 'text/plain', message + '\n', head);
  if (req.method !== 'GET' && !head) {
    fail(405, 'Method not allowed');
    return true;
  }
  if (host.coverage === null) {
    fail(404, 'Rules coverage is off (the emulator was started with --no-coverage)');
    return true;
  }
  const hash = url.searchParams.get('rules');
  let report: CoverageReport | null;
  if (hash !== null) {
    report = host.coverage.combinedReport(hash.toLowerCase(), host.namespaces());
    if (report === null) {
      fail(404, `No namespace has run the rules with SHA-256 ${hash}`);
      return true;
    }
  } else {
    report = host.coverage.namespaceReport(host.getNamespace(host.namespaceFor(url, req.headers.host)));
    if (report === null) {
      fail(404, 'No coverage for this namespace');
      return true;
    }
  }
  const print = url.searchParams.get('print') === 'pretty' ? 2 : undefined;
  if (json) answer(res, 200, 'application/json', JSON.stringify(report, null, print), head);
  else {
    const q = new URLSearchParams(url.search);
    answer(res, 200, 'text/html', coverageHtml(report, { json: `/.inspect/coverage.json?${q.toString()}` }), head);
  }
  return true;
}
