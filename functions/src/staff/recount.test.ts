// The `staff` function's recountCounters over HTTP, against the database emulator and firebase-tools'
// Auth emulator: an admin has drifted counters and figures mended and sees the drift; support may not.
import { describe, expect, it } from 'vitest';
import { STAFF_AUDIT_PATH, type StaffAuditEntry } from '../../../src/data/staff';
import { read } from '../testing/backends.testing';
import { notAllowed } from './claims';
import { useStaffHarness } from './staff.testing';

const harness = useStaffHarness('staff-recount');

async function seedDrift() {
  await harness.database.ref('submissions/waitlist').set({ w1: { createdAt: 1 }, w2: { createdAt: 2, status: 'contacted' } });
  await harness.database.ref('staff_counters/waitlist').set({ new: 12, contacted: 1, archived: 0 });
  await harness.database.ref('staff_group_counters/open-access').set({ new: 1, contacted: 1, archived: 0 });
  // A live plan the figures never took in (the trigger off while it was written, say).
  await harness.database.ref('all_orders/o1').set({
    product: 'websites',
    tier: 'gold',
    billingPeriod: 'monthly',
    amountPerPeriod: 25_00,
    termPayments: 12,
    subscriptionStatus: 'active',
  });
  await harness.database.ref('staff_figures').set({ activePlans: 0, mrrCents: 0, customers: 0 });
}

describe('recountCounters', () => {
  it('an admin has the counters counted afresh: the answer and the audit say what drift was mended', async () => {
    const admin = await harness.account({ role: 'admin' });
    await seedDrift();
    const answer = await harness.call(admin.token, { action: 'recountCounters' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      data: {
        stoppedAt: null,
        recounted: [
          { path: 'staff_counters/contact', drifted: false },
          {
            path: 'staff_counters/waitlist',
            before: { new: 12, contacted: 1, archived: 0 },
            after: { new: 1, contacted: 1, archived: 0 },
            drift: { new: -11, contacted: 0, archived: 0 },
            drifted: true,
          },
          { path: 'staff_group_counters/open-access', drift: { new: 0, contacted: 0, archived: 0 }, drifted: false },
          { path: 'staff_group_counters/builder', drifted: false },
          { path: 'staff_counters/preorder', drifted: false },
          {
            path: 'staff_figures',
            before: { activePlans: 0, mrrCents: 0 },
            after: { activePlans: 1, mrrCents: 25_00 },
            drift: { activePlans: 1, mrrCents: 25_00 },
            drifted: true,
          },
          { path: 'staff_list_counters/tradeIns', drifted: false },
          { path: 'staff_figures', drifted: false },
          { path: 'staff_list_counters/audit', drifted: false },
        ],
      },
    });
    expect(await read(harness.database, 'staff_counters/waitlist')).toEqual({ new: 1, contacted: 1, archived: 0 });
    const entries = Object.values((await read<Record<string, StaffAuditEntry>>(harness.database, STAFF_AUDIT_PATH)) ?? {});
    expect(entries).toEqual([
      expect.objectContaining({
        actorUid: admin.uid,
        action: 'recountCounters',
        target: 'staff_counters',
        detail: 'drift: waitlist new -11; figures activePlans +1 mrrCents +2500',
      }),
    ]);

    // Right counters: the second recount finds nothing.
    const again = await harness.call(admin.token, { action: 'recountCounters' });
    expect((again.json as { data: { recounted: { drifted: boolean }[] } }).data.recounted.every((report) => !report.drifted)).toBe(true);
  });

  it('support is refused, and the counters are left as they were', async () => {
    const support = await harness.account({ role: 'support' });
    await seedDrift();
    const answer = await harness.call(support.token, { action: 'recountCounters' });
    expect([answer.status, answer.json]).toEqual([403, { statusCode: 403, error: { message: notAllowed('recountCounters') } }]);
    expect(await read(harness.database, 'staff_counters/waitlist')).toEqual({ new: 12, contacted: 1, archived: 0 });
    expect(await read(harness.database, 'staff_figures')).toEqual({ activePlans: 0, mrrCents: 0, customers: 0 });
  });
});
