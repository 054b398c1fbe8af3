// Evaluation of compiled rules: read cascade, write cascade + validation, .indexOn lookup.
// See emulators/rtdb/docs/protocol.md#security-rules-semantics. The data trees are navigated,
// never copied.

import type { RuleNode, Rule } from './document';
import type { Env } from './expression';
import { Snap, exists, isObject } from './snapshot';
import type { ReadContext, RuleQuery, WriteContext, WriteDecision } from './types';

/** The rules' `query` variable of a read without a query. */
export const NO_QUERY: RuleQuery = Object.freeze({
  orderByKey: false,
  orderByPriority: false,
  orderByValue: false,
  orderByChild: null,
  startAt: null,
  endAt: null,
  equalTo: null,
  limitToFirst: null,
  limitToLast: null,
});

const NO_VARS: Readonly<Record<string, string>> = Object.freeze({});

function run(rule: Rule, env: Env): boolean {
  env.error = null;
  if (rule.constant !== null) {
    const counts = rule.counts;
    if (counts !== null) {
      counts[0]++;
      counts[rule.constant ? 1 : 2]++;
    }
    return rule.constant;
  }
  return rule.expr!(env);
}

/** `run` without counting for coverage: for the server's own pre-checks, which are not rule
 *  evaluations a developer asked for. */
export function runPlain(rule: Rule, env: Env): boolean {
  env.error = null;
  if (rule.constant !== null) return rule.constant;
  return rule.plain!(env);
}

/** The rule node for one step down, binding the wildcard variable in env if it is used. */
export function step(node: RuleNode, key: string, env: Env): RuleNode | null {
  const named = node.children?.get(key);
  if (named !== undefined) return named;
  if (node.wildNode === null) return null;
  env.vars = { ...env.vars, [node.wildcard as string]: key };
  return node.wildNode;
}

function show(path: readonly string[]): string {
  return '/' + path.join('/');
}

export function makeEnv(ctx: ReadContext | WriteContext, query: RuleQuery | null): Env {
  const root = new Snap(ctx.root ?? null, null);
  return {
    auth: ctx.auth ?? null,
    now: ctx.now,
    root,
    data: root,
    newData: null,
    query: query ?? NO_QUERY,
    vars: NO_VARS,
    error: null,
  };
}

/** The read cascade: visits the .read rules from the root down to `path`, `env.data` set to the
 *  data each rule reads, until `visit` returns true (then true) or no rule node goes further (then
 *  false). The engine asks whether any rule allows; explain.ts lists the ones that did not. */
export function someReadRule(tree: RuleNode, path: readonly string[], env: Env, visit: (rule: Rule) => boolean): boolean {
  let node: RuleNode | null = tree;
  let data = env.root;
  for (let i = 0; ; i++) {
    if (node.read !== null) {
      env.data = data;
      if (visit(node.read)) return true;
    }
    if (i === path.length) return false;
    node = step(node, path[i], env);
    if (node === null) return false;
    data = data.child(path[i]);
  }
}

export function canReadImpl(tree: RuleNode, path: readonly string[], ctx: ReadContext): boolean {
  try {
    const env = makeEnv(ctx, ctx.query);
    return someReadRule(tree, path, env, (rule) => run(rule, env));
  } catch {
    return false;
  }
}

export function indexesAtImpl(tree: RuleNode, path: readonly string[]): string[] {
  return [...(ruleNodeAt(tree, path)?.indexOn ?? [])];
}

/** The rule node that governs exactly `path` (named children before the wildcard), or null. */
export function ruleNodeAt(tree: RuleNode, path: readonly string[]): RuleNode | null {
  try {
    let node: RuleNode | null = tree;
    for (const key of path) {
      node = node.children?.get(key) ?? node.wildNode;
      if (node === null) return null;
    }
    return node;
  } catch {
    return null;
  }
}

/** Could some write at `path` (with `below`: at or anywhere under it) be granted .write permission,
 *  whatever its data? Decided before the data exists: a .write rule that is false without reading
 *  `newData` is false for every value; one that reads newData (or any error) counts as "could". */
export function couldWriteImpl(
  tree: RuleNode,
  path: readonly string[],
  ctx: Omit<ReadContext, 'query'>,
  below: boolean,
  count = false,
): boolean {
  try {
    const env = makeEnv({ ...ctx, query: null }, null);
    let node: RuleNode | null = tree;
    let data = env.root;
    for (let i = 0; ; i++) {
      if (node.write !== null) {
        env.data = data;
        env.newData = null;
        env.newDataUsed = false;
        if ((count ? run : runPlain)(node.write, env) || env.newDataUsed) return true;
      }
      if (i === path.length) return below && hasWriteBelow(node);
      node = step(node, path[i], env);
      if (node === null) return false;
      data = data.child(path[i]);
    }
  } catch {
    return true;
  }
}

/** Whether any rule node under `node` has a .write rule (an update's keys could reach it). */
function hasWriteBelow(node: RuleNode): boolean {
  const children = [...(node.children?.values() ?? []), ...(node.wildNode ? [node.wildNode] : [])];
  return children.some((c) => c.write !== null || hasWriteBelow(c));
}

function denied(reason: string): WriteDecision {
  return { allowed: false, reason };
}

function failedRule(rule: Rule, path: readonly string[], env: Env): WriteDecision {
  const why = env.error === null ? '' : ` (error: ${env.error})`;
  return denied(`Validation failed at ${show(path)}: ${rule.where} is false${why}`);
}

export function canWriteImpl(tree: RuleNode, ctx: WriteContext): WriteDecision {
  try {
    const env = makeEnv(ctx, null);
    const newRoot = new Snap(ctx.newRoot ?? null, null);
    // A setPriority arrives as a write to <path>/.priority; the rules see it as a write to <path>.
    const writePaths = ctx.writePaths.map((wp) => (wp.length > 0 && wp[wp.length - 1] === '.priority' ? wp.slice(0, -1) : wp));

    // 1. Permission: some .write from the root down to each write location must be true.
    for (const path of writePaths) {
      env.vars = NO_VARS;
      let node: RuleNode | null = tree;
      let data = env.root;
      let newData = newRoot;
      let granted = false;
      const errors: string[] = [];
      for (let i = 0; ; i++) {
        if (node.write !== null) {
          env.data = data;
          env.newData = newData;
          if (run(node.write, env)) {
            granted = true;
            break;
          }
          if (env.error !== null) errors.push(`${node.write.where}: ${env.error}`);
        }
        if (i === path.length) break;
        node = step(node, path[i], env);
        if (node === null) break;
        data = data.child(path[i]);
        newData = newData.child(path[i]);
      }
      if (!granted) {
        const why = errors.length > 0 ? ` (errors: ${errors.join('; ')})` : '';
        return denied(`Permission denied: no .write rule allows writing ${show(path)}${why}`);
      }
    }

    // 2. Validation: .validate on every ancestor (once each) and inside every written subtree,
    //    wherever the new data exists.
    const seen = new Set<string>();
    for (const path of writePaths) {
      env.vars = NO_VARS;
      let node: RuleNode | null = tree;
      let data = env.root;
      let newData = newRoot;
      let key = '';
      for (let i = 0; i < path.length; i++) {
        if (node.validate !== null && !seen.has(key)) {
          seen.add(key);
          if (exists(newData.node)) {
            env.data = data;
            env.newData = newData;
            if (!run(node.validate, env)) return failedRule(node.validate, path.slice(0, i), env);
          }
        }
        node = step(node, path[i], env);
        if (node === null) break;
        data = data.child(path[i]);
        newData = newData.child(path[i]);
        key += '/' + path[i];
      }
      if (node !== null) {
        const failure = validateSubtree(node, data, newData, env, [...path]);
        if (failure !== null) return failure;
      }
    }
    return { allowed: true };
  } catch (e) {
    return denied(`Rules evaluation failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function validateSubtree(node: RuleNode, data: Snap, newData: Snap, env: Env, path: string[]): WriteDecision | null {
  if (!node.validateBelow || !exists(newData.node)) return null;
  if (node.validate !== null) {
    env.data = data;
    env.newData = newData;
    if (!run(node.validate, env)) return failedRule(node.validate, path, env);
  }
  const value = newData.node;
  if (!isObject(value)) return null;
  const vars = env.vars;
  const wild = node.wildNode !== null && node.wildNode.validateBelow ? node.wildNode : null;
  if (wild === null) {
    // Only named rule children can hold .validate rules: visit those, not every data key.
    if (node.children === null) return null;
    for (const [key, child] of node.children) {
      if (!child.validateBelow) continue;
      path.push(key);
      const failure = validateSubtree(child, data.child(key), newData.child(key), env, path);
      path.pop();
      if (failure !== null) return failure;
    }
    return null;
  }
  for (const key in value) {
    if (key.charCodeAt(0) === 46 || !Object.hasOwn(value, key)) continue;
    const named = node.children?.get(key);
    let child: RuleNode;
    if (named !== undefined) {
      if (!named.validateBelow) continue;
      child = named;
    } else {
      child = wild;
      env.vars = { ...vars, [node.wildcard as string]: key };
    }
    path.push(key);
    const failure = validateSubtree(child, data.child(key), newData.child(key), env, path);
    path.pop();
    env.vars = vars;
    if (failure !== null) return failure;
  }
  return null;
}
