// The overview's figures against the project's database emulator with firebase-admin: order and
// profile writes as the webhook, checkout and the account pages make them move staff_figures by
// their change, once per event however it is delivered, and end equal to what a recount finds
// (docs/decisions/0112-staff-counters-by-trigger.md).
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { COUNTER_EVENTS_PATH } from './event-ledger';
import { recountCounters } from './recount';
import { countOrderWrite, countProfileWrite, type RecordWrite } from './staff-figures';
import { countSubmissionWrite } from './staff-counters';

const backend = useForFile(() => startDatabaseApp('figures'));
const NOW = Date.UTC(2026, 10, 29, 12);

/** all_orders/<id> as checkout starts it (functions/src/checkout/orders.ts), unpaid. */
const started = (amountPerPeriod: number, billingPeriod = 'monthly') => ({
  product: 'websites',
  tier: 'gold',
  payment_status: 'unpaid',
  billingPeriod,
  amountPerPeriod,
  termPayments: billingPeriod === 'yearly' ? 1 : 12,
  createdAt: 1,
});
/** What the webhook adds once Stripe says the subscription runs. */
const paid = (order: object, fields: object = {}) => ({
  ...order,
  payment_status: 'paid',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  subscriptionStatus: 'active',
  paymentsMade: 1,
  ...fields,
});

const figures = async () => (await backend.database.ref('staff_figures').get()).val() as Record<string, number> | null;

/** Writes the record as the function would, and returns the event its trigger receives. */
async function write(path: string, eventId: string, after: unknown): Promise<RecordWrite> {
  const before: unknown = (await backend.database.ref(path).get()).val();
  await backend.database.ref(path).set(after ?? null);
  return { eventId, before, after: after ?? null, now: NOW };
}

describe('countOrderWrite', () => {
  it('moves active plans and MRR by each order write: created unpaid nothing, paid +1, a plan change the difference, canceled -1', async () => {
    const created = await write('all_orders/o1', 'e-create', started(50_00));
    expect(await countOrderWrite(backend.database, created)).toBe('no-change');
    expect(await figures()).toBeNull();

    await countOrderWrite(backend.database, await write('all_orders/o1', 'e-paid', paid(started(50_00))));
    expect(await figures()).toEqual({ activePlans: 1, mrrCents: 50_00 });
    await countOrderWrite(backend.database, await write('all_orders/o1', 'e-change', paid(started(120_00), { tier: 'platinum' })));
    expect(await figures()).toEqual({ activePlans: 1, mrrCents: 120_00 });
    // A renewal's invoice, a trade-in's state: nothing the figures count.
    expect(
      await countOrderWrite(
        backend.database,
        await write('all_orders/o1', 'e-invoice', paid(started(120_00), { tier: 'platinum', paymentsMade: 2 })),
      ),
    ).toBe('no-change');
    await countOrderWrite(
      backend.database,
      await write('all_orders/o1', 'e-cancel', paid(started(120_00), { tier: 'platinum', subscriptionStatus: 'canceled' })),
    );
    expect(await figures()).toEqual({ activePlans: 0, mrrCents: 0 });
  });

  it('a series of webhook writes on several orders, redelivered and out of order, ends with the figures a recount finds', async () => {
    const deliveries: RecordWrite[] = [];
    deliveries.push(await write('all_orders/a', 'a-1', started(80_00)));
    deliveries.push(await write('all_orders/a', 'a-2', paid(started(80_00))));
    deliveries.push(await write('all_orders/b', 'b-1', started(960_00, 'yearly')));
    deliveries.push(await write('all_orders/b', 'b-2', paid(started(960_00, 'yearly'))));
    deliveries.push(await write('all_orders/c', 'c-1', paid(started(30_00))));
    deliveries.push(await write('all_orders/c', 'c-2', paid(started(30_00), { subscriptionStatus: 'past_due' })));
    deliveries.push(await write('all_orders/a', 'a-3', paid(started(200_00), { tier: 'platinum' })));
    deliveries.push(await write('all_orders/c', 'c-3', paid(started(30_00), { subscriptionStatus: 'canceled' })));
    deliveries.push(await write('all_orders/d', 'd-1', paid(started(10_01, 'yearly'))));
    deliveries.push(await write('all_orders/d', 'd-2', null)); // removed (a deleted account's order)
    deliveries.push(await write('all_orders/e', 'e-1', started(45_00)));

    // Eventarc delivers each at least once, in any order: every other one twice, the list reversed.
    const order = [...deliveries].reverse();
    for (const [index, delivery] of order.entries()) {
      await countOrderWrite(backend.database, delivery);
      if (index % 2 === 0) expect(await countOrderWrite(backend.database, delivery)).toMatch(/already-counted|no-change/);
    }
    const kept = await figures();
    // a: 200.00; b: 960.00 a year = 80.00 a month; c canceled, d removed, e unpaid.
    expect(kept).toEqual({ activePlans: 2, mrrCents: 200_00 + 80_00 });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run.recounted.filter((report) => report.path === 'staff_figures')).toEqual([
      { path: 'staff_figures', before: kept, after: kept, drift: { activePlans: 0, mrrCents: 0 }, drifted: false },
      { path: 'staff_figures', before: { customers: 0 }, after: { customers: 0 }, drift: { customers: 0 }, drifted: false },
    ]);
    expect(await figures()).toEqual({ ...kept, customers: 0 });
  });

  it('replay: one event delivered several times at once counts once', async () => {
    const paidWrite = await write('all_orders/o2', 'e-burst', paid(started(99_00)));
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => countOrderWrite(backend.database, paidWrite)));
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(1);
    expect(await figures()).toEqual({ activePlans: 1, mrrCents: 99_00 });
  });

  it('an event id that another trigger already took (one write reaching two triggers) still counts for the figures', async () => {
    await countSubmissionWrite(backend.database, { eventId: 'shared', kind: 'contact', before: null, after: { status: 'new' }, now: NOW });
    expect(await countOrderWrite(backend.database, await write('all_orders/o3', 'shared', paid(started(10_00))))).toBe('counted');
    expect(await countProfileWrite(backend.database, await write('users/u1', 'shared', { name: 'Ana' }))).toBe('counted');
    expect(await figures()).toEqual({ activePlans: 1, mrrCents: 10_00, customers: 1 });
    expect(Object.keys((await backend.database.ref(COUNTER_EVENTS_PATH).get()).val() as object).sort()).toEqual([
      'orders-shared',
      'shared',
      'users-shared',
    ]);
  });

  it('the recount mends drifted figures and reports the drift', async () => {
    await backend.database.ref('all_orders').set({ a: paid(started(80_00)), b: started(10_00), c: paid(started(120_00, 'yearly')) });
    await backend.database.ref('users').set({ u1: { name: 'Ana' }, u2: { name: 'Bo' } });
    await backend.database.ref('staff_figures').set({ activePlans: 7, mrrCents: 1, customers: 5 });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run.recounted.filter((report) => report.path === 'staff_figures')).toEqual([
      {
        path: 'staff_figures',
        before: { activePlans: 7, mrrCents: 1 },
        after: { activePlans: 2, mrrCents: 80_00 + 10_00 },
        drift: { activePlans: -5, mrrCents: 89_99 },
        drifted: true,
      },
      { path: 'staff_figures', before: { customers: 5 }, after: { customers: 2 }, drift: { customers: -3 }, drifted: true },
    ]);
    expect(await figures()).toEqual({ activePlans: 2, mrrCents: 90_00, customers: 2 });
  });
});

describe('the trade-ins’ counts by state', () => {
  const tradeIns = async () => (await backend.database.ref('staff_list_counters/tradeIns').get()).val() as Record<string, number> | null;
  /** An order that declared a trade-in, listed by the state the Trade-ins page filters on. */
  const declared = (state: string, fields: object = {}) => ({ ...started(50_00), applicationExist: true, tradeInState: state, ...fields });

  it('an order moves the trade-ins’ and its state’s counts as its trade-in is declared, decided and removed; one without a trade-in moves none', async () => {
    await countOrderWrite(backend.database, await write('all_orders/t1', 't1-declared', declared('awaiting')));
    await countOrderWrite(backend.database, await write('all_orders/t2', 't2-declared', declared('awaiting')));
    expect(await countOrderWrite(backend.database, await write('all_orders/t3', 't3-none', started(50_00)))).toBe('no-change');
    expect(await tradeIns()).toEqual({ declared: 2, awaiting: 2 });

    const credited = await write('all_orders/t1', 't1-credited', declared('credited', { tradeIn: { status: 'credited' } }));
    await countOrderWrite(backend.database, credited);
    // Delivered again: counted once.
    expect(await countOrderWrite(backend.database, credited)).toBe('already-counted');
    await countOrderWrite(backend.database, await write('all_orders/t2', 't2-removed', null));
    expect(await tradeIns()).toEqual({ declared: 1, awaiting: 0, credited: 1 });

    // A state the console does not list (a forged or older record): among all trade-ins, in no state.
    await countOrderWrite(backend.database, await write('all_orders/t4', 't4-odd', declared('lost')));
    expect(await tradeIns()).toEqual({ declared: 2, awaiting: 0, credited: 1 });
  });

  it('the recount mends drifted counts and reports them, with every state it keeps', async () => {
    await backend.database
      .ref('all_orders')
      .set({ a: declared('awaiting'), b: declared('declined'), c: declared('awaiting'), d: started(10_00) });
    await backend.database.ref('staff_list_counters/tradeIns').set({ awaiting: 5, credited: 1 });

    const run = await recountCounters(backend.database, { deadline: Infinity, pageSize: 2 });
    expect(run.recounted.filter((report) => report.path === 'staff_list_counters/tradeIns')).toEqual([
      {
        path: 'staff_list_counters/tradeIns',
        before: { declared: 0, awaiting: 5, crediting: 0, credited: 1, declined: 0 },
        after: { declared: 3, awaiting: 2, crediting: 0, credited: 0, declined: 1 },
        drift: { declared: 3, awaiting: -3, crediting: 0, credited: -1, declined: 1 },
        drifted: true,
      },
    ]);
    expect(await tradeIns()).toEqual({ declared: 3, awaiting: 2, crediting: 0, credited: 0, declined: 1 });
  });
});

describe('countProfileWrite', () => {
  it('counts a profile created +1 and deleted -1, an edit nothing, a redelivery once', async () => {
    const created = await write('users/u1', 'p-1', { name: 'Ana', email: 'ana@example.com' });
    expect(await countProfileWrite(backend.database, created)).toBe('counted');
    expect(await countProfileWrite(backend.database, created)).toBe('already-counted');
    await countProfileWrite(backend.database, await write('users/u2', 'p-2', { name: 'Bo' }));
    expect(await countProfileWrite(backend.database, await write('users/u1', 'p-3', { name: 'Ana B', email: 'ana@example.com' }))).toBe(
      'no-change',
    );
    expect(await figures()).toEqual({ customers: 2 });
    await countProfileWrite(backend.database, await write('users/u2', 'p-4', null));
    expect(await figures()).toEqual({ customers: 1 });
  });
});
