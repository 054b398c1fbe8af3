// recordReply through the `staff` function, against the database emulator and firebase-tools' Auth
// emulator: the inquiry keeps who replied and when, a new one moves to answered with its list keys,
// and what a caller could forge (another replier, a path, a record to create, two replies at once)
// changes nothing it should not.
import { describe, expect, it } from 'vitest';
import { submissionIndex } from '../../../src/data/list-index';
import { STAFF_AUDIT_PATH, type StaffAuditEntry } from '../../../src/data/staff';
import { read } from '../testing/backends.testing';
import { useStaffHarness } from './staff.testing';

const harness = useStaffHarness('staff-reply');

const inquiry = (status?: string) => ({
  name: 'Zoë O’Brien',
  email: 'Zoe@Example.com',
  phone: '+1 555 0100',
  city: 'Dublin',
  message: 'Hello',
  createdAt: 1_795_000_000_000,
  page: '/contact',
  ...(status ? { status, ...submissionIndex({ kind: 'contact', status, email: 'Zoe@Example.com', name: 'Zoë O’Brien' }) } : {}),
});

async function auditEntries(): Promise<Pick<StaffAuditEntry, 'actorUid' | 'action' | 'target' | 'detail'>[]> {
  const entries = Object.values((await read<Record<string, StaffAuditEntry>>(harness.database, STAFF_AUDIT_PATH)) ?? {});
  return entries.map(({ actorUid, action, target, detail }) => ({ actorUid, action, target, detail }));
}

describe('recordReply', () => {
  it('support replies to a new inquiry: who and when are kept, it is answered, its list keys say so, and it is audited', async () => {
    const support = await harness.account({ role: 'support' });
    await harness.database.ref('submissions/contact/c1').set(inquiry('new'));
    const answer = await harness.call(support.token, { action: 'recordReply', id: 'c1' });
    expect(answer.status).toBe(200);
    const stored = await read(harness.database, 'submissions/contact/c1');
    expect(stored).toEqual({
      ...inquiry(),
      ...submissionIndex({ kind: 'contact', status: 'answered', email: 'Zoe@Example.com', name: 'Zoë O’Brien' }),
      status: 'answered',
      statusChangedAt: expect.any(Number),
      statusChangedBy: support.uid,
      repliedAt: expect.any(Number),
      repliedBy: support.uid,
      repliedByEmail: support.email,
    });
    expect(stored!.gs).toBe('contact|answered');
    expect(answer.json.data).toEqual({
      id: 'c1',
      status: 'answered',
      repliedAt: stored!.repliedAt,
      repliedBy: support.uid,
      repliedByEmail: support.email,
    });
    expect(await auditEntries()).toEqual([
      { actorUid: support.uid, action: 'recordReply', target: 'submissions/contact/c1', detail: 'answered' },
    ]);
  });

  it('a second reply records the second person and time, and leaves an answered or archived state as it is', async () => {
    const support = await harness.account({ role: 'support' });
    const admin = await harness.account({ role: 'admin' });
    await harness.database.ref('submissions/contact/c1').set(inquiry());
    await harness.database.ref('submissions/contact/c2').set(inquiry('archived'));
    await harness.call(support.token, { action: 'recordReply', id: 'c1' });
    const first = await read(harness.database, 'submissions/contact/c1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await harness.call(admin.token, { action: 'recordReply', id: 'c1' });
    const second = await read(harness.database, 'submissions/contact/c1');
    expect(second).toMatchObject({ status: 'answered', statusChangedBy: support.uid, repliedBy: admin.uid, repliedByEmail: admin.email });
    expect(second!.repliedAt as number).toBeGreaterThan(first!.repliedAt as number);
    expect(second!.statusChangedAt).toBe(first!.statusChangedAt);

    const archived = await harness.call(admin.token, { action: 'recordReply', id: 'c2' });
    expect(archived.json.data).toMatchObject({ status: 'archived', repliedBy: admin.uid });
    expect(await read(harness.database, 'submissions/contact/c2')).toMatchObject({ status: 'archived', gs: 'contact|archived' });
    expect((await auditEntries()).map((entry) => entry.detail)).toEqual(['answered', 'replied again', 'replied again']);
  });

  it('a forged replier in the body is ignored: the record names the caller', async () => {
    const support = await harness.account({ role: 'support' });
    await harness.database.ref('submissions/contact/c1').set(inquiry('new'));
    const answer = await harness.call(support.token, {
      action: 'recordReply',
      id: 'c1',
      repliedBy: 'someone-else',
      repliedByEmail: 'ceo@leopard.test',
      status: 'archived',
    });
    expect(answer.status).toBe(200);
    expect(await read(harness.database, 'submissions/contact/c1')).toMatchObject({
      status: 'answered',
      repliedBy: support.uid,
      repliedByEmail: support.email,
    });
  });

  it('creates nothing: an unknown id, a waitlist entry’s id or a path is refused, and nothing is audited', async () => {
    const admin = await harness.account({ role: 'admin' });
    await harness.database
      .ref('submissions/waitlist/w1')
      .set({ full__name: 'Grace', email: 'g@example.com', createdAt: 1, page: '/waitlist' });
    const missing = await harness.call(admin.token, { action: 'recordReply', id: 'w1' });
    expect(missing.status).toBe(404);
    expect(await read(harness.database, 'submissions/contact/w1')).toBeNull();
    for (const id of ['../waitlist/w1', 'a/b', '', { '.sv': 'timestamp' }]) {
      const forged = await harness.call(admin.token, { action: 'recordReply', id });
      expect([forged.status, (forged.json.error as { field?: string }).field]).toEqual([400, 'id']);
    }
    expect(await read(harness.database, 'submissions/waitlist/w1')).not.toHaveProperty('repliedBy');
    expect(await auditEntries()).toEqual([]);
  });

  it('two staff members reply at once: both are recorded, the inquiry is moved to answered once', async () => {
    const [one, two] = await Promise.all([harness.account({ role: 'support' }), harness.account({ role: 'admin' })]);
    await harness.database.ref('submissions/contact/c1').set(inquiry('new'));
    const answers = await Promise.all([one, two, one, two].map((who) => harness.call(who.token, { action: 'recordReply', id: 'c1' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const details = (await auditEntries()).map((entry) => entry.detail).sort();
    expect(details).toEqual(['answered', 'replied again', 'replied again', 'replied again']);
    const stored = await read(harness.database, 'submissions/contact/c1');
    expect(stored).toMatchObject({ status: 'answered', gs: 'contact|answered' });
    expect([one.uid, two.uid]).toContain(stored!.repliedBy);
  });
});
