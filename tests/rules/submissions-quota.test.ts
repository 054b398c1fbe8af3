// Spam limits of the public forms: each visitor (an Auth user, anonymous for visitors) may store
// at most SUBMISSION_QUOTA.max submissions of one kind per SUBMISSION_QUOTA.windowMs, counted in
// submission_quota/<uid>/<kind>. Each test is an attack on that count, next to the honest path.
import { describe, expect, test } from 'vitest';
import { get, push, ref, remove, serverTimestamp, set, update, type Database } from 'firebase/database';
import { SUBMISSION_KINDS, SUBMISSION_QUOTA } from '../../src/config/data-limits';
import { VISITOR_UID, allow, deny, serverNow, submitAsVisitor, useRulesHarness, validSubmission } from './helpers';

const h = useRulesHarness('submissions-quota');
const QUOTA = `submission_quota/${VISITOR_UID}/contact`;

async function storedCount(kind = 'contact'): Promise<number> {
  return Object.keys(((await h().peek(`submissions/${kind}`)) as object | null) ?? {}).length;
}

/** Sends `n` submissions one after another, as fast as the client can; resolves with how many the
 *  rules accepted. */
async function burst(db: Database, uid: string, n: number, kind: (typeof SUBMISSION_KINDS)[number] = 'contact'): Promise<number> {
  let accepted = 0;
  for (let i = 0; i < n; i++) {
    await submitAsVisitor(db, uid, kind).then(
      () => accepted++,
      () => undefined,
    );
  }
  return accepted;
}

/** A record and a quota step written together, without going through the client's helper. */
function raw(db: Database, values: Record<string, unknown>): Promise<void> {
  return update(ref(db), values);
}

describe.for([...SUBMISSION_KINDS])('a burst of 20 %s submissions from one visitor', (kind) => {
  test(`stores exactly ${SUBMISSION_QUOTA.max}`, async () => {
    expect(await burst(h().visitor(), VISITOR_UID, 20, kind)).toBe(SUBMISSION_QUOTA.max);
    expect(await storedCount(kind)).toBe(SUBMISSION_QUOTA.max);
    expect(await h().peek(`submission_quota/${VISITOR_UID}/${kind}/count`)).toBe(SUBMISSION_QUOTA.max);
  });
});

describe('the count', () => {
  test('is per visitor: a second visitor can still send when the first has used up the quota', async () => {
    await burst(h().visitor(), VISITOR_UID, SUBMISSION_QUOTA.max + 1);
    await allow(submitAsVisitor(h().visitor('visitor-2'), 'visitor-2', 'contact'));
    expect(await storedCount()).toBe(SUBMISSION_QUOTA.max + 1);
  });

  test('is per kind: a visitor who used up the contact quota can still join the waitlist', async () => {
    await burst(h().visitor(), VISITOR_UID, SUBMISSION_QUOTA.max + 1);
    await allow(submitAsVisitor(h().visitor(), VISITOR_UID, 'waitlist'));
  });

  test('starts again once the window is over', async () => {
    const now = await serverNow(h().visitor());
    await h().seed({ [QUOTA]: { count: SUBMISSION_QUOTA.max, windowStart: now - SUBMISSION_QUOTA.windowMs - 5000, lastId: 'old' } });
    await allow(submitAsVisitor(h().visitor(), VISITOR_UID, 'contact'));
    expect(await h().peek(`${QUOTA}/count`)).toBe(1);
  });

  test('is readable by its visitor only', async () => {
    await submitAsVisitor(h().visitor(), VISITOR_UID, 'contact');
    await allow(get(ref(h().visitor(), QUOTA)));
    await deny(get(ref(h().visitor('visitor-2'), QUOTA)));
    await deny(get(ref(h().as('signed out'), QUOTA)));
    await deny(get(ref(h().visitor(), 'submission_quota')));
  });
});

describe('attacks on the quota', () => {
  const fresh = (db: Database) => push(ref(db, 'submissions/contact')).key!;
  const full = async () => {
    const now = await serverNow(h().visitor());
    await h().seed({ [QUOTA]: { count: SUBMISSION_QUOTA.max, windowStart: now - 1000, lastId: 'last' } });
    return now;
  };

  test('1,000 submissions in one update with one quota step → denied, nothing stored', async () => {
    const db = h().visitor();
    const values: Record<string, unknown> = {};
    const keys = Array.from({ length: 1000 }, () => fresh(db));
    for (const key of keys) values[`submissions/contact/${key}`] = validSubmission('contact');
    values[QUOTA] = { count: 1, windowStart: serverTimestamp(), lastId: keys[0] };
    await deny(raw(db, values));
    expect(await storedCount()).toBe(0);
  });

  test('a submission without a quota step → denied', async () => {
    const db = h().visitor();
    await deny(set(ref(db, `submissions/contact/${fresh(db)}`), validSubmission('contact')));
  });

  test('a quota step naming another key than the submission → denied', async () => {
    const db = h().visitor();
    await deny(
      raw(db, {
        [`submissions/contact/${fresh(db)}`]: validSubmission('contact'),
        [QUOTA]: { count: 1, windowStart: serverTimestamp(), lastId: 'elsewhere' },
      }),
    );
  });

  test('reusing the last step’s key for a second submission (the quota left as it is) → denied', async () => {
    const key = await submitAsVisitor(h().visitor(), VISITOR_UID, 'contact');
    await deny(set(ref(h().visitor(), `submissions/contact/${key}`), validSubmission('contact')));
    await deny(set(ref(h().visitor(), `submissions/contact/${fresh(h().visitor())}`), validSubmission('contact')));
    expect(await storedCount()).toBe(1);
  });

  test('a step of 2 or back to 0 → denied', async () => {
    await submitAsVisitor(h().visitor(), VISITOR_UID, 'contact');
    const { windowStart } = (await h().peek(QUOTA)) as { windowStart: number };
    for (const count of [3, 0, 1, -5, 1.5]) {
      const key = fresh(h().visitor());
      await deny(
        raw(h().visitor(), { [`submissions/contact/${key}`]: validSubmission('contact'), [QUOTA]: { count, windowStart, lastId: key } }),
      );
    }
    expect(await storedCount()).toBe(1);
  });

  test('going past the limit → denied', async () => {
    await full();
    const { windowStart } = (await h().peek(QUOTA)) as { windowStart: number };
    const key = fresh(h().visitor());
    await deny(
      raw(h().visitor(), {
        [`submissions/contact/${key}`]: validSubmission('contact'),
        [QUOTA]: { count: SUBMISSION_QUOTA.max + 1, windowStart, lastId: key },
      }),
    );
  });

  test('starting a new window while the current one runs → denied', async () => {
    await full();
    const key = fresh(h().visitor());
    await deny(
      raw(h().visitor(), {
        [`submissions/contact/${key}`]: validSubmission('contact'),
        [QUOTA]: { count: 1, windowStart: serverTimestamp(), lastId: key },
      }),
    );
  });

  test('a new window that claims to have started long ago, or in the future → denied', async () => {
    const now = await serverNow(h().visitor());
    for (const windowStart of [now - SUBMISSION_QUOTA.windowMs * 2, now + SUBMISSION_QUOTA.windowMs, 0]) {
      const key = fresh(h().visitor());
      await deny(
        raw(h().visitor(), { [`submissions/contact/${key}`]: validSubmission('contact'), [QUOTA]: { count: 1, windowStart, lastId: key } }),
      );
    }
    expect(await storedCount()).toBe(0);
  });

  test('moving the window back so that it looks over → denied', async () => {
    const now = await full();
    const key = fresh(h().visitor());
    await deny(
      raw(h().visitor(), {
        [`submissions/contact/${key}`]: validSubmission('contact'),
        [QUOTA]: { count: SUBMISSION_QUOTA.max, windowStart: now - SUBMISSION_QUOTA.windowMs * 2, lastId: key },
      }),
    );
  });

  test('deleting the quota, or any part of it → denied', async () => {
    await full();
    await deny(remove(ref(h().visitor(), QUOTA)));
    await deny(remove(ref(h().visitor(), `${QUOTA}/count`)));
    await deny(remove(ref(h().visitor(), `submission_quota/${VISITOR_UID}`)));
    expect(await h().peek(`${QUOTA}/count`)).toBe(SUBMISSION_QUOTA.max);
  });

  test('writing another visitor’s quota → denied', async () => {
    const key = fresh(h().visitor());
    await deny(set(ref(h().visitor('visitor-2'), QUOTA), { count: 1, windowStart: serverTimestamp(), lastId: key }));
  });

  test('nobody signed in (not even anonymously) → denied', async () => {
    const db = h().as('signed out');
    const key = fresh(db);
    await deny(
      raw(db, {
        [`submissions/contact/${key}`]: validSubmission('contact'),
        [QUOTA]: { count: 1, windowStart: serverTimestamp(), lastId: key },
      }),
    );
  });

  test('a quota of an unknown kind, or with extra fields → denied', async () => {
    await deny(
      set(ref(h().visitor(), `submission_quota/${VISITOR_UID}/orders`), { count: 1, windowStart: serverTimestamp(), lastId: 'x' }),
    );
    await deny(set(ref(h().visitor(), QUOTA), { count: 1, windowStart: serverTimestamp(), lastId: 'x', note: 'hi' }));
  });
});
