/** How the console's counters and figures take a database trigger's event once: each trigger
 *  computes what one write changes from its before and after alone, and this applies it as
 *  increments, once per event however Eventarc delivers it
 *  (docs/decisions/0112-staff-counters-by-trigger.md). Shared by staffCounters and the figures'
 *  triggers, so that all of them keep one ledger, which one clean-up prunes. */
import { createHash } from 'node:crypto';
import { ServerValue, type Database } from 'firebase-admin/database';

/** The events the counters and figures have taken, by event id: a redelivered event finds its
 *  entry and changes nothing. Pruned by the clean-up after COUNTER_EVENT_RETENTION_MS. */
export const COUNTER_EVENTS_PATH = 'jobs/staffCounters/events';

/** Eventarc redelivers an event for up to seven days; a day more covers a late one. An event
 *  delivered after its entry is pruned counts again, and the weekly recount mends that. */
export const COUNTER_EVENT_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;

/** A claim older than this belongs to a run that died between claim and increment (the trigger's
 *  time limit is 60 s, functions/src/limits.ts): a redelivery takes it over. */
export const COUNTER_CLAIM_LEASE_MS = 2 * 60 * 1000;

export type CountOutcome = 'counted' | 'no-change' | 'already-counted' | 'being-counted';

/** Database paths and what to add to each; a path whose delta is 0 is left out. */
export type Increments = Record<string, number>;

/** One event of a trigger. `ledger` names the trigger's events in the shared ledger: two
 *  triggers on one write may be handed the same event id, and each must count it. */
export interface LedgerEvent {
  /** The CloudEvent's id: the same on every delivery of one change. */
  eventId: string;
  ledger?: string;
  now: number;
}

/** A database key for the event: the id itself when it is one, else its hash. */
function ledgerKey({ eventId, ledger }: LedgerEvent): string {
  const id = ledger ? `${ledger}-${eventId}` : eventId;
  return /^[\w-]{1,128}$/.test(id) ? id : createHash('sha256').update(id).digest('hex');
}

interface LedgerEntry {
  at: number;
  state: 'claimed' | 'counted';
}

/** Adds `delta` to `increments[path]`, dropping the path when the sum is 0. */
export function addIncrement(increments: Increments, path: string, delta: number): Increments {
  const sum = (increments[path] ?? 0) + delta;
  if (sum === 0) delete increments[path];
  else increments[path] = sum;
  return increments;
}

/**
 * Applies one event's increments, once. The event is claimed in a transaction on its ledger entry,
 * so two deliveries at once count it once; the increments and the entry's "counted" are one
 * multi-path update, so a claim whose increments never landed (the run died) is taken over by a
 * redelivery after COUNTER_CLAIM_LEASE_MS. An event that changes nothing writes nothing.
 */
export async function applyOnce(database: Database, event: LedgerEvent, increments: Increments): Promise<CountOutcome> {
  const moves = Object.entries(increments).filter(([, delta]) => delta !== 0);
  if (moves.length === 0) return 'no-change';
  const entryPath = `${COUNTER_EVENTS_PATH}/${ledgerKey(event)}`;
  const claim = await database.ref(entryPath).transaction(
    (current: LedgerEntry | null) => {
      if (current === null || (current.state === 'claimed' && current.at < event.now - COUNTER_CLAIM_LEASE_MS)) {
        return { at: event.now, state: 'claimed' };
      }
      return undefined;
    },
    undefined,
    false,
  );
  if (!claim.committed) return (claim.snapshot.val() as LedgerEntry | null)?.state === 'counted' ? 'already-counted' : 'being-counted';
  const update: Record<string, unknown> = { [`${entryPath}/state`]: 'counted' };
  for (const [path, delta] of moves) update[path] = ServerValue.increment(delta);
  await database.ref().update(update);
  return 'counted';
}

/** A node whose children a set of counters is kept from (a kind of submission, the orders, the
 *  profiles): what one stored record adds to the counters, which is all a trigger and a recount
 *  need to agree. A write moves the counters by the record's contribution after it minus before
 *  it; a recount adds every record's contribution up. */
export interface CountedSource {
  /** The node whose children are counted. */
  path: string;
  /** Every counter path the source keeps, so that a recount writes 0 where nothing counts. */
  counters: readonly string[];
  /** What one stored record adds, by counter path; null (no record) adds nothing. */
  contribution: (record: unknown) => Increments;
}

/** What one write changes: after's contribution minus before's. Sums of these are the same in
 *  any order, so events that arrive out of order end at the right counts. */
export function changeOf(source: CountedSource, before: unknown, after: unknown): Increments {
  const change: Increments = {};
  for (const [path, delta] of Object.entries(source.contribution(before))) addIncrement(change, path, -delta);
  for (const [path, delta] of Object.entries(source.contribution(after))) addIncrement(change, path, delta);
  return change;
}
