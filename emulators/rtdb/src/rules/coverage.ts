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
  const walk = new SpanWalk(src);
  try {
    walk.node(ast);
    // Parentheses around the whole expression belong to it.
    for (;;) {
      walk.ws();
      if (src.charCodeAt(walk.pos) === 41 && walk.opens.length > 0) {
        walk.opens.pop();
        walk.pos++;
      } else break;
    }
    walk.ws();
    if (walk.pos !== src.length || walk.opens.length > 0) return null;
    return walk.spans;
  } catch (e) {
    if (e instanceof Mismatch) return null;
    throw e;
  }
}

const isWs = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;

/** One walk of expressionSpans: the position in the source and the parentheses still open. */
class SpanWalk {
  readonly spans = new Map<jsep.Expression, readonly [number, number]>();
  readonly opens: number[] = [];
  pos = 0;

  constructor(private readonly src: string) {}

  ws(): void {
    while (this.pos < this.src.length && isWs(this.src.charCodeAt(this.pos))) this.pos++;
  }

  private expect(text: string): void {
    this.ws();
    if (!this.src.startsWith(text, this.pos)) throw new Mismatch();
    this.pos += text.length;
  }

  private prevNonWs(at: number): number {
    let i = at - 1;
    while (i >= 0 && isWs(this.src.charCodeAt(i))) i--;
    return i;
  }

  node(n: jsep.Expression): [number, number] {
    this.ws();
    while (this.src.charCodeAt(this.pos) === 40 /* ( */) {
      this.opens.push(this.pos);
      this.pos++;
      this.ws();
    }
    const start = this.tokens(n);
    const span: [number, number] = [start, this.pos];
    this.spans.set(n, span);
    return span;
  }

  /** Walks `n`'s tokens (after its opening parentheses); returns where `n` starts: its first
   *  child's start when it begins with one. */
  private tokens(n: jsep.Expression): number {
    const start = this.pos;
    switch (n.type) {
      case 'Literal':
        this.expect(String(n.raw));
        return start;
      case 'Identifier':
        this.expect(String(n.name));
        return start;
      case 'BinaryExpression': {
        const first = this.child(n.left as jsep.Expression)[0];
        this.expect(String(n.operator));
        this.child(n.right as jsep.Expression);
        return first;
      }
      case 'UnaryExpression':
        this.expect(String(n.operator));
        this.child(n.argument as jsep.Expression);
        return start;
      case 'ConditionalExpression': {
        const first = this.child(n.test as jsep.Expression)[0];
        this.expect('?');
        this.child(n.consequent as jsep.Expression);
        this.expect(':');
        this.child(n.alternate as jsep.Expression);
        return first;
      }
      case 'MemberExpression': {
        const first = this.child(n.object as jsep.Expression)[0];
        if (n.computed) {
          this.expect('[');
          this.child(n.property as jsep.Expression);
          this.expect(']');
        } else {
          this.expect('.');
          this.expect(String((n.property as jsep.Identifier).name));
        }
        return first;
      }
      case 'CallExpression': {
        const first = this.child(n.callee as jsep.Expression)[0];
        this.list('(', n.arguments as jsep.Expression[], ')');
        return first;
      }
      case 'ArrayExpression':
        this.list('[', n.elements as jsep.Expression[], ']');
        return start;
      default:
        throw new Mismatch();
    }
  }

  private list(open: string, items: jsep.Expression[], close: string): void {
    this.expect(open);
    items.forEach((a, i) => {
      if (i > 0) this.expect(',');
      this.child(a);
    });
    this.expect(close);
  }

  /** A subexpression with the parentheses that enclose exactly it. */
  private child(n: jsep.Expression): [number, number] {
    const span = this.node(n);
    for (;;) {
      const save = this.pos;
      this.ws();
      if (
        this.src.charCodeAt(this.pos) === 41 /* ) */ &&
        this.opens.length > 0 &&
        this.opens[this.opens.length - 1] === this.prevNonWs(span[0])
      ) {
        this.opens.pop();
        this.pos++;
        span[0] = this.prevNonWs(span[0]);
        span[1] = this.pos;
      } else {
        this.pos = save;
        return span;
      }
    }
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
