// The console's counters against the project's database emulator with firebase-admin: a recount
// of each kind's states, right however often and in whatever order the trigger is delivered.
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { countByStatus, isSubmissionKind, recountSubmissions } from './staff-counters';

const backend = useForFile(() => startDatabaseApp('counters'));

const inquiry = (status?: string) => ({ name: 'Ana', email: 'ana@example.com', createdAt: 1, ...(status ? { status } : {}) });

describe('countByStatus', () => {
  it('counts a record without a status in the first state, and lists every state', () => {
    expect(countByStatus('contact', { a: inquiry(), b: inquiry('answered'), c: inquiry() })).toEqual({ new: 2, answered: 1, archived: 0 });
    expect(countByStatus('preorder', null)).toEqual({ pending: 0, approved: 0, declined: 0 });
  });

  it('reads a status it does not know as the first state rather than inventing a state', () => {
    expect(countByStatus('waitlist', { a: { status: 'hacked' }, b: 'not a record' })).toEqual({ new: 2, contacted: 0, archived: 0 });
  });
});

describe('recountSubmissions', () => {
  it('writes the counts of the kind and leaves the other kinds alone', async () => {
    await backend.database.ref('submissions/contact').set({ a: inquiry(), b: inquiry('archived') });
    await backend.database.ref('staff_counters/preorder').set({ pending: 7, approved: 0, declined: 0 });

    expect(await recountSubmissions(backend.database, 'contact')).toEqual({ new: 1, answered: 0, archived: 1 });
    expect((await backend.database.ref('staff_counters').get()).val()).toEqual({
      contact: { new: 1, answered: 0, archived: 1 },
      preorder: { pending: 7, approved: 0, declined: 0 },
    });
  });

  it('ends right when deliveries repeat and arrive out of order, and mends a drifted count', async () => {
    await backend.database.ref('staff_counters/contact').set({ new: 40, answered: -3, archived: 0 });
    await backend.database.ref('submissions/contact/a').set(inquiry());
    await backend.database.ref('submissions/contact/b').set(inquiry());
    await backend.database.ref('submissions/contact/a/status').set('answered');
    // The three events delivered late, twice, and at once.
    await Promise.all([1, 2, 3, 4, 5, 6].map(() => recountSubmissions(backend.database, 'contact')));
    expect((await backend.database.ref('staff_counters/contact').get()).val()).toEqual({ new: 1, answered: 1, archived: 0 });
  });
});

describe('isSubmissionKind', () => {
  it('takes the three kinds only (the trigger path names any key)', () => {
    expect(['contact', 'waitlist', 'preorder'].every(isSubmissionKind)).toBe(true);
    for (const other of ['staff_audit', '', 'Contact', null]) expect(isSubmissionKind(other)).toBe(false);
  });
});
