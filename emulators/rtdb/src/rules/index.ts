// The security-rules engine of the Realtime Database emulator: compile a `database.rules.json`
// document once, then ask canRead / canWrite / indexesAt. Semantics: shared/rtdb-protocol.md §7.

import { parseRulesDocument, type RuleNode } from './document.js';
import { canReadImpl, canWriteImpl, couldWriteImpl, indexesAtImpl } from './engine.js';
import { RulesError } from './errors.js';
import type { ReadContext, WriteContext, WriteDecision } from './types.js';

export { RulesError } from './errors.js';
export { ruleQueryFromWire } from './query.js';
export { authFromToken } from './auth.js';
export type {
  AuthVar,
  ExportJson,
  ReadContext,
  RuleQuery,
  WireQuery,
  WriteContext,
  WriteDecision,
} from './types.js';

export interface CompiledRules {
  /** The document exactly as uploaded. */
  readonly source: string;
  /** @internal The compiled rule tree. */
  readonly tree: RuleNode;
}

/** The default rules of a new namespace. */
export const ALLOW_ALL_RULES_TEXT: string = JSON.stringify({ rules: { '.read': true, '.write': true } }, null, 2) + '\n';

/** Parses and compiles a rules document; throws RulesError (with rule path and line) if invalid. */
export function compileRules(text: string): CompiledRules {
  if (typeof text !== 'string') throw new RulesError('The rules document must be text');
  return Object.freeze({ source: text, tree: parseRulesDocument(text) });
}

/** May `path` be read? True if any .read from the root down to it is true. Never throws. */
export function canRead(rules: CompiledRules, path: string[], ctx: ReadContext): boolean {
  return canReadImpl(rules.tree, path, ctx);
}

/** May the whole operation happen? Checks .write permission and .validate rules. Never throws. */
export function canWrite(rules: CompiledRules, ctx: WriteContext): WriteDecision {
  return canWriteImpl(rules.tree, ctx);
}

/** Before a write's data is known: false when no data written at `path` (with `below`: at or
 *  anywhere under it, as an update's keys may be) could get .write permission. Never throws. */
export function couldWrite(rules: CompiledRules, path: string[], ctx: Omit<ReadContext, 'query'>, below: boolean): boolean {
  return couldWriteImpl(rules.tree, path, ctx, below);
}

/** The .indexOn entries of the rule node at exactly `path` ([] if none). */
export function indexesAt(rules: CompiledRules, path: string[]): string[] {
  return indexesAtImpl(rules.tree, path);
}
