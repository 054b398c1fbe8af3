// The forms' spam limits cannot live in the rules: every write is checked alone, and an
// onDisconnect write is checked when it is registered, against the quota as it is then, so a
// visitor who registers 300 of them and closes the socket stores 300 with a quota count of 1. The
// `submitForm` function counts now (docs/decisions/0111-submissions-through-the-server.md), and
// browsers can write neither submissions/ nor submission_quota/, nor read the quota. Each test is
// an attack a browser can make with the real SDK against our emulator; none stores anything.
import { describe, expect, test } from 'vitest';
import { get, goOffline, onDisconnect, push, ref, remove, serverTimestamp, set, update, type Database } from 'firebase/database';
import { SUBMISSION_KINDS, SUBMISSION_QUOTA } from '../../src/config/data-limits';
import { OWNER_UID, VISITOR_UID, deny, submitAsVisitor, useRulesHarness, validSubmission } from './rules.testing';

const h = useRulesHarness('submissions-quota');
const QUOTA = `submission_quota/${VISITOR_UID}/contact`;

async function storedCount(kind = 'contact'): Promise<number> {
  return Object.keys(((await h().peek(`submissions/${kind}`)) as object | null) ?? {}).length;
}

const fresh = (db: Database, kind = 'contact') => push(ref(db, `submissions/${kind}`)).key!;

describe('onDisconnect writes', () => {
  test('300 submissions registered by one anonymous visitor, then the connection closed → nothing stored', async () => {
    const uid = 'visitor-disconnects';
    const db = h().visitor(uid);
    const registrations = Array.from({ length: 300 }, () => {
      const key = fresh(db);
      // Each as the forms once wrote one: the record and a first quota step naming it.
      return onDisconnect(ref(db)).update({
        [`submissions/contact/${key}`]: validSubmission('contact'),
        [`submission_quota/${uid}/contact`]: { count: 1, windowStart: serverTimestamp(), lastId: key },
      });
    });
    const outcomes = await Promise.allSettled(registrations);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(0);
    goOffline(db);
    // What the server would run at the disconnect has had time to land.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await storedCount()).toBe(0);
    expect(await h().peek('submission_quota')).toBeNull();
  }, 60_000);

  test.for([...SUBMISSION_KINDS])('a plain onDisconnect().set() of a %s record → refused when registered', async (kind) => {
    const db = h().visitor(`visitor-set-${kind}`);
    await deny(onDisconnect(ref(db, `submissions/${kind}/${fresh(db, kind)}`)).set(validSubmission(kind)));
    goOffline(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storedCount(kind)).toBe(0);
  });
});

describe.for([...SUBMISSION_KINDS])('a burst of %s submissions from one visitor, as the forms once sent them', (kind) => {
  test(`${SUBMISSION_QUOTA.max + 1} in a row → every one refused, nothing stored`, async () => {
    for (let n = 0; n <= SUBMISSION_QUOTA.max; n++) await deny(submitAsVisitor(h().visitor(), VISITOR_UID, kind));
    expect(await storedCount(kind)).toBe(0);
  });
});

describe('other ways in', () => {
  test('1,000 submissions in one update with one quota step → denied, nothing stored', async () => {
    const db = h().visitor();
    const values: Record<string, unknown> = {};
    const keys = Array.from({ length: 1000 }, () => fresh(db));
    for (const key of keys) values[`submissions/contact/${key}`] = validSubmission('contact');
    values[QUOTA] = { count: 1, windowStart: serverTimestamp(), lastId: keys[0] };
    await deny(update(ref(db), values));
    expect(await storedCount()).toBe(0);
  });

  test('a record alone, by a visitor or a signed-in customer → denied', async () => {
    for (const db of [h().visitor(), h().as('owner')]) {
      await deny(set(ref(db, `submissions/contact/${fresh(db)}`), validSubmission('contact')));
    }
    expect(await storedCount()).toBe(0);
  });

  test('the quota: nobody reads it, their own included, and nobody writes or deletes it', async () => {
    await h().seed({ [QUOTA]: { count: SUBMISSION_QUOTA.max, windowStart: 1_795_000_000_000, lastId: 'last' } });
    await deny(get(ref(h().visitor(), QUOTA)));
    await deny(get(ref(h().visitor(), 'submission_quota')));
    await deny(get(ref(h().as('owner'), `submission_quota/${OWNER_UID}`)));
    await deny(set(ref(h().visitor(), QUOTA), { count: 0, windowStart: serverTimestamp(), lastId: 'reset' }));
    await deny(remove(ref(h().visitor(), QUOTA)));
    expect(await h().peek(`${QUOTA}/count`)).toBe(SUBMISSION_QUOTA.max);
  });

  test('the functions’ counters (rate_limits) are closed to every browser', async () => {
    await h().seed({ 'rate_limits/submission-address/abc': { uses: [1] } });
    await deny(get(ref(h().visitor(), 'rate_limits')));
    await deny(remove(ref(h().visitor(), 'rate_limits/submission-address/abc')));
    await deny(set(ref(h().as('owner'), 'rate_limits/submission-address/abc'), null));
    expect(await h().peek('rate_limits/submission-address/abc')).toEqual({ uses: [1] });
  });
});
