// The security-rules engine of the Realtime Database emulator: compile a `database.rules.json`
// document once, then ask canRead / canWrite / indexesAt. Semantics:
// emulators/rtdb/docs/protocol.md#security-rules-semantics.

import { parseRulesDocument, type RuleNode } from './document';
import { canReadImpl, canWriteImpl, couldWriteImpl, indexesAtImpl, ruleNodeAt } from './engine';
import { DocumentCoverage, noteIndexUse } from './coverage';
import { RulesError } from './errors';
import { type DeniedRule, explainReadImpl, explainWriteAheadImpl, explainWriteImpl } from './explain';
import type { ReadContext, WriteContext, WriteDecision } from './types';

export { RulesError } from './errors';
export type { DeniedRule } from './explain';
export { ruleQueryFromWire } from './query';
export { authFromToken } from './auth';
export type { AuthVar, ExportJson, ReadContext, RuleQuery, WireQuery, WriteContext, WriteDecision } from './types';

export interface CompiledRules {
  /** The document exactly as uploaded. */
  readonly source: string;
  /** @internal The compiled rule tree. */
  readonly tree: RuleNode;
  /** Evaluation counts for the coverage report (coverage-report.ts); null when compiled without. */
  readonly coverage: DocumentCoverage | null;
}

export interface CompileOptions {
  /** Count every evaluation of every rule and subexpression (rules coverage). Default false. */
  coverage?: boolean;
}

/** The default rules of a new namespace. */
export const ALLOW_ALL_RULES_TEXT: string = JSON.stringify({ rules: { '.read': true, '.write': true } }, null, 2) + '\n';

/** Parses and compiles a rules document; throws RulesError (with rule path and line) if invalid. */
export function compileRules(text: string, options: CompileOptions = {}): CompiledRules {
  if (typeof text !== 'string') throw new RulesError('The rules document must be text');
  const coverage = options.coverage ? new DocumentCoverage(text) : null;
  return Object.freeze({ source: text, tree: parseRulesDocument(text, { coverage }), coverage });
}

/** Coverage: a query at `path` needs the index `index` (".value", ".key" or a child path). */
export function noteQueryIndex(rules: CompiledRules, path: string[], index: string): void {
  if (rules.coverage === null) return;
  noteIndexUse(rules.coverage, ruleNodeAt(rules.tree, path)?.indexCoverage ?? null, '/' + path.join('/'), index);
}

/** Coverage when the server skipped the engine because the rules allow everything: the root
 *  rule of `kind` was evaluated (to true) `times` times. */
export function noteRootRule(rules: CompiledRules, kind: '.read' | '.write', times = 1): void {
  const counts = (kind === '.read' ? rules.tree.read : rules.tree.write)?.counts;
  if (counts) {
    counts[0] += times;
    counts[1] += times;
  }
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
  // Not counted for coverage when the write goes on (canWrite then evaluates the rules); counted
  // when it is refused here, since then this was the evaluation that decided.
  if (couldWriteImpl(rules.tree, path, ctx, below)) return true;
  if (rules.coverage !== null) couldWriteImpl(rules.tree, path, ctx, below, true);
  return false;
}

/** The .indexOn entries of the rule node at exactly `path` ([] if none). */
export function indexesAt(rules: CompiledRules, path: string[]): string[] {
  return indexesAtImpl(rules.tree, path);
}

/** After a denied read: the .read rules that said no (denial log). */
export function explainRead(rules: CompiledRules, path: string[], ctx: ReadContext): DeniedRule[] {
  return explainReadImpl(rules.tree, path, ctx);
}

/** After a denied write: the .write rules that said no, or the .validate that failed (`reason`
 *  is the engine's WriteDecision reason). */
export function explainWrite(rules: CompiledRules, ctx: WriteContext, reason: string | null): DeniedRule[] {
  return explainWriteImpl(rules.tree, ctx, reason);
}

/** After a write refused before its data arrived (couldWrite false). */
export function explainWriteAhead(rules: CompiledRules, path: string[], ctx: Omit<ReadContext, 'query'>): DeniedRule[] {
  return explainWriteAheadImpl(rules.tree, path, ctx);
}
