// Helpers shared by the rules engine's unit tests (not used by the engine itself).

import { canRead, canWrite, compileRules, type CompiledRules } from '.';
import type { AuthVar, ExportJson, RuleQuery, WriteDecision } from './types';

export function rulesOf(rules: unknown): CompiledRules {
  return compileRules(JSON.stringify({ rules }, null, 2));
}

export function p(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

export interface Opts {
  auth?: AuthVar;
  now?: number;
  query?: RuleQuery | null;
}

export function read(rules: CompiledRules, path: string, root: ExportJson, opts: Opts = {}): boolean {
  return canRead(rules, p(path), { auth: opts.auth ?? null, now: opts.now ?? 1_700_000_000_000, root, query: opts.query ?? null });
}

/** A copy of `root` with `value` at `path` (null deletes), normalised like the server does. */
export function withValue(root: ExportJson, path: string[], value: ExportJson): ExportJson {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const obj: Record<string, ExportJson> = root !== null && typeof root === 'object' && !Object.hasOwn(root, '.value') ? { ...root } : {};
  const child = withValue(Object.hasOwn(obj, head) ? obj[head] : null, rest, value);
  if (child === null) delete obj[head];
  else obj[head] = child;
  return Object.keys(obj).some((k) => !k.startsWith('.')) ? obj : null;
}

export function set(rules: CompiledRules, path: string, value: ExportJson, root: ExportJson, opts: Opts = {}): WriteDecision {
  return canWrite(rules, {
    auth: opts.auth ?? null,
    now: opts.now ?? 1_700_000_000_000,
    root,
    newRoot: withValue(root, p(path), value),
    writePaths: [p(path)],
  });
}

export function update(
  rules: CompiledRules,
  path: string,
  values: Record<string, ExportJson>,
  root: ExportJson,
  opts: Opts = {},
): WriteDecision {
  let newRoot = root;
  const writePaths: string[][] = [];
  for (const [k, v] of Object.entries(values)) {
    const full = [...p(path), ...p(k)];
    newRoot = withValue(newRoot, full, v);
    writePaths.push(full);
  }
  return canWrite(rules, { auth: opts.auth ?? null, now: opts.now ?? 1_700_000_000_000, root, newRoot, writePaths });
}

/** An unsigned JWT as the Firebase Auth emulator makes it. */
export function unsignedJwt(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'none', typ: 'JWT' }): string {
  const enc = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc(header)}.${enc(claims)}.`;
}
