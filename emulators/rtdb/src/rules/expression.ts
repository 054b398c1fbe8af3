// Compiles one rule expression (the string value of .read/.write/.validate) into a closure.
//
// Parsing uses `jsep` (+ `@jsep-plugin/regex` for `/re/flags` literals): a small, maintained,
// dependency-free JavaScript-expression parser whose grammar (literals, member access, calls,
// unary/binary/ternary operators, precedence) is a superset of the Firebase rules language, so we
// get a correct parser with good error positions for free. Everything jsep accepts beyond the
// rules language (`??`, `?.`, `|`, `this`, compound expressions, …) is rejected here, at compile
// time, together with unknown variables, unknown methods and results that cannot be booleans.
//
// Evaluation never coerces: operators and methods check their operand types at run time and throw
// an EvalFailure, which the caller turns into "this rule is false".

import jsep from 'jsep';
import jsepRegex from '@jsep-plugin/regex';
import type { AuthVar, RuleQuery } from './types';
import { ERRORS, EVALS, ExpressionCoverage, FALSE, TRUE, countNodes, expressionSpans, valueLabel } from './coverage';
import { Snap, descend, exists, exportToVal, hasAnyChild, leafValue, priorityOf, splitPath } from './snapshot';

jsep.plugins.register(jsepRegex);

/** Variables of one evaluation; the engine mutates data/newData/vars while walking the rules. */
export interface Env {
  auth: AuthVar;
  now: number;
  root: Snap;
  data: Snap;
  newData: Snap | null;
  query: RuleQuery;
  vars: Readonly<Record<string, string>>;
  /** The message of the last evaluation error (for logs). */
  error: string | null;
  /** Set when an evaluation reads `newData` (so a result found without the data is provisional). */
  newDataUsed?: boolean;
}

export type RuleKind = '.read' | '.write' | '.validate';

export interface ExprScope {
  kind: RuleKind;
  /** Wildcard names in scope, with the `$`. */
  vars: ReadonlySet<string>;
  /** Set while compiling the counting variant of an expression (coverage.ts). */
  cov?: ExpressionCoverage;
}

/** A compile error; `index` is the character position in the expression when known. */
export class ExprError extends Error {
  constructor(
    message: string,
    readonly index: number | null = null,
  ) {
    super(message);
  }
}

/** Thrown during evaluation; deliberately not an Error (no stack capture, cheap). */
export class EvalFailure {
  constructor(readonly message: string) {}
}

function fail(message: string): never {
  throw new EvalFailure(message);
}

type Fn = (env: Env) => unknown;
type T = 'snap' | 'string' | 'number' | 'boolean' | 'null' | 'regex' | 'array' | 'query' | 'any';
interface Compiled {
  t: T;
  fn: Fn;
}

const TYPE_NAMES: Record<T, string> = {
  snap: 'a RuleDataSnapshot',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  regex: 'a regular expression',
  array: 'an array',
  query: 'the query object',
  any: 'a value',
};

const QUERY_KEYS: Record<keyof RuleQuery, T> = {
  orderByKey: 'boolean',
  orderByPriority: 'boolean',
  orderByValue: 'boolean',
  orderByChild: 'any',
  startAt: 'any',
  endAt: 'any',
  equalTo: 'any',
  limitToFirst: 'any',
  limitToLast: 'any',
};

const ALLOWED_REGEX_FLAGS = /^[imsu]*$/;

// ---------------------------------------------------------------- run-time helpers

function describe(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Snap) return 'a RuleDataSnapshot';
  if (v instanceof RegExp) return 'a regular expression';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function asKey(v: unknown, what: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return fail(`${what} expects a string, got ${describe(v)}`);
}

function asString(v: unknown, what: string): string {
  return typeof v === 'string' ? v : fail(`${what} expects a string, got ${describe(v)}`);
}

function getMember(obj: unknown, key: string): unknown {
  if (obj === null || obj === undefined) return fail(`cannot read property '${key}' of null`);
  if (typeof obj === 'string') {
    return key === 'length' ? obj.length : fail(`strings have no property '${key}'`);
  }
  if (typeof obj === 'object' && !(obj instanceof Snap) && !(obj instanceof RegExp)) {
    const rec = obj as Record<string, unknown>;
    const v = Object.hasOwn(rec, key) ? rec[key] : undefined;
    return v === undefined ? null : v;
  }
  return fail(`cannot read property '${key}' of ${describe(obj)}`);
}

function checkComparable(v: unknown, op: string): void {
  if (v instanceof Snap || v instanceof RegExp) fail(`cannot apply '${op}' to ${describe(v)}`);
}

function equal(a: unknown, b: unknown, op: string): boolean {
  checkComparable(a, op);
  checkComparable(b, op);
  return (a ?? null) === (b ?? null);
}

function ordered(a: unknown, b: unknown, op: string): void {
  if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) {
    fail(`'${op}' needs two numbers or two strings, got ${describe(a)} and ${describe(b)}`);
  }
}

function numbers(a: unknown, b: unknown, op: string): void {
  if (typeof a !== 'number' || typeof b !== 'number') {
    fail(`'${op}' needs numbers, got ${describe(a)} and ${describe(b)}`);
  }
}

function add(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  const sa = typeof a === 'string';
  const sb = typeof b === 'string';
  if ((sa || sb) && isScalar(a) && isScalar(b)) return String(a) + String(b);
  return fail(`'+' needs numbers or strings, got ${describe(a)} and ${describe(b)}`);
}

function isScalar(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function bool(v: unknown, what: string): boolean {
  return typeof v === 'boolean' ? v : fail(`${what} expects a boolean, got ${describe(v)}`);
}

// ---------------------------------------------------------------- methods

type Impl = (self: never, a: unknown, b: unknown) => unknown;
interface Method {
  min: number;
  max: number;
  t: T;
  impl: Impl;
}

function m<S>(min: number, max: number, t: T, impl: (self: S, a: unknown, b: unknown) => unknown): Method {
  return { min, max, t, impl: impl as Impl };
}

const SNAP_METHODS: Record<string, Method> = {
  val: m<Snap>(0, 0, 'any', (s) => exportToVal(s.node)),
  child: m<Snap>(1, 1, 'snap', (s, p) => s.childPath(splitPath(asKey(p, 'child()')))),
  parent: m<Snap>(0, 0, 'snap', (s) => s.parent ?? fail('parent() called on the root')),
  hasChild: m<Snap>(1, 1, 'boolean', (s, p) => exists(descend(s.node, splitPath(asKey(p, 'hasChild()'))))),
  hasChildren: m<Snap>(0, 1, 'boolean', (s, list) => {
    if (list === undefined) return hasAnyChild(s.node);
    if (!Array.isArray(list)) return fail(`hasChildren() expects an array of names, got ${describe(list)}`);
    if (list.length === 0) return hasAnyChild(s.node);
    for (const name of list) {
      if (!exists(descend(s.node, splitPath(asKey(name, 'hasChildren()'))))) return false;
    }
    return true;
  }),
  exists: m<Snap>(0, 0, 'boolean', (s) => exists(s.node)),
  getPriority: m<Snap>(0, 0, 'any', (s) => priorityOf(s.node)),
  isNumber: m<Snap>(0, 0, 'boolean', (s) => typeof leafValue(s.node) === 'number'),
  isString: m<Snap>(0, 0, 'boolean', (s) => typeof leafValue(s.node) === 'string'),
  isBoolean: m<Snap>(0, 0, 'boolean', (s) => typeof leafValue(s.node) === 'boolean'),
};

const STRING_METHODS: Record<string, Method> = {
  contains: m<string>(1, 1, 'boolean', (s, a) => s.includes(asString(a, 'contains()'))),
  beginsWith: m<string>(1, 1, 'boolean', (s, a) => s.startsWith(asString(a, 'beginsWith()'))),
  endsWith: m<string>(1, 1, 'boolean', (s, a) => s.endsWith(asString(a, 'endsWith()'))),
  replace: m<string>(2, 2, 'string', (s, a, b) => {
    const to = asString(b, 'replace()');
    return s.replaceAll(asString(a, 'replace()'), () => to);
  }),
  toLowerCase: m<string>(0, 0, 'string', (s) => s.toLowerCase()),
  toUpperCase: m<string>(0, 0, 'string', (s) => s.toUpperCase()),
  matches: m<string>(1, 1, 'boolean', (s, re) =>
    re instanceof RegExp ? re.test(s) : fail(`matches() expects a regular expression, got ${describe(re)}`),
  ),
};

function own<V>(table: Record<string, V>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

// ---------------------------------------------------------------- compiler

export interface CompiledExpression {
  /** Evaluates the rule; true only for a boolean true. Never throws; sets env.error on failure. */
  (env: Env): boolean;
}

function parse(source: string): jsep.Expression {
  if (source.trim() === '') throw new ExprError('empty expression');
  try {
    return jsep(source);
  } catch (e) {
    const err = e as { description?: string; message?: string; index?: number };
    throw new ExprError(err.description ?? err.message ?? String(e), typeof err.index === 'number' ? err.index : null);
  }
}

function checkBoolean(c: Compiled): void {
  if (c.t !== 'boolean' && c.t !== 'any') {
    throw new ExprError(`the rule must evaluate to a boolean, but this expression is ${TYPE_NAMES[c.t]}`);
  }
}

/** The rule: true only for a boolean true; never throws. `counts` (coverage): slots 0–3 count
 *  the rule's evaluations, true, false, and errors (an error or a non-boolean result). */
function finish(c: Compiled, counts: Float64Array | null): CompiledExpression {
  const fn = c.fn;
  if (counts === null) {
    return (env: Env): boolean => {
      try {
        const v = fn(env);
        if (typeof v === 'boolean') return v;
        env.error = `the rule evaluated to ${describe(v)}, not a boolean`;
        return false;
      } catch (e) {
        env.error = e instanceof EvalFailure ? e.message : String(e);
        return false;
      }
    };
  }
  return (env: Env): boolean => {
    counts[EVALS]++;
    try {
      const v = fn(env);
      if (v === true) {
        counts[TRUE]++;
        return true;
      }
      if (v === false) {
        counts[FALSE]++;
        return false;
      }
      counts[ERRORS]++;
      env.error = `the rule evaluated to ${describe(v)}, not a boolean`;
      return false;
    } catch (e) {
      counts[ERRORS]++;
      env.error = e instanceof EvalFailure ? e.message : String(e);
      return false;
    }
  };
}

/** Parses and compiles an expression; throws ExprError. */
export function compileExpression(source: string, scope: ExprScope): CompiledExpression {
  const c = compileNode(parse(source), { kind: scope.kind, vars: scope.vars });
  checkBoolean(c);
  return finish(c, null);
}

export interface CoveredExpression {
  /** Counts every evaluation of the rule and of each subexpression into `coverage`. */
  expr: CompiledExpression;
  /** The same rule without counting (for the server's own pre-checks). */
  plain: CompiledExpression;
  coverage: ExpressionCoverage;
}

/** compileExpression, plus a counting variant (rules coverage). Throws ExprError. */
export function compileCoveredExpression(source: string, scope: ExprScope): CoveredExpression {
  const ast = parse(source);
  const plain = compileNode(ast, { kind: scope.kind, vars: scope.vars });
  checkBoolean(plain);
  const coverage = new ExpressionCoverage(source, expressionSpans(ast, source), countNodes(ast));
  const counted = compileNode(ast, { kind: scope.kind, vars: scope.vars, cov: coverage });
  return { expr: finish(counted, coverage.counts), plain: finish(plain, null), coverage };
}

/** A node's closure wrapped to count its evaluations and results (coverage.ts). Literals and
 *  snapshots count only evaluations (their value is known from the node). */
function counting(node: jsep.Expression, c: Compiled, cov: ExpressionCoverage, id: number): Fn {
  const fn = c.fn;
  const counts = cov.counts;
  const k = 4 + 4 * id;
  if (node.type === 'Literal') {
    const v = (node as jsep.Literal).value;
    const slot = v === true ? k + TRUE : v === false ? k + FALSE : -1;
    if (slot < 0) cov.fixed[id] = valueLabel(v);
    return (env) => {
      counts[k]++;
      if (slot >= 0) counts[slot]++;
      return fn(env);
    };
  }
  if (c.t === 'snap' || c.t === 'array') {
    // Always a snapshot (or always an array): only failures need telling apart.
    cov.fixed[id] = valueLabel(c.t === 'snap' ? SNAP_EXAMPLE : []);
    return (env) => {
      counts[k]++;
      try {
        return fn(env);
      } catch (e) {
        counts[k + ERRORS]++;
        throw e;
      }
    };
  }
  return (env) => {
    counts[k]++;
    let v: unknown;
    try {
      v = fn(env);
    } catch (e) {
      counts[k + ERRORS]++;
      throw e;
    }
    if (v === true) counts[k + TRUE]++;
    else if (v === false) counts[k + FALSE]++;
    else cov.note(id, v);
    return v;
  };
}

const SNAP_EXAMPLE = new Snap(null, null);

function compileNode(node: jsep.Expression, scope: ExprScope): Compiled {
  const cov = scope.cov;
  if (cov === undefined) return compileBare(node, scope);
  const id = cov.enter(node);
  const c = compileBare(node, scope);
  cov.leave(id);
  return { t: c.t, fn: counting(node, c, cov, id) };
}

function compileBare(node: jsep.Expression, scope: ExprScope): Compiled {
  switch (node.type) {
    case 'Literal':
      return compileLiteral(node as jsep.Literal);
    case 'Identifier':
      return compileIdentifier((node as jsep.Identifier).name, scope);
    case 'MemberExpression':
      return compileMember(node as jsep.MemberExpression, scope);
    case 'CallExpression':
      return compileCall(node as jsep.CallExpression, scope);
    case 'UnaryExpression':
      return compileUnary(node as jsep.UnaryExpression, scope);
    case 'BinaryExpression':
      return compileBinary(node as jsep.BinaryExpression, scope);
    case 'ConditionalExpression':
      return compileConditional(node as jsep.ConditionalExpression, scope);
    case 'ArrayExpression':
      return compileArray(node as jsep.ArrayExpression, scope);
    case 'Compound':
      throw new ExprError(
        (node as jsep.Compound).body.length === 0
          ? 'empty expression'
          : 'unexpected token: parts of the expression are not joined by an operator',
      );
    case 'ThisExpression':
      throw new ExprError("unknown variable 'this'");
    default:
      throw new ExprError(`unsupported syntax (${node.type})`);
  }
}

function compileLiteral(node: jsep.Literal): Compiled {
  const v = node.value;
  if (v instanceof RegExp) {
    if (!ALLOWED_REGEX_FLAGS.test(v.flags)) {
      throw new ExprError(`unsupported regular expression flags '${v.flags}' in ${node.raw} (allowed: i, m, s, u)`);
    }
    return { t: 'regex', fn: () => v };
  }
  const t: T = v === null ? 'null' : typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : 'boolean';
  return { t, fn: () => v };
}

function compileIdentifier(name: string, scope: ExprScope): Compiled {
  switch (name) {
    case 'auth':
      return { t: 'any', fn: (env) => env.auth };
    case 'now':
      return { t: 'number', fn: (env) => env.now };
    case 'root':
      return { t: 'snap', fn: (env) => env.root };
    case 'data':
      return { t: 'snap', fn: (env) => env.data };
    case 'newData':
      if (scope.kind === '.read') throw new ExprError("'newData' is not available in .read rules");
      return {
        t: 'snap',
        fn: (env) => {
          env.newDataUsed = true;
          return env.newData ?? fail('newData is not available');
        },
      };
    case 'query':
      if (scope.kind !== '.read') throw new ExprError(`'query' is only available in .read rules, not in ${scope.kind}`);
      return { t: 'query', fn: (env) => env.query };
  }
  if (name.startsWith('$')) {
    if (!scope.vars.has(name)) {
      throw new ExprError(`unknown variable '${name}' (no such wildcard on this path)`);
    }
    return { t: 'string', fn: (env) => env.vars[name] ?? fail(`${name} is not bound`) };
  }
  throw new ExprError(`unknown variable '${name}'`);
}

function propertyName(node: jsep.MemberExpression): string | null {
  if (node.computed) return null;
  const p = node.property;
  if (p.type !== 'Identifier') throw new ExprError('invalid property access');
  return (p as jsep.Identifier).name;
}

function compileMember(node: jsep.MemberExpression, scope: ExprScope): Compiled {
  if (node.optional) throw new ExprError("optional chaining '?.' is not supported");
  const obj = compileNode(node.object, scope);
  const name = propertyName(node);
  const objFn = obj.fn;
  switch (obj.t) {
    case 'snap':
      throw new ExprError(
        `a RuleDataSnapshot has no property '${name ?? '[…]'}'` +
          (name !== null && own(SNAP_METHODS, name) ? ` (call it: ${name}())` : " (use child('name') or val())"),
      );
    case 'string':
      if (name === 'length') return { t: 'number', fn: (env) => (objFn(env) as string).length };
      throw new ExprError(
        name !== null && own(STRING_METHODS, name)
          ? `'${name}' is a method; call it: ${name}(…)`
          : `strings have no property '${name ?? '[…]'}' (only length)`,
      );
    case 'number':
    case 'boolean':
    case 'null':
    case 'regex':
      throw new ExprError(`cannot read property '${name ?? '[…]'}' of ${TYPE_NAMES[obj.t]}`);
    case 'query':
      if (name !== null) {
        const t = own(QUERY_KEYS, name);
        if (t === undefined) {
          throw new ExprError(`unknown query property '${name}' (known: ${Object.keys(QUERY_KEYS).join(', ')})`);
        }
        return { t, fn: (env) => getMember(objFn(env), name) };
      }
      break;
  }
  if (name !== null) return { t: 'any', fn: (env) => getMember(objFn(env), name) };
  const keyFn = compileNode(node.property, scope).fn;
  return { t: 'any', fn: (env) => getMember(objFn(env), asKey(keyFn(env), 'property access [ ]')) };
}

function compileCall(node: jsep.CallExpression, scope: ExprScope): Compiled {
  const callee = node.callee;
  if (callee.type !== 'MemberExpression' || (callee as jsep.MemberExpression).computed) {
    throw new ExprError('only method calls such as data.exists() or auth.uid.beginsWith(…) are supported');
  }
  const member = callee as jsep.MemberExpression;
  if (member.optional) throw new ExprError("optional chaining '?.' is not supported");
  const name = propertyName(member) as string;
  const obj = compileNode(member.object, scope);
  let method: Method | undefined;
  let check: ((v: unknown) => boolean) | null = null;
  switch (obj.t) {
    case 'snap':
      method = own(SNAP_METHODS, name);
      if (!method) throw new ExprError(`unknown method '${name}()' of RuleDataSnapshot`);
      break;
    case 'string':
      method = own(STRING_METHODS, name);
      if (!method) throw new ExprError(`unknown string method '${name}()'`);
      break;
    case 'any': {
      // Snapshot or string, decided at run time.
      method = own(SNAP_METHODS, name);
      if (method) check = (v) => v instanceof Snap;
      else {
        method = own(STRING_METHODS, name);
        if (!method) throw new ExprError(`unknown method '${name}()'`);
        check = (v) => typeof v === 'string';
      }
      break;
    }
    default:
      throw new ExprError(`cannot call '${name}()' on ${TYPE_NAMES[obj.t]}`);
  }
  const args = node.arguments.map((a) => compileNode(a, scope));
  if (args.length < method.min || args.length > method.max) {
    const want = method.min === method.max ? `${method.min}` : `${method.min} or ${method.max}`;
    throw new ExprError(`${name}() takes ${want} argument${want === '1' ? '' : 's'}, got ${args.length}`);
  }
  if (name === 'matches' && args[0].t !== 'regex') {
    throw new ExprError('matches() expects a regular expression literal such as /^[a-z]+$/');
  }
  const impl = method.impl as (self: unknown, a: unknown, b: unknown) => unknown;
  const objFn = obj.fn;
  const a0 = args[0]?.fn;
  const a1 = args[1]?.fn;
  const guarded =
    check === null
      ? (self: unknown) => self
      : (self: unknown) => (check(self) ? self : fail(`cannot call '${name}()' on ${describe(self)}`));
  const t = method.t;
  if (a0 === undefined) return { t, fn: (env) => impl(guarded(objFn(env)), undefined, undefined) };
  if (a1 === undefined) return { t, fn: (env) => impl(guarded(objFn(env)), a0(env), undefined) };
  return { t, fn: (env) => impl(guarded(objFn(env)), a0(env), a1(env)) };
}

function compileUnary(node: jsep.UnaryExpression, scope: ExprScope): Compiled {
  const arg = compileNode(node.argument, scope).fn;
  switch (node.operator) {
    case '!':
      return { t: 'boolean', fn: (env) => !bool(arg(env), "'!'") };
    case '-':
      return {
        t: 'number',
        fn: (env) => {
          const v = arg(env);
          return typeof v === 'number' ? -v : fail(`unary '-' needs a number, got ${describe(v)}`);
        },
      };
    default:
      throw new ExprError(`unsupported operator '${node.operator}'`);
  }
}

/** An operator on two checked operands: the type of its result, the check of its operands (which
 *  fails the rule), and what it computes. */
interface Checked {
  t: T;
  check: (a: unknown, b: unknown, op: string) => void;
  apply: (a: number, b: number) => unknown;
}

/** `<`, `<=`, `>`, `>=` on two numbers or two strings (`ordered` checks which). */
const comparison = (apply: (a: number, b: number) => boolean): Checked => ({ t: 'boolean', check: ordered, apply });
/** `-`, `*`, `/`, `%` on two numbers (`+` also joins strings: `add`). */
const arithmetic = (apply: (a: number, b: number) => number): Checked => ({ t: 'number', check: numbers, apply });

const CHECKED = new Map<string, Checked>([
  ['<', comparison((a, b) => a < b)],
  ['<=', comparison((a, b) => a <= b)],
  ['>', comparison((a, b) => a > b)],
  ['>=', comparison((a, b) => a >= b)],
  ['-', arithmetic((a, b) => a - b)],
  ['*', arithmetic((a, b) => a * b)],
  ['/', arithmetic((a, b) => a / b)],
  ['%', arithmetic((a, b) => a % b)],
]);

function compileBinary(node: jsep.BinaryExpression, scope: ExprScope): Compiled {
  const op = node.operator;
  const lc = compileNode(node.left, scope);
  const rc = compileNode(node.right, scope);
  const l = lc.fn;
  const r = rc.fn;
  const checked = CHECKED.get(op);
  if (checked) {
    const { check, apply } = checked;
    return {
      t: checked.t,
      fn: (env) => {
        const a = l(env),
          b = r(env);
        check(a, b, op);
        return apply(a as number, b as number);
      },
    };
  }
  switch (op) {
    case '&&':
      return { t: 'boolean', fn: (env) => bool(l(env), "'&&'") && bool(r(env), "'&&'") };
    case '||':
      return { t: 'boolean', fn: (env) => bool(l(env), "'||'") || bool(r(env), "'||'") };
    case '==':
    case '===':
      return { t: 'boolean', fn: (env) => equal(l(env), r(env), op) };
    case '!=':
    case '!==':
      return { t: 'boolean', fn: (env) => !equal(l(env), r(env), op) };
    case '+': {
      const t: T = lc.t === 'number' && rc.t === 'number' ? 'number' : lc.t === 'string' || rc.t === 'string' ? 'string' : 'any';
      return { t, fn: (env) => add(l(env), r(env)) };
    }
    default:
      throw new ExprError(`unsupported operator '${op}'`);
  }
}

function compileConditional(node: jsep.ConditionalExpression, scope: ExprScope): Compiled {
  const test = compileNode(node.test, scope).fn;
  const yes = compileNode(node.consequent, scope);
  const no = compileNode(node.alternate, scope);
  const y = yes.fn;
  const n = no.fn;
  return {
    t: yes.t === no.t ? yes.t : 'any',
    fn: (env) => (bool(test(env), "'?:'") ? y(env) : n(env)),
  };
}

function compileArray(node: jsep.ArrayExpression, scope: ExprScope): Compiled {
  const items = node.elements.map((e) => {
    if (e === null) throw new ExprError('holes are not allowed in array literals');
    return compileNode(e, scope).fn;
  });
  return { t: 'array', fn: (env) => items.map((f) => f(env)) };
}
