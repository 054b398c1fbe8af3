// Navigation of export-format data (see types.ts) without copying it, and the RuleDataSnapshot
// value that rule expressions see as `data`, `newData`, `root` and the results of child()/parent().

import type { ExportJson } from './types';

export type JsonObject = { [key: string]: ExportJson };

export function isObject(node: ExportJson | undefined): node is JsonObject {
  return node !== null && typeof node === 'object';
}

/** The child `key` of a node, or null. Keys starting with "." (.value, .priority) are not children. */
export function childNode(node: ExportJson, key: string): ExportJson {
  if (!isObject(node) || key.length === 0 || key.charCodeAt(0) === 46 /* . */) return null;
  if (!Object.hasOwn(node, key)) return null;
  const child = node[key];
  return child === undefined ? null : child;
}

/** Splits a child path ("a/b/c", leading/trailing/double slashes ignored). */
export function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

export function descend(node: ExportJson, segments: readonly string[]): ExportJson {
  let cur = node;
  for (let i = 0; i < segments.length && cur !== null; i++) cur = childNode(cur, segments[i]);
  return cur;
}

/** Stored data is normalised (types.ts): an object without `.value` always has a child, so both
 *  checks are constant-time. Walking the keys instead costs O(children) per rule evaluation, which
 *  a write beside 100,000 siblings would pay at every level of its path. */
export function hasAnyChild(node: ExportJson): boolean {
  return isObject(node) && !Object.hasOwn(node, '.value');
}

export function exists(node: ExportJson): boolean {
  if (node === null || node === undefined) return false;
  if (!isObject(node)) return true;
  return Object.hasOwn(node, '.value') ? node['.value'] !== null : true;
}

/** The primitive of a leaf (unwrapping {".value": v}), the node itself for an object, or null. */
export function leafValue(node: ExportJson): ExportJson {
  if (isObject(node) && Object.hasOwn(node, '.value')) return node['.value'] ?? null;
  return node ?? null;
}

/** `val()`: primitives as is; objects rebuilt without priority keys and with `.value` unwrapped. */
export function exportToVal(node: ExportJson): ExportJson {
  if (!isObject(node)) return node ?? null;
  if (Object.hasOwn(node, '.value')) return node['.value'] ?? null;
  let out: JsonObject | null = null;
  for (const key in node) {
    if (key.charCodeAt(0) === 46 || !Object.hasOwn(node, key)) continue;
    const v = exportToVal(node[key]);
    if (v === null) continue;
    if (out === null) out = {};
    out[key] = v;
  }
  return out;
}

export function priorityOf(node: ExportJson): ExportJson {
  if (isObject(node) && Object.hasOwn(node, '.priority')) return node['.priority'] ?? null;
  return null;
}

/** A RuleDataSnapshot: a node plus the chain of its ancestors (for parent()). */
export class Snap {
  constructor(
    readonly node: ExportJson,
    readonly parent: Snap | null,
  ) {}

  child(key: string): Snap {
    return new Snap(childNode(this.node, key), this);
  }

  childPath(segments: readonly string[]): Snap {
    return segments.reduce<Snap>((snap, seg) => snap.child(seg), this);
  }
}
