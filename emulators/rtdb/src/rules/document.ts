// Parses a `database.rules.json` document into a tree of rule nodes with compiled expressions.
//
// JSON-with-comments parsing uses Microsoft's `jsonc-parser` (the parser behind VS Code's JSONC
// support; maintained, no dependencies): it accepts // and /* */ comments and gives a syntax tree
// with source offsets, which we use to report the line of every error. It rejects raw newlines
// inside strings, which real rules files contain (long expressions split over lines), so we first
// blank out control characters inside string literals (same length, so offsets stay exact).

import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { RulesError } from './errors';
import { compileCoveredExpression, compileExpression, ExprError, type CompiledExpression, type RuleKind } from './expression';
import { type DocumentCoverage, type IndexCoverage } from './coverage';

export interface Rule {
  readonly kind: RuleKind;
  /** Where the rule is in the document, e.g. "rules/users/$uid/.write". */
  readonly where: string;
  /** A boolean rule, or null for an expression. */
  readonly constant: boolean | null;
  /** The expression; with coverage on, the variant that counts its evaluations. */
  readonly expr: CompiledExpression | null;
  /** The expression without counting (the same function when coverage is off). */
  readonly plain: CompiledExpression | null;
  /** Coverage of a boolean rule: [evaluations, true, false, errors]; null otherwise. */
  readonly counts: Float64Array | null;
  /** The rule as written: the expression, or "true"/"false" (for the denial log). */
  readonly source: string;
  /** Its location, e.g. "/users/$uid", and the wildcards in scope there. */
  readonly path: string;
  readonly vars: ReadonlySet<string>;
}

export interface RuleNode {
  /** The rule location, e.g. "/users/$uid". */
  readonly path: string;
  read: Rule | null;
  write: Rule | null;
  validate: Rule | null;
  indexOn: readonly string[];
  /** Named children (null when there are none). */
  children: Map<string, RuleNode> | null;
  /** The `$wildcard` name (with the `$`) and its node. */
  wildcard: string | null;
  wildNode: RuleNode | null;
  /** True if this node or any node below it has a .validate rule. */
  validateBelow: boolean;
  /** Coverage of the .indexOn here (null without one, or with coverage off). */
  indexCoverage: IndexCoverage | null;
}

// eslint-disable-next-line no-control-regex -- Firebase keys may not contain control characters: matching them is the point.
const INVALID_KEY_CHARS = /[.#$[\]/\u0000-\u001f\u007f]/;

/** Replaces control characters inside JSON string literals with spaces; keeps every offset. */
function blankControlCharsInStrings(text: string): string {
  let out: string[] | null = null;
  let last = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) {
          i += 2;
          continue;
        }
        if (d === 34) break;
        if (d < 32) {
          (out ??= []).push(text.slice(last, i), ' ');
          last = i + 1;
        }
        i++;
      }
      i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else {
      i++;
    }
  }
  if (out === null) return text;
  out.push(text.slice(last));
  return out.join('');
}

function lineCol(text: string, offset: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      col = 1;
    } else if (c !== 13) {
      col++;
    }
  }
  return `line ${line}, column ${col}`;
}

/** Maps a character index in a decoded JSON string to its offset in the source. */
function sourceOffsetOf(text: string, stringNode: JsonNode, index: number): number {
  let raw = stringNode.offset + 1;
  for (let k = 0; k < index && raw < stringNode.offset + stringNode.length - 1; k++) {
    raw += text.charCodeAt(raw) === 92 ? (text.charCodeAt(raw + 1) === 117 /* u */ ? 6 : 2) : 1;
  }
  return raw;
}

function humanize(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function kindOf(node: JsonNode): string {
  switch (node.type) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'null';
  }
}

export interface ParseOptions {
  /** Count evaluations for a coverage report (coverage.ts); fills `coverage`. */
  coverage?: DocumentCoverage | null;
}

export function parseRulesDocument(text: string, options: ParseOptions = {}): RuleNode {
  const errors: ParseError[] = [];
  const tree = parseTree(blankControlCharsInStrings(text), errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  if (errors.length > 0) {
    const e = errors[0];
    throw new RulesError(`Invalid JSON at ${lineCol(text, e.offset)}: ${humanize(printParseErrorCode(e.error))}`);
  }
  if (!tree || tree.type !== 'object') {
    throw new RulesError('The rules document must be a JSON object like {"rules": {...}}');
  }
  let rules: JsonNode | null = null;
  for (const prop of tree.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    const key = keyNode?.value as string;
    if (key !== 'rules') {
      throw new RulesError(`Unknown top-level key "${key}" at ${lineCol(text, keyNode.offset)} (only "rules" is allowed)`);
    }
    rules = valueNode ?? null;
  }
  if (rules === null) throw new RulesError('The rules document has no "rules" key');
  if (rules.type !== 'object') {
    throw new RulesError(`rules: must be an object, found ${kindOf(rules)} at ${lineCol(text, rules.offset)}`);
  }
  return buildNode(text, rules, 'rules', '', new Set(), options.coverage ?? null);
}

function buildNode(
  text: string,
  obj: JsonNode,
  where: string,
  path: string,
  vars: ReadonlySet<string>,
  cov: DocumentCoverage | null,
): RuleNode {
  const node: RuleNode = {
    path: path === '' ? '/' : path,
    read: null,
    write: null,
    validate: null,
    indexOn: [],
    children: null,
    wildcard: null,
    wildNode: null,
    validateBelow: false,
    indexCoverage: null,
  };
  // Child objects are built after the rules of this node, once the wildcard name is known.
  const pending: Array<[string, JsonNode, JsonNode]> = [];
  let wildcardKey: JsonNode | null = null;

  for (const prop of obj.children ?? []) {
    const [keyNode, value] = prop.children as [JsonNode, JsonNode];
    const key = keyNode.value as string;
    const here = `${where}/${key}`;
    if (key.startsWith('.')) {
      addRule(text, node, keyNode, value, here, vars, cov);
      continue;
    }
    if (key.startsWith('$')) {
      if (wildcardKey !== null && node.wildcard !== key) {
        fail(text, keyNode, `${where}: only one $wildcard child is allowed per location, found "${node.wildcard}" and "${key}"`);
      }
      if (key.length < 2 || INVALID_KEY_CHARS.test(key.slice(1))) {
        fail(text, keyNode, `${here}: invalid wildcard name (use $ followed by a name, e.g. $uid)`);
      }
      wildcardKey = keyNode;
      node.wildcard = key;
    } else if (key.length === 0 || INVALID_KEY_CHARS.test(key)) {
      fail(text, keyNode, `${here}: invalid key (keys cannot be empty or contain . # $ [ ] / or control characters)`);
    }
    if (value.type !== 'object') {
      fail(text, value, `${here}: must be an object of rules, found ${kindOf(value)}`);
    }
    pending.push([key, value, keyNode]);
  }

  for (const [key, value] of pending) {
    const here = `${where}/${key}`;
    const childPath = `${path}/${key}`;
    if (key.startsWith('$')) {
      const inner = new Set(vars);
      inner.add(key);
      node.wildNode = buildNode(text, value, here, childPath, inner, cov);
    } else {
      (node.children ??= new Map()).set(key, buildNode(text, value, here, childPath, vars, cov));
    }
  }

  node.validateBelow =
    node.validate !== null || (node.wildNode?.validateBelow ?? false) || [...(node.children?.values() ?? [])].some((c) => c.validateBelow);
  return node;
}

function fail(text: string, at: JsonNode, msg: string): never {
  throw new RulesError(`${msg} (${lineCol(text, at.offset)})`);
}

/** A key of `node` that starts with a dot: .read, .write, .validate or .indexOn (`here` names it). */
function addRule(
  text: string,
  node: RuleNode,
  keyNode: JsonNode,
  value: JsonNode,
  here: string,
  vars: ReadonlySet<string>,
  cov: DocumentCoverage | null,
): void {
  const key = keyNode.value as string;
  switch (key) {
    case '.read':
    case '.write':
    case '.validate': {
      const rule = compileRule(text, key, here, value, vars, node.path, cov);
      if (key === '.read') node.read = rule;
      else if (key === '.write') node.write = rule;
      else node.validate = rule;
      return;
    }
    case '.indexOn':
      if (value.type === 'string') node.indexOn = [value.value as string];
      else if (value.type === 'array' && (value.children ?? []).every((c) => c.type === 'string')) {
        node.indexOn = (value.children ?? []).map((c) => c.value as string);
      } else {
        fail(text, value, `${here}: must be a string or an array of strings, found ${kindOf(value)}`);
      }
      if (cov !== null) {
        node.indexCoverage = {
          path: node.path,
          where: here,
          valueOffset: value.offset,
          valueLength: value.length,
          fields: node.indexOn,
          used: new Map(),
          missing: new Map(),
        };
        cov.indexes.push(node.indexCoverage);
      }
      return;
    default:
      fail(text, keyNode, `${here}: unknown rule key "${key}" (allowed: .read, .write, .validate, .indexOn)`);
  }
}

function compileRule(
  text: string,
  kind: RuleKind,
  where: string,
  value: JsonNode,
  vars: ReadonlySet<string>,
  path: string,
  cov: DocumentCoverage | null,
): Rule {
  const loc = { kind, path, where, valueOffset: value.offset, valueLength: value.length };
  if (value.type === 'boolean') {
    const constant = value.value as boolean;
    const counts = cov === null ? null : new Float64Array(4);
    if (cov !== null) cov.rules.push({ ...loc, constant, expression: null, counts: counts! });
    return { kind, where, constant, expr: null, plain: null, counts, source: String(constant), path, vars };
  }
  if (value.type !== 'string') {
    throw new RulesError(`${where}: must be a boolean or an expression string, found ${kindOf(value)} (${lineCol(text, value.offset)})`);
  }
  const source = value.value as string;
  try {
    if (cov === null) {
      const expr = compileExpression(source, { kind, vars });
      return { kind, where, constant: null, expr, plain: expr, counts: null, source, path, vars };
    }
    const c = compileCoveredExpression(source, { kind, vars });
    cov.rules.push({ ...loc, constant: null, expression: c.coverage, counts: c.coverage.counts });
    return { kind, where, constant: null, expr: c.expr, plain: c.plain, counts: null, source, path, vars };
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    const at = e.index === null ? value.offset : sourceOffsetOf(text, value, e.index);
    throw new RulesError(`${where}: ${e.message} (${lineCol(text, at)})`);
  }
}

/** The document offset of character `index` of the JSON string at `offset`/`length` (coverage). */
export function stringSourceOffset(text: string, offset: number, length: number, index: number): number {
  return sourceOffsetOf(text, { offset, length } as JsonNode, index);
}
