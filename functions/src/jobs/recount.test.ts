// The recount against the project's database emulator with firebase-admin: every counted node read
// a page at a time, mended, and its drift reported; out of time it keeps its place and goes on in
// the next run (docs/decisions/0112-staff-counters-by-trigger.md).
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { STAFF_AUDIT_ACTIONS } from '../../../src/data/staff';
import { TRADE_IN_STATES } from '../../../src/data/trade-in';
import { RECOUNT_CURSOR_PATH, describeRecount, recountCounters } from './recount';

const backend = useForFile(() => startDatabaseApp('recount'));

const inquiry = (status?: string) => ({ name: 'Ana', email: 'ana@example.com', createdAt: 1, ...(status ? { status } : {}) });
const read = async (path: string) => (await backend.database.ref(path).get()).val() as Record<string, number> | null;
const zeros = (...names: string[]) => Object.fromEntries(names.map((name) => [name, 0]));
const untouched = (path: string, values: Record<string, number>) => ({
  path,
  before: values,
  after: values,
  drift: zeros(...Object.keys(values)),
  drifted: false,
});

describe('recountCounters', () => {
  it('mends drifted counts from the records, a page at a time, and reports every node before, after and its drift', async () => {
    await backend.database
      .ref('submissions/contact')
      .set({ a: inquiry(), b: inquiry('archived'), c: inquiry(), d: inquiry(), e: inquiry('answered') });
    await backend.database
      .ref('staff_counters')
      .set({ contact: { new: 40, answered: 1, archived: 0 }, preorder: { pending: 0, approved: 0, declined: 0 } });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run).toEqual({
      stoppedAt: null,
      recounted: [
        {
          path: 'staff_counters/contact',
          before: { new: 40, answered: 1, archived: 0 },
          after: { new: 3, answered: 1, archived: 1 },
          drift: { new: -37, answered: 0, archived: 1 },
          drifted: true,
        },
        untouched('staff_counters/waitlist', zeros('new', 'contacted', 'archived')),
        untouched('staff_group_counters/open-access', zeros('new', 'contacted', 'archived')),
        untouched('staff_group_counters/builder', zeros('new', 'contacted', 'archived')),
        untouched('staff_counters/preorder', zeros('pending', 'approved', 'declined')),
        untouched('staff_figures', zeros('activePlans', 'mrrCents')),
        untouched('staff_list_counters/tradeIns', zeros('declared', ...TRADE_IN_STATES)),
        untouched('staff_figures', zeros('customers')),
        untouched('staff_list_counters/audit', zeros(...STAFF_AUDIT_ACTIONS)),
      ],
    });
    expect(describeRecount(run)).toBe('drift: contact new -37 archived +1');
    expect(await read('staff_counters/contact')).toEqual({ new: 3, answered: 1, archived: 1 });
    expect((await backend.database.ref(RECOUNT_CURSOR_PATH).get()).exists()).toBe(false);
  });

  it('out of time, saves its place and counts so far without touching the counters; the next run goes on and finishes', async () => {
    await backend.database
      .ref('submissions/contact')
      .set({ a: inquiry(), b: inquiry('archived'), c: inquiry(), d: inquiry(), e: inquiry() });
    await backend.database.ref('staff_counters/contact').set({ new: 9, answered: 0, archived: 0 });

    const first = await recountCounters(backend.database, { deadline: 0, pageSize: 2 });
    expect(first).toEqual({ recounted: [], stoppedAt: { walk: 'contact', after: 'b', counted: 2 } });
    expect(describeRecount(first)).toBe('no drift; stopped in contact after 2 records, resumes next run');
    expect(await read('staff_counters/contact')).toEqual({ new: 9, answered: 0, archived: 0 });

    const second = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(second.stoppedAt).toBeNull();
    expect(second.recounted[0]).toMatchObject({
      path: 'staff_counters/contact',
      after: { new: 4, answered: 0, archived: 1 },
      drift: { new: -5, archived: 1 },
    });
    expect(second.recounted.map((report) => report.path)).toEqual([
      'staff_counters/contact',
      'staff_counters/waitlist',
      'staff_group_counters/open-access',
      'staff_group_counters/builder',
      'staff_counters/preorder',
      'staff_figures',
      'staff_list_counters/tradeIns',
      'staff_figures',
      'staff_list_counters/audit',
    ]);
  });

  it('out of time in the orders, goes on from there in the next run, with the kinds already written and the figures right at the end', async () => {
    const plan = {
      product: 'websites',
      tier: 'gold',
      billingPeriod: 'monthly',
      amountPerPeriod: 10_00,
      termPayments: 12,
      subscriptionStatus: 'active',
    };
    await backend.database.ref('all_orders').set({ o1: plan, o2: plan, o3: plan });
    await backend.database.ref('users').set({ u1: { name: 'A' } });
    await backend.database
      .ref(RECOUNT_CURSOR_PATH)
      .set({ after: 'o2', carry: { walk: 'orders', counts: { staff_figures: { activePlans: 2, mrrCents: 20_00 } }, records: 2 } });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run.recounted.map((report) => report.path)).toEqual([
      'staff_figures',
      'staff_list_counters/tradeIns',
      'staff_figures',
      'staff_list_counters/audit',
    ]);
    expect(await read('staff_figures')).toEqual({ activePlans: 3, mrrCents: 30_00, customers: 1 });
    expect(describeRecount(run)).toBe('drift: figures activePlans +3 mrrCents +3000; figures customers +1');
  });
});
