// The access matrix: every path × {signed out, owner, another user} (or another cast of actors,
// such as the staff matrix's) × {read, query, create, update, delete}, one named test per cell.
// Each cell starts from an empty database, seeds the state it needs with the rules disabled, runs
// one operation as one actor, and checks that it is allowed or denied; a write cell also checks the stored data afterwards (changed as expected when
// allowed, untouched when denied).
import { describe, expect, test } from 'vitest';
import {
  get,
  onValue,
  query,
  ref,
  remove,
  set,
  update,
  type DataSnapshot,
  type Database,
  type Query,
  type QueryConstraint,
} from 'firebase/database';
import { ACTORS, useRulesHarness, expectAllowed, named, type Actor, type RulesHarness } from './rules.testing';

export interface MatrixRow<A extends string = Actor> {
  /** e.g. "read (get)", "query orderByChild('buyer').equalTo(owner uid)". */
  op: string;
  /** State before the operation (path → value), written with the rules disabled. */
  seed?: Record<string, unknown>;
  /** The operation, run as the actor. */
  run: (db: Database, actor: A) => Promise<unknown>;
  /** The actors for which the operation is allowed; it is denied for the others. */
  allowed: readonly A[];
  /** For writes: the path whose stored value is checked afterwards. */
  target?: string;
  /** For writes: what `target` holds after an allowed write. Omitted: "something changed". */
  after?: (value: unknown) => void;
  /** For reads: a check of what an allowed read returned. */
  result?: (value: unknown) => void;
}

export interface MatrixPath<A extends string = Actor> {
  /** The path as shown in the test names, e.g. "users/{owner uid}". */
  path: string;
  rows: MatrixRow<A>[];
}

/** Who the cells of a matrix run as: every actor, and the database client of each. */
export interface MatrixCast<A extends string> {
  actors: readonly A[];
  as: (harness: RulesHarness, actor: A) => Database;
}

const DEFAULT_CAST: MatrixCast<Actor> = { actors: ACTORS, as: (harness, actor) => harness.as(actor) };

/** Registers one describe block per path and one test per (operation, actor). */
export function accessMatrix(label: string, paths: MatrixPath[]): void;
export function accessMatrix<A extends string>(label: string, paths: MatrixPath<A>[], cast: MatrixCast<A>): void;
export function accessMatrix<A extends string>(label: string, paths: MatrixPath<A>[], cast?: MatrixCast<A>): void {
  const { actors, as } = cast ?? (DEFAULT_CAST as unknown as MatrixCast<A>);
  const h = useRulesHarness(label);

  for (const spec of paths) {
    describe(spec.path, () => {
      const cells = spec.rows.flatMap((row) =>
        actors.map((actor) => ({
          name: `${row.op} · ${actor} → ${row.allowed.includes(actor) ? 'allowed' : 'denied'}`,
          row,
          actor,
        })),
      );
      test.for(named(cells))('%s', async ([, { row, actor }]) => {
        const allowed = row.allowed.includes(actor);
        await h().seed(row.seed ?? {});
        const before = row.target !== undefined ? await h().peek(row.target) : undefined;
        const outcome = row.run(as(h(), actor), actor);
        await expectAllowed(outcome, allowed);
        if (allowed && row.result) row.result(await outcome);
        if (row.target !== undefined) {
          const after = await h().peek(row.target);
          if (!allowed) expect(after, `${row.target} must be untouched`).toEqual(before);
          else if (row.after) row.after(after);
          else expect(after, `${row.target} must have changed`).not.toEqual(before);
        }
      });
    });
  }
}

/** What a write cell checks of the stored data: `target` (the path written, unless named) and, when
 *  the write is allowed, what it holds afterwards. */
interface WriteCheck {
  target?: string;
  after?: (value: unknown) => void;
}

/** The rows of the plain operations on one path, one call each, all starting from `seed` (an empty
 *  database when omitted): the operation's name, the path, the actors it is allowed for, and for a
 *  read what it returns. A cell of its own (another actor's uid in the path, a push, a form's
 *  submit) stays a row written out. */
export function rowsOn<A extends string = Actor>(seed?: Record<string, unknown>) {
  type Result = MatrixRow<A>['result'];
  type Run = MatrixRow<A>['run'];
  const read = (op: string, run: Run, allowed: readonly A[], result?: Result): MatrixRow<A> => ({ op, seed, run, allowed, result });
  const write = (op: string, path: string, run: Run, allowed: readonly A[], check: WriteCheck): MatrixRow<A> => ({
    op,
    seed,
    run,
    allowed,
    target: check.target ?? path,
    after: check.after,
  });
  return {
    get: (op: string, path: string, allowed: readonly A[], result?: Result) => read(op, (db) => get(ref(db, path)), allowed, result),
    query: (op: string, path: string, constraints: QueryConstraint[], allowed: readonly A[], result?: Result) =>
      read(op, (db) => get(query(ref(db, path), ...constraints)), allowed, result),
    listen: (op: string, path: string, allowed: readonly A[], result?: Result) =>
      read(op, (db) => listenOnce(ref(db, path)), allowed, result),
    set: (op: string, path: string, value: unknown, allowed: readonly A[], check: WriteCheck = {}) =>
      write(op, path, (db) => set(ref(db, path), value), allowed, check),
    update: (op: string, path: string, change: object, allowed: readonly A[], check: WriteCheck = {}) =>
      write(op, path, (db) => update(ref(db, path), change), allowed, check),
    remove: (op: string, path: string, allowed: readonly A[], check: WriteCheck = {}) =>
      write(op, path, (db) => remove(ref(db, path)), allowed, check),
  };
}

/** The first value event of a listen (onValue); rejects through the cancel callback. */
export function listenOnce(q: Query, timeoutMs = 5000): Promise<DataSnapshot> {
  return new Promise<DataSnapshot>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no value and no cancel event within ${timeoutMs} ms for ${q.toString()}`)), timeoutMs);
    onValue(
      q,
      (snap) => {
        clearTimeout(timer);
        resolve(snap);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
      { onlyOnce: true },
    );
  });
}

/** Value of a snapshot returned by get()/listenOnce. */
export function valueOf(result: unknown): unknown {
  return (result as DataSnapshot).val();
}
