// The console's counters against the project's database emulator with firebase-admin: each
// submission write moves the counts by its change, once per event however it is delivered, and a
// recount in pages mends a drift and says how much it found
// (docs/decisions/0112-staff-counters-by-trigger.md).
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import {
  COUNTER_CLAIM_LEASE_MS,
  COUNTER_EVENTS_PATH,
  RECOUNT_CURSOR_PATH,
  countByStatus,
  countSubmissionWrite,
  isSubmissionKind,
  recountCounters,
  type SubmissionWrite,
} from './staff-counters';

const backend = useForFile(() => startDatabaseApp('counters'));
const NOW = Date.UTC(2026, 10, 29, 12);

const inquiry = (status?: string) => ({ name: 'Ana', email: 'ana@example.com', createdAt: 1, ...(status ? { status } : {}) });
const counters = async (kind: string) =>
  (await backend.database.ref(`staff_counters/${kind}`).get()).val() as Record<string, number> | null;
const write = (eventId: string, before: unknown, after: unknown, now = NOW): SubmissionWrite => ({
  eventId,
  kind: 'contact',
  before,
  after,
  now,
});

describe('countByStatus', () => {
  it('counts a record without a status in the first state, and lists every state', () => {
    expect(countByStatus('contact', { a: inquiry(), b: inquiry('answered'), c: inquiry() })).toEqual({ new: 2, answered: 1, archived: 0 });
    expect(countByStatus('preorder', null)).toEqual({ pending: 0, approved: 0, declined: 0 });
  });

  it('reads a status it does not know as the first state rather than inventing a state', () => {
    expect(countByStatus('waitlist', { a: { status: 'hacked' }, b: 'not a record' })).toEqual({ new: 2, contacted: 0, archived: 0 });
  });
});

describe('countSubmissionWrite', () => {
  it('moves the counts by the change alone, never reading the list: created +1, a status change -1/+1, deleted -1', async () => {
    // Counts far from the two stored records: only the change may move them.
    await backend.database.ref('submissions/contact').set({ a: inquiry(), b: inquiry() });
    await backend.database.ref('staff_counters/contact').set({ new: 500, answered: 20, archived: 3 });

    expect(await countSubmissionWrite(backend.database, write('e-create', null, inquiry()))).toBe('counted');
    expect(await counters('contact')).toEqual({ new: 501, answered: 20, archived: 3 });
    await countSubmissionWrite(backend.database, write('e-answer', inquiry(), inquiry('answered')));
    expect(await counters('contact')).toEqual({ new: 500, answered: 21, archived: 3 });
    await countSubmissionWrite(backend.database, write('e-delete', inquiry('answered'), null));
    expect(await counters('contact')).toEqual({ new: 500, answered: 20, archived: 3 });
    // A write that leaves the state as it was counts nothing and records nothing.
    expect(await countSubmissionWrite(backend.database, write('e-note', inquiry(), { ...inquiry(), name: 'Ana B' }))).toBe('no-change');
    expect((await backend.database.ref(`${COUNTER_EVENTS_PATH}/e-note`).get()).exists()).toBe(false);
  });

  it('counts a state nobody was in yet from nothing, in another kind too', async () => {
    await backend.database.ref('staff_counters/preorder').set({ pending: 3 });
    await countSubmissionWrite(backend.database, {
      eventId: 'e-pre',
      kind: 'preorder',
      before: { status: 'pending' },
      after: { status: 'approved' },
      now: NOW,
    });
    expect(await counters('preorder')).toEqual({ pending: 2, approved: 1 });
  });

  it('replay: the same event delivered again, one after the other or several at once, counts once', async () => {
    const created = write('e-replayed', null, inquiry());
    expect(await countSubmissionWrite(backend.database, created)).toBe('counted');
    expect(await countSubmissionWrite(backend.database, created)).toBe('already-counted');
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map(() => countSubmissionWrite(backend.database, write('e-burst', null, inquiry()))),
    );
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(1);
    expect(await counters('contact')).toEqual({ new: 2 });
  });

  it('out of order: the later status change delivered first still ends at the right counts', async () => {
    await countSubmissionWrite(backend.database, write('e-1', null, inquiry()));
    // new → answered (event 2), then answered → archived (event 3), delivered 3 before 2.
    await countSubmissionWrite(backend.database, write('e-3', inquiry('answered'), inquiry('archived')));
    await countSubmissionWrite(backend.database, write('e-2', inquiry(), inquiry('answered')));
    expect(await counters('contact')).toEqual({ new: 0, answered: 0, archived: 1 });
  });

  it('a claim whose run died is taken over after the lease; a fresh claim is left to its run', async () => {
    await backend.database.ref(`${COUNTER_EVENTS_PATH}/e-died`).set({ at: NOW - COUNTER_CLAIM_LEASE_MS - 1, state: 'claimed' });
    await backend.database.ref(`${COUNTER_EVENTS_PATH}/e-running`).set({ at: NOW - 1000, state: 'claimed' });
    expect(await countSubmissionWrite(backend.database, write('e-died', null, inquiry()))).toBe('counted');
    expect(await countSubmissionWrite(backend.database, write('e-running', null, inquiry()))).toBe('being-counted');
    expect(await counters('contact')).toEqual({ new: 1 });
    expect((await backend.database.ref(`${COUNTER_EVENTS_PATH}/e-died`).get()).val()).toEqual({ at: NOW, state: 'counted' });
  });

  it('keys an event id that is no database key by its hash', async () => {
    await countSubmissionWrite(backend.database, write('projects/x/events/1.2#3', null, inquiry()));
    expect(await countSubmissionWrite(backend.database, write('projects/x/events/1.2#3', null, inquiry()))).toBe('already-counted');
    expect(Object.keys((await backend.database.ref(COUNTER_EVENTS_PATH).get()).val() as object)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
  });
});

describe('recountCounters', () => {
  it('mends drifted counts from the records, a page at a time, and reports each kind before, after and its drift', async () => {
    await backend.database
      .ref('submissions/contact')
      .set({ a: inquiry(), b: inquiry('archived'), c: inquiry(), d: inquiry(), e: inquiry('answered') });
    await backend.database
      .ref('staff_counters')
      .set({ contact: { new: 40, answered: 1, archived: 0 }, preorder: { pending: 0, approved: 0, declined: 0 } });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run.stoppedAt).toBeNull();
    expect(run.recounted).toEqual([
      {
        kind: 'contact',
        before: { new: 40, answered: 1, archived: 0 },
        after: { new: 3, answered: 1, archived: 1 },
        drift: { new: -37, answered: 0, archived: 1 },
        drifted: true,
      },
      {
        kind: 'waitlist',
        before: { new: 0, contacted: 0, archived: 0 },
        after: { new: 0, contacted: 0, archived: 0 },
        drift: { new: 0, contacted: 0, archived: 0 },
        drifted: false,
      },
      {
        kind: 'preorder',
        before: { pending: 0, approved: 0, declined: 0 },
        after: { pending: 0, approved: 0, declined: 0 },
        drift: { pending: 0, approved: 0, declined: 0 },
        drifted: false,
      },
    ]);
    expect(await counters('contact')).toEqual({ new: 3, answered: 1, archived: 1 });
    expect((await backend.database.ref(RECOUNT_CURSOR_PATH).get()).exists()).toBe(false);
  });

  it('out of time, saves its place and counts so far without touching the counters; the next run goes on and finishes', async () => {
    await backend.database
      .ref('submissions/contact')
      .set({ a: inquiry(), b: inquiry('archived'), c: inquiry(), d: inquiry(), e: inquiry() });
    await backend.database.ref('staff_counters/contact').set({ new: 9, answered: 0, archived: 0 });

    const first = await recountCounters(backend.database, { deadline: 0, pageSize: 2 });
    expect(first).toEqual({ recounted: [], stoppedAt: { kind: 'contact', after: 'b', counted: 2 } });
    expect(await counters('contact')).toEqual({ new: 9, answered: 0, archived: 0 });

    const second = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(second.stoppedAt).toBeNull();
    expect(second.recounted[0]).toMatchObject({
      kind: 'contact',
      after: { new: 4, answered: 0, archived: 1 },
      drift: { new: -5, archived: 1 },
    });
    expect(second.recounted.map((report) => report.kind)).toEqual(['contact', 'waitlist', 'preorder']);
  });
});

describe('isSubmissionKind', () => {
  it('takes the three kinds only (the trigger path names any key)', () => {
    expect(['contact', 'waitlist', 'preorder'].every(isSubmissionKind)).toBe(true);
    for (const other of ['staff_audit', '', 'Contact', null]) expect(isSubmissionKind(other)).toBe(false);
  });
});
