// Why a request was denied, for the denial log (emulators/rtdb/docs/protocol.md#denied-requests):
// the rules that were evaluated and said no, with the part of an `a && b && …` expression that was
// false. Run only after a denial, without coverage counting; never reports data values (only rule
// text, rule locations and whether an evaluation failed).

import type { Rule, RuleNode } from './document';
import { compileExpression, type CompiledExpression, type Env } from './expression';
import { makeEnv, runPlain, someReadRule, step } from './engine';
import { Snap } from './snapshot';
import type { ReadContext, WriteContext } from './types';

export interface DeniedRule {
  /** The rule location, e.g. "/users/$uid". */
  path: string;
  kind: '.read' | '.write' | '.validate';
  /** The whole rule as written. */
  expression: string;
  /** The first top-level `&&` operand that was false (null when the rule is not a conjunction or
   *  no single operand was). */
  falsePart: string | null;
  /** The evaluation failed (an error counts as false); the message is not kept, it may quote data. */
  error: boolean;
}

/** The top-level `&&` operands of an expression (outside brackets and strings). */
export function conjuncts(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '/' && depth === 0 && /[(,=:!&|?]\s*$|^\s*$/.test(source.slice(start, i)) && source[i + 1] !== '/') {
      // A regular expression literal: skip to its end.
      for (i++; i < source.length && source[i] !== '/'; i++) if (source[i] === '\\') i++;
    } else if (depth === 0 && c === '&' && source[i + 1] === '&') {
      parts.push(source.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  parts.push(source.slice(start).trim());
  return parts;
}

const compiledParts = new WeakMap<Rule, CompiledExpression[] | null>();

function partsOf(rule: Rule): CompiledExpression[] | null {
  if (compiledParts.has(rule)) return compiledParts.get(rule)!;
  let out: CompiledExpression[] | null = null;
  if (rule.constant === null) {
    const texts = conjuncts(rule.source);
    if (texts.length > 1) {
      try {
        out = texts.map((t) => compileExpression(t, { kind: rule.kind, vars: rule.vars }));
      } catch {
        out = null;
      }
    }
  }
  compiledParts.set(rule, out);
  return out;
}

function evaluate(rule: Rule, env: Env): DeniedRule | null {
  const ok = runPlain(rule, env);
  if (ok) return null;
  const error = env.error !== null;
  let falsePart: string | null = null;
  const parts = partsOf(rule);
  if (parts) {
    const texts = conjuncts(rule.source);
    for (let i = 0; i < parts.length; i++) {
      env.error = null;
      let v = false;
      try {
        v = parts[i](env);
      } catch {
        v = false;
      }
      if (!v) {
        falsePart = texts[i];
        break;
      }
    }
  }
  env.error = null;
  return { path: rule.path, kind: rule.kind, expression: rule.source, falsePart, error };
}

/** The .read rules from the root down to `path` (all of them false, since the read was denied). */
export function explainReadImpl(tree: RuleNode, path: readonly string[], ctx: ReadContext): DeniedRule[] {
  const out: DeniedRule[] = [];
  try {
    const env = makeEnv(ctx, ctx.query);
    const allowed = someReadRule(tree, path, env, (rule) => {
      const d = evaluate(rule, env);
      if (d !== null) out.push(d);
      return d === null;
    });
    if (allowed) return [];
  } catch {
    /* what was found so far */
  }
  return out;
}

/** The first write location no .write rule allows, with the .write rules that said no; when every
 *  location had permission, the .validate rule that failed (found from the engine's `reason`). */
export function explainWriteImpl(tree: RuleNode, ctx: WriteContext, reason: string | null): DeniedRule[] {
  try {
    const env = makeEnv(ctx, null);
    const newRoot = new Snap(ctx.newRoot ?? null, null);
    const writePaths = ctx.writePaths.map((wp) => (wp.length > 0 && wp[wp.length - 1] === '.priority' ? wp.slice(0, -1) : wp));
    for (const path of writePaths) {
      env.vars = {};
      const out: DeniedRule[] = [];
      let node: RuleNode | null = tree;
      let data = env.root;
      let newData = newRoot;
      let granted = false;
      for (let i = 0; ; i++) {
        if (node.write !== null) {
          env.data = data;
          env.newData = newData;
          const d = evaluate(node.write, env);
          if (d === null) {
            granted = true;
            break;
          }
          out.push(d);
        }
        if (i === path.length) break;
        node = step(node, path[i], env);
        if (node === null) break;
        data = data.child(path[i]);
        newData = newData.child(path[i]);
      }
      if (!granted) return out;
    }
    // Validation: the engine's reason names the location and the rule ("Validation failed at
    // /a/b: rules/a/$x/.validate is false").
    const m = reason ? /^Validation failed at (\/[^:]*): rules(\/.*)?\/\.validate is false/.exec(reason) : null;
    if (!m) return [];
    const at = m[1].split('/').filter((s) => s !== '');
    env.vars = {};
    let node: RuleNode | null = tree;
    let data = env.root;
    let newData = newRoot;
    for (const key of at) {
      node = step(node, key, env);
      if (node === null) return [];
      data = data.child(key);
      newData = newData.child(key);
    }
    if (node.validate === null) return [];
    env.data = data;
    env.newData = newData;
    const d = evaluate(node.validate, env);
    return d ? [d] : [{ path: node.validate.path, kind: '.validate', expression: node.validate.source, falsePart: null, error: false }];
  } catch {
    return [];
  }
}

/** Before the data arrived (REST): the .write rules down to `path` that are false whatever it is. */
export function explainWriteAheadImpl(tree: RuleNode, path: readonly string[], ctx: Omit<ReadContext, 'query'>): DeniedRule[] {
  return explainWriteImpl(tree, { ...ctx, newRoot: ctx.root, writePaths: [[...path]] }, null);
}
