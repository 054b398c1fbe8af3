// Rules coverage: how often every rule, and every subexpression of every rule expression, was
// evaluated and what it returned (README "Rules coverage"). The counters live beside the compiled
// rules, so replacing the rules starts from zero.
//
// Cost: counting is compiled in. With coverage on, every expression is compiled twice: a counting
// closure tree (what the engine runs) and a plain one (for the server's own pre-checks, e.g. the
// "could any body be allowed?" test before a REST body is read, which must not count). A counting
// node adds an increment and a try/catch around its closure; the counters are plain Float64Arrays
// allocated once per expression. With coverage off nothing of this exists.

import type jsep from 'jsep';
import { Snap } from './snapshot';

/** Counter slots: [evaluations, true, false, errors], 4 per counter. */
export const EVALS = 0;
export const TRUE = 1;
export const FALSE = 2;
export const ERRORS = 3;

/** Distinct non-boolean values remembered per subexpression; the rest are counted as "…". */
const MAX_VALUES = 10;
export const OTHER_VALUES = '…';

export interface CoverageNodeInfo {
  /** Pre-order index within the expression (0 = the whole expression). */
  readonly id: number;
  readonly parent: number;
  /** Character range in the expression text (the decoded JSON string). */
  readonly start: number;
  readonly end: number;
  /** What the node is: an operator ("&&", "==="), "call .exists()", "member .uid", "auth", "literal". */
  readonly label: string;
}

/** One rule expression's subexpressions and counters. Slots 0–3 count the rule's results (a
 *  non-boolean result or an evaluation error counts as an error, and the rule is false); node `i`
 *  has the slots 4 + 4i … 4 + 4i + 3. */
export class ExpressionCoverage {
  readonly nodes: CoverageNodeInfo[] = [];
  readonly counts: Float64Array;
  /** Per node: counts of results that were not booleans, by a short label of the value (see
   *  valueCounts(), which also adds the pending and fixed ones). */
  private readonly values: Array<Map<string, number> | undefined> = [];
  /** Per node whose every result is of one kind (a literal, a snapshot): that kind's label; its
   *  count is the evaluations that did not fail and were not booleans. */
  readonly fixed: Array<string | undefined> = [];
  /** Per node: the last result and how many times in a row it came (labelled lazily: a rule
   *  that sees the same uid, or the same connection's auth object, a thousand times labels it
   *  once). Snapshots are never kept. */
  private readonly pendingValue: unknown[] = [];
  private readonly pendingCount: number[] = [];
  private parent = -1;

  constructor(
    readonly source: string,
    private readonly spans: Map<jsep.Expression, readonly [number, number]> | null,
    capacity: number,
  ) {
    this.counts = new Float64Array(4 + 4 * capacity);
  }

  /** Registers a node while compiling (pre-order); returns its id. */
  enter(node: jsep.Expression): number {
    const id = this.nodes.length;
    const span = this.spans?.get(node) ?? [0, this.source.length];
    this.nodes.push({ id, parent: this.parent, start: span[0], end: span[1], label: nodeLabel(node) });
    this.pendingCount.push(0);
    this.pendingValue.push(undefined);
    this.parent = id;
    return id;
  }

  leave(id: number): void {
    this.parent = this.nodes[id].parent;
  }

  /** Records a result that is not a boolean. */
  note(id: number, v: unknown): void {
    if (this.pendingCount[id] > 0 && v === this.pendingValue[id]) {
      this.pendingCount[id]++;
      return;
    }
    this.flush(id);
    if (v instanceof Snap) {
      // Not kept: a snapshot would hold on to an old data tree.
      this.add(id, valueLabel(v), 1);
      return;
    }
    this.pendingValue[id] = v;
    this.pendingCount[id] = 1;
  }

  private flush(id: number): void {
    const n = this.pendingCount[id];
    if (n === 0) return;
    this.add(id, valueLabel(this.pendingValue[id]), n);
    this.pendingCount[id] = 0;
    this.pendingValue[id] = undefined;
  }

  private add(id: number, label: string, n: number): void {
    let map = this.values[id];
    if (map === undefined) map = this.values[id] = new Map();
    if (!map.has(label) && map.size >= MAX_VALUES) label = OTHER_VALUES;
    map.set(label, (map.get(label) ?? 0) + n);
  }

  /** The non-boolean results of every node so far (fixed-kind nodes excluded; see `fixed`). */
  valueCounts(): Array<Map<string, number> | undefined> {
    for (let id = 0; id < this.nodes.length; id++) this.flush(id);
    return this.values;
  }
}

function nodeLabel(node: jsep.Expression): string {
  switch (node.type) {
    case 'BinaryExpression':
    case 'UnaryExpression':
      return String(node.operator);
    case 'ConditionalExpression':
      return '?:';
    case 'Identifier':
      return String(node.name);
    case 'Literal':
      return 'literal';
    case 'ArrayExpression':
      return 'array';
    case 'MemberExpression':
      return node.computed ? 'member [ ]' : `member .${String((node.property as jsep.Identifier).name)}`;
    case 'CallExpression': {
      const callee = node.callee as jsep.MemberExpression;
      return `call .${String((callee.property as jsep.Identifier | undefined)?.name ?? '?')}()`;
    }
    default:
      return node.type;
  }
}

/** A short, stable label of a rule value, for the value counts of a subexpression. */
export function valueLabel(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'string':
      return v.length > 40 ? JSON.stringify(v.slice(0, 40)).slice(0, -1) + '…"' : JSON.stringify(v);
    case 'number':
    case 'boolean':
      return String(v);
  }
  if (v instanceof Snap) return 'a RuleDataSnapshot';
  if (v instanceof RegExp) return String(v);
  if (Array.isArray(v)) return 'an array';
  return 'an object';
}

/** Counts of the rule location's result: one per rule (.read/.write/.validate) of a document. */
export interface RuleCoverage {
  readonly kind: '.read' | '.write' | '.validate';
  /** The rule location, e.g. "/users/$uid". */
  readonly path: string;
  /** Where the rule is in the document, e.g. "rules/users/$uid/.write". */
  readonly where: string;
  /** The rule's JSON value in the document: offset and length (quotes included). */
  readonly valueOffset: number;
  readonly valueLength: number;
  /** A boolean rule, or null for an expression. */
  readonly constant: boolean | null;
  readonly expression: ExpressionCoverage | null;
  /** Slots 0–3 of the rule's results (for an expression: the expression's own array). */
  readonly counts: Float64Array;
}

export interface IndexCoverage {
  readonly path: string;
  readonly where: string;
  readonly valueOffset: number;
  readonly valueLength: number;
  readonly fields: readonly string[];
  /** Queries at this location that needed one of `fields`, by field. */
  readonly used: Map<string, number>;
  /** Queries at this location that needed an index not listed, by index. */
  readonly missing: Map<string, number>;
}

/** The coverage of one compiled rules document. */
export class DocumentCoverage {
  readonly rules: RuleCoverage[] = [];
  readonly indexes: IndexCoverage[] = [];
  /** Queries that needed an index at a location without any .indexOn, by "path\u0000index". */
  readonly unindexed = new Map<string, number>();

  constructor(readonly text: string) {}
}

/** Records a query at `path` (a data path) that needs `index` (".value", ".key", a child path). */
export function noteIndexUse(doc: DocumentCoverage, at: IndexCoverage | null, path: string, index: string): void {
  if (at === null) {
    const key = `${path}\u0000${index}`;
    doc.unindexed.set(key, (doc.unindexed.get(key) ?? 0) + 1);
    return;
  }
  const map = at.fields.includes(index) ? at.used : at.missing;
  map.set(index, (map.get(index) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------
// Source ranges of the subexpressions

class Mismatch {}

/** Character ranges of every node of a parsed expression (jsep keeps no positions). Walks the
 *  tree in source order, matching each token's text; a parenthesised subexpression's range
 *  includes its parentheses. Null if the walk does not match (then every node gets the whole
 *  expression). */
export function expressionSpans(ast: jsep.Expression, src: string): Map<jsep.Expression, readonly [number, number]> | null {
  const spans = new Map<jsep.Expression, readonly [number, number]>();
  const opens: number[] = [];
  let pos = 0;
  const isWs = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;
  const ws = () => {
    while (pos < src.length && isWs(src.charCodeAt(pos))) pos++;
  };
  const expect = (text: string) => {
    ws();
    if (!src.startsWith(text, pos)) throw new Mismatch();
    pos += text.length;
  };
  const prevNonWs = (at: number) => {
    let i = at - 1;
    while (i >= 0 && isWs(src.charCodeAt(i))) i--;
    return i;
  };

  const node = (n: jsep.Expression): [number, number] => {
    ws();
    while (src.charCodeAt(pos) === 40 /* ( */) {
      opens.push(pos);
      pos++;
      ws();
    }
    let start = pos;
    switch (n.type) {
      case 'Literal':
        expect(String(n.raw));
        break;
      case 'Identifier':
        expect(String(n.name));
        break;
      case 'BinaryExpression':
        start = child(n.left as jsep.Expression)[0];
        expect(String(n.operator));
        child(n.right as jsep.Expression);
        break;
      case 'UnaryExpression':
        expect(String(n.operator));
        child(n.argument as jsep.Expression);
        break;
      case 'ConditionalExpression':
        start = child(n.test as jsep.Expression)[0];
        expect('?');
        child(n.consequent as jsep.Expression);
        expect(':');
        child(n.alternate as jsep.Expression);
        break;
      case 'MemberExpression':
        start = child(n.object as jsep.Expression)[0];
        if (n.computed) {
          expect('[');
          child(n.property as jsep.Expression);
          expect(']');
        } else {
          expect('.');
          expect(String((n.property as jsep.Identifier).name));
        }
        break;
      case 'CallExpression': {
        start = child(n.callee as jsep.Expression)[0];
        expect('(');
        const args = n.arguments as jsep.Expression[];
        args.forEach((a, i) => {
          if (i > 0) expect(',');
          child(a);
        });
        expect(')');
        break;
      }
      case 'ArrayExpression': {
        expect('[');
        const items = n.elements as jsep.Expression[];
        items.forEach((a, i) => {
          if (i > 0) expect(',');
          child(a);
        });
        expect(']');
        break;
      }
      default:
        throw new Mismatch();
    }
    const span: [number, number] = [start, pos];
    spans.set(n, span);
    return span;
  };

  /** A subexpression with the parentheses that enclose exactly it. */
  const child = (n: jsep.Expression): [number, number] => {
    const span = node(n);
    for (;;) {
      const save = pos;
      ws();
      if (src.charCodeAt(pos) === 41 /* ) */ && opens.length > 0 && opens[opens.length - 1] === prevNonWs(span[0])) {
        opens.pop();
        pos++;
        span[0] = prevNonWs(span[0]);
        span[1] = pos;
      } else {
        pos = save;
        return span;
      }
    }
  };

  try {
    const top = node(ast);
    // Parentheses around the whole expression belong to it.
    for (;;) {
      ws();
      if (src.charCodeAt(pos) === 41 && opens.length > 0) {
        opens.pop();
        pos++;
      } else break;
    }
    ws();
    if (pos !== src.length || opens.length > 0) return null;
    void top;
    return spans;
  } catch (e) {
    if (e instanceof Mismatch) return null;
    throw e;
  }
}

/** Number of nodes of a parsed expression (an upper bound for the coverage counters). */
export function countNodes(n: unknown): number {
  if (n === null || typeof n !== 'object') return 0;
  if (Array.isArray(n)) return n.reduce((s: number, x) => s + countNodes(x), 0);
  const o = n as Record<string, unknown>;
  if (typeof o.type !== 'string') return 0;
  let total = 1;
  for (const k in o) if (k !== 'type' && typeof o[k] === 'object') total += countNodes(o[k]);
  return total;
}
