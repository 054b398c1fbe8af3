/** How the jobs read what grows with the site: a page at a time, in key order, from a cursor kept
 *  in the database between runs, and only until a deadline before the function's time limit
 *  (docs/decisions/0125-operations-and-cleanup.md). A run that reaches the end clears the cursor,
 *  so the next starts again from the first key. */
import type { Database } from 'firebase-admin/database';

export type Page = [key: string, value: unknown][];

export interface WalkOptions<C> {
  /** The node whose children are walked. */
  path: string;
  /** Where the place is kept: `{after, carry}`. */
  cursorPath: string;
  pageSize: number;
  /** Milliseconds since the epoch: no page is started after it. */
  deadline: number;
  /** The clock the deadline is read against (tests pass their own). */
  now?: () => number;
  /** What a walk from the first key starts with. */
  initial: C;
  /** Whether a saved carry is one this walk goes on with (else it starts from the first key). */
  resumes?: (carry: unknown) => boolean;
  /** Takes one page, returns the carry for the next. */
  visit: (page: Page, carry: C) => C | Promise<C>;
}

export interface WalkResult<C> {
  /** True when the walk reached the last key (and cleared the cursor). */
  finished: boolean;
  pages: number;
  visited: number;
  /** The key the run started after (null: the first key) and the last key it took. */
  from: string | null;
  to: string | null;
  carry: C;
}

interface Saved {
  after?: unknown;
  carry?: unknown;
}

/** Walks the children of `path` from the saved cursor, a page at a time, until the end or the deadline. */
export async function walkInPages<C>(database: Database, options: WalkOptions<C>): Promise<WalkResult<C>> {
  const now = options.now ?? Date.now;
  const cursor = database.ref(options.cursorPath);
  const saved = ((await cursor.get()).val() as Saved | null) ?? {};
  const resumes = typeof saved.after === 'string' && (options.resumes?.(saved.carry) ?? true);
  const from = resumes ? (saved.after as string) : null;
  let after = from;
  let carry = resumes && options.resumes ? (saved.carry as C) : options.initial;
  let pages = 0;
  let visited = 0;
  for (;;) {
    if (pages > 0 && now() >= options.deadline) return { finished: false, pages, visited, from, to: after, carry };
    let query = database.ref(options.path).orderByKey().limitToFirst(options.pageSize);
    if (after !== null) query = query.startAfter(after);
    const page: Page = [];
    (await query.get()).forEach((child) => {
      page.push([child.key!, child.val()]);
    });
    if (page.length > 0) {
      carry = await options.visit(page, carry);
      after = page.at(-1)![0];
      visited += page.length;
      pages += 1;
    }
    if (page.length < options.pageSize) {
      await cursor.remove();
      return { finished: true, pages, visited, from, to: after, carry };
    }
    // Kept after every page, so a run its time limit ends also resumes where it was.
    await cursor.set({ after, carry });
  }
}
