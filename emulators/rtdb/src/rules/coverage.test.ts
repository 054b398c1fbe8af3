import { describe, expect, test } from 'vitest';
import jsep from 'jsep';
import { compileRules } from '.';
import { expressionSpans } from './coverage';
import { coverageReport, coverageHtml } from './coverage-report';
import { compileCoveredExpression } from './expression';
import { read, set } from './engine.testing';

/** The text of every node's range, in pre-order of the counting compile. */
function texts(source: string, kind: '.read' | '.write' | '.validate' = '.write', vars: string[] = []): string[] {
  const c = compileCoveredExpression(source, { kind, vars: new Set(vars) });
  return c.coverage.nodes.map((n) => source.slice(n.start, n.end));
}

describe('source ranges of subexpressions', () => {
  test('operators, calls, members and literals', () => {
    expect(texts("auth != null && auth.uid === 'x'")).toEqual([
      "auth != null && auth.uid === 'x'",
      'auth != null',
      'auth',
      'null',
      "auth.uid === 'x'",
      'auth.uid',
      'auth',
      "'x'",
    ]);
    expect(texts("newData.child('a').val() >= -1.5e3")).toEqual([
      "newData.child('a').val() >= -1.5e3",
      "newData.child('a').val()",
      "newData.child('a')",
      'newData',
      "'a'",
      '-1.5e3',
      '1.5e3',
    ]);
  });

  test('parentheses belong to the subexpression they enclose', () => {
    expect(texts('((auth != null) && (true)) || ( false )')).toEqual([
      '((auth != null) && (true)) || ( false )',
      '((auth != null) && (true))',
      '(auth != null)',
      'auth',
      'null',
      '(true)',
      '( false )',
    ]);
    expect(texts("!(auth.uid).beginsWith(('a'))")).toEqual([
      "!(auth.uid).beginsWith(('a'))",
      "(auth.uid).beginsWith(('a'))",
      '(auth.uid)',
      'auth',
      "('a')",
    ]);
  });

  test('ternaries, arrays, computed members, regular expressions, whitespace and newlines', () => {
    expect(texts("auth.token['email'] .matches(/^[a-z(]+@x[.]com$/i) ? newData.hasChildren(['a',\n 'b']) : false")).toEqual([
      "auth.token['email'] .matches(/^[a-z(]+@x[.]com$/i) ? newData.hasChildren(['a',\n 'b']) : false",
      "auth.token['email'] .matches(/^[a-z(]+@x[.]com$/i)",
      "auth.token['email']",
      'auth.token',
      'auth',
      "'email'",
      '/^[a-z(]+@x[.]com$/i',
      "newData.hasChildren(['a',\n 'b'])",
      'newData',
      "['a',\n 'b']",
      "'a'",
      "'b'",
      'false',
    ]);
    expect(texts('$uid === auth.uid', '.read', ['$uid'])).toEqual(['$uid === auth.uid', '$uid', 'auth.uid', 'auth']);
  });

  test('a walk that cannot match gives null (every node then spans the whole expression)', () => {
    expect(expressionSpans(jsep('a + b'), 'a - b')).toBeNull();
  });
});

describe('counting', () => {
  const text = `{
  "rules": {
    // escapes in the JSON string must not shift the ranges
    "a": { ".read": "auth.uid == \\"x\\\\y\\" || auth.uid == 'z'", ".write": true }
  }
}`;

  test('ranges map through JSON escapes to the document', () => {
    const rules = compileRules(text, { coverage: true });
    expect(read(rules, 'a', null, { auth: { uid: 'z' } })).toBe(true);
    const report = coverageReport({ namespaces: ['t'], parts: [rules.coverage!] });
    const loc = report.locations.find((l) => l.kind === '.read')!;
    expect(loc.kind === '.read' && loc.nodes.map((n) => [text.slice(n.span.start.offset, n.span.end.offset), n.evaluations])).toEqual([
      ['auth.uid == \\"x\\\\y\\" || auth.uid == \'z\'', 1],
      ['auth.uid == \\"x\\\\y\\"', 1],
      ['auth.uid', 1],
      ['auth', 1],
      ['\\"x\\\\y\\"', 1],
      ["auth.uid == 'z'", 1],
      ['auth.uid', 1],
      ['auth', 1],
      ["'z'", 1],
    ]);
    expect(loc.span.start).toEqual({ offset: text.indexOf('"auth.uid'), line: 4, column: text.split('\n')[3].indexOf('"auth.uid') + 1 });
    expect(coverageHtml(report)).toContain(
      '<span class="rule s-never" title=".write at /a: evaluated 0 times; true ×0, false ×0">true</span>',
    );
  });

  test('errors and non-boolean results', () => {
    const rules = compileRules(JSON.stringify({ rules: { '.read': 'auth.uid == "a"', x: { '.read': "data.val() ? true : 'yes'" } } }), {
      coverage: true,
    });
    expect(read(rules, '', null, { auth: null })).toBe(false); // auth.uid of null: an error
    expect(read(rules, 'x', { x: true }, { auth: { uid: 'b' } })).toBe(true);
    expect(read(rules, 'x', { x: false }, { auth: { uid: 'b' } })).toBe(false); // 'yes' is not a boolean
    const report = coverageReport({ namespaces: ['t'], parts: [rules.coverage!] });
    const [root, x] = report.locations.map((l) => (l.kind === '.indexOn' ? null : l))!;
    expect(root!.results).toEqual({ true: 0, false: 2, error: 1 });
    expect(root!.nodes.map((n) => [n.text, n.evaluations, n.errors])).toEqual([
      ['auth.uid == "a"', 3, 1],
      ['auth.uid', 3, 1],
      ['auth', 3, 0],
      ['"a"', 2, 0],
    ]);
    expect(x!.results).toEqual({ true: 1, false: 0, error: 1 });
    expect(x!.nodes[0].values).toEqual({ true: 1, '"yes"': 1 });
  });

  test('the same results with coverage off, and no counters', () => {
    const doc = { rules: { $u: { '.write': 'auth.uid === $u && newData.isString()' } } };
    const on = compileRules(JSON.stringify(doc), { coverage: true });
    const off = compileRules(JSON.stringify(doc));
    expect(off.coverage).toBeNull();
    for (const [auth, value] of [
      [{ uid: 'a' }, 'x'],
      [{ uid: 'b' }, 'x'],
      [{ uid: 'a' }, 1],
      [null, 'x'],
    ] as const) {
      expect(set(on, 'a', value, null, { auth })).toEqual(set(off, 'a', value, null, { auth }));
    }
    expect(on.coverage!.rules[0].counts[0]).toBe(4);
  });

  test('many distinct values are summed under "…" after the first ten', () => {
    const rules = compileRules(JSON.stringify({ rules: { $k: { '.read': '$k.length > 0' } } }), { coverage: true });
    for (let i = 0; i < 15; i++) read(rules, `key${i}`, null);
    const report = coverageReport({ namespaces: ['t'], parts: [rules.coverage!] });
    const loc = report.locations[0];
    const values = loc.kind === '.indexOn' ? {} : loc.nodes[2].values;
    expect(Object.keys(values)).toHaveLength(11);
    expect(values['…']).toBe(5);
  });
});
