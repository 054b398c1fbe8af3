// The console's counters against the project's database emulator with firebase-admin: each
// submission write moves the counts by its change, once per event however it is delivered, and a
// recount in pages mends a drift and says how much it found
// (docs/decisions/0112-staff-counters-by-trigger.md).
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { COUNTER_CLAIM_LEASE_MS, COUNTER_EVENTS_PATH } from './event-ledger';
import { recountCounters } from './recount';
import { countSubmissionWrite, isSubmissionKind, submissionSource, type SubmissionWrite } from './staff-counters';

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

describe('submissionSource', () => {
  it('counts a record without a status in the first state, a waitlist entry in its programme too', () => {
    expect(submissionSource('contact').contribution(inquiry())).toEqual({ 'staff_counters/contact/new': 1 });
    expect(submissionSource('waitlist').contribution({ status: 'contacted', programme: 'builder' })).toEqual({
      'staff_counters/waitlist/contacted': 1,
      'staff_group_counters/builder/contacted': 1,
    });
    expect(submissionSource('preorder').contribution(null)).toEqual({});
  });

  it('reads a status it does not know as the first state, and a programme it does not know as open access, rather than inventing either', () => {
    expect(submissionSource('waitlist').contribution({ status: 'hacked', programme: 'secret' })).toEqual({
      'staff_counters/waitlist/new': 1,
      'staff_group_counters/open-access/new': 1,
    });
    expect(submissionSource('waitlist').contribution('not a record')).toEqual({
      'staff_counters/waitlist/new': 1,
      'staff_group_counters/open-access/new': 1,
    });
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

describe("the waitlist programmes' counters", () => {
  const entry = (programme: string | null, status?: string) => ({
    full__name: 'Wren',
    email: 'wren@example.com',
    createdAt: 1,
    ...(programme ? { programme } : {}),
    ...(status ? { status } : {}),
  });
  const waitlist = (eventId: string, before: unknown, after: unknown): SubmissionWrite => ({
    eventId,
    kind: 'waitlist',
    before,
    after,
    now: NOW,
  });
  const groups = async () =>
    (await backend.database.ref('staff_group_counters').get()).val() as Record<string, Record<string, number>> | null;

  it('move with the kind in the same event: created, a state change, deleted; an entry without a programme counts under open-access', async () => {
    await countSubmissionWrite(backend.database, waitlist('w-1', null, entry('builder')));
    await countSubmissionWrite(backend.database, waitlist('w-2', null, entry(null)));
    await countSubmissionWrite(backend.database, waitlist('w-3', entry('builder'), entry('builder', 'contacted')));
    expect(await groups()).toEqual({ builder: { new: 0, contacted: 1 }, 'open-access': { new: 1 } });
    expect(await counters('waitlist')).toEqual({ new: 1, contacted: 1 });
    await countSubmissionWrite(backend.database, waitlist('w-4', entry(null), null));
    expect(await groups()).toEqual({ builder: { new: 0, contacted: 1 }, 'open-access': { new: 0 } });
    // One ledger entry per event moved both.
    expect(Object.keys((await backend.database.ref(COUNTER_EVENTS_PATH).get()).val() as object).sort()).toEqual([
      'w-1',
      'w-2',
      'w-3',
      'w-4',
    ]);
  });

  it('an entry moved to another programme leaves one and joins the other, though its state and its kind count stay', async () => {
    await backend.database.ref('staff_group_counters/open-access/new').set(1);
    await backend.database.ref('staff_counters/waitlist/new').set(1);
    expect(await countSubmissionWrite(backend.database, waitlist('w-move', entry(null), entry('builder')))).toBe('counted');
    expect(await groups()).toEqual({ builder: { new: 1 }, 'open-access': { new: 0 } });
    expect(await counters('waitlist')).toEqual({ new: 1 });
  });

  it('replay: a redelivered event, one after the other or several at once, moves the programme once', async () => {
    expect(await countSubmissionWrite(backend.database, waitlist('w-again', null, entry('builder')))).toBe('counted');
    expect(await countSubmissionWrite(backend.database, waitlist('w-again', null, entry('builder')))).toBe('already-counted');
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => countSubmissionWrite(backend.database, waitlist('w-burst', null, entry('builder')))),
    );
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(1);
    expect(await groups()).toEqual({ builder: { new: 2 } });
  });

  it('out of order: the later state change delivered first still ends at the right counts', async () => {
    await countSubmissionWrite(backend.database, waitlist('o-1', null, entry(null)));
    await countSubmissionWrite(backend.database, waitlist('o-3', entry(null, 'contacted'), entry(null, 'archived')));
    await countSubmissionWrite(backend.database, waitlist('o-2', entry(null), entry(null, 'contacted')));
    expect(await groups()).toEqual({ 'open-access': { new: 0, contacted: 0, archived: 1 } });
  });

  it('the recount mends a drifted programme counter and reports it beside the kind', async () => {
    await backend.database.ref('submissions/waitlist').set({ a: entry('builder'), b: entry(null, 'contacted'), c: entry('open-access') });
    await backend.database.ref('staff_counters/waitlist').set({ new: 2, contacted: 1, archived: 0 });
    await backend.database
      .ref('staff_group_counters')
      .set({ builder: { new: 7, contacted: 0, archived: 0 }, 'open-access': { new: 1, contacted: 1, archived: 0 } });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run.recounted.filter((report) => report.path.includes('waitlist') || report.path.startsWith('staff_group_counters'))).toEqual([
      {
        path: 'staff_counters/waitlist',
        before: { new: 2, contacted: 1, archived: 0 },
        after: { new: 2, contacted: 1, archived: 0 },
        drift: { new: 0, contacted: 0, archived: 0 },
        drifted: false,
      },
      {
        path: 'staff_group_counters/open-access',
        before: { new: 1, contacted: 1, archived: 0 },
        after: { new: 1, contacted: 1, archived: 0 },
        drift: { new: 0, contacted: 0, archived: 0 },
        drifted: false,
      },
      {
        path: 'staff_group_counters/builder',
        before: { new: 7, contacted: 0, archived: 0 },
        after: { new: 1, contacted: 0, archived: 0 },
        drift: { new: -6, contacted: 0, archived: 0 },
        drifted: true,
      },
    ]);
    expect(await groups()).toEqual({
      builder: { new: 1, contacted: 0, archived: 0 },
      'open-access': { new: 1, contacted: 1, archived: 0 },
    });
  });
});

describe('isSubmissionKind', () => {
  it('takes the three kinds only (the trigger path names any key)', () => {
    expect(['contact', 'waitlist', 'preorder'].every(isSubmissionKind)).toBe(true);
    for (const other of ['staff_audit', '', 'Contact', null]) expect(isSubmissionKind(other)).toBe(false);
  });
});
