// The list keys' backfill against the project's database emulator with firebase-admin: records
// stored before the keys existed, or with keys that say something else than the record, get the
// keys their fields give; right ones are left alone; a run out of time goes on the next day from
// where it stopped (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
import { describe, expect, it } from 'vitest';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';
import { customerIndexEntry } from '../../../src/data/customer-index-entry';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { LIST_INDEX_CURSOR_PATH, backfillListIndex } from './list-index-backfill';

const backend = useForFile(() => startDatabaseApp('list-index-backfill'));
const db = () => backend.database;
const read = async (path: string) => (await db().ref(path).get()).val() as Record<string, unknown> | null;
const run = (options: { pageSize?: number; deadline?: number } = {}) =>
  backfillListIndex(db(), { deadline: options.deadline ?? Infinity, pageSize: options.pageSize });

const inquiry = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  phone: '+1 555 0100',
  city: 'London',
  message: 'Hi',
  createdAt: 1,
  page: '/',
};
const join = { full__name: 'Grace Hopper', email: 'grace@example.com', createdAt: 2, page: '/waitlist' };
const profile = { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', createdAt: '2026-10-01T09:30:00.000Z' };

describe('backfillListIndex', () => {
  it('gives a submission stored before the keys its first state and its six keys, and leaves a right one unwritten', async () => {
    await db().ref('submissions/contact/c1').set(inquiry);
    await db()
      .ref('submissions/waitlist/w1')
      .set({ ...join, programme: 'builder' });
    const indexed = { ...join, ...submissionIndexFields('preorder', join) };
    await db().ref('submissions/preorder/p1').set(indexed);

    expect(await run()).toEqual({ submissions: 2, customers: 0, orders: 0, stoppedAt: null });
    expect(await read('submissions/contact/c1')).toEqual({ ...inquiry, ...submissionIndexFields('contact', inquiry) });
    expect(await read('submissions/contact/c1')).toMatchObject({ status: 'new', gse: 'contact|new|ada@example.com' });
    expect(await read('submissions/waitlist/w1')).toMatchObject({ status: 'new', g: 'builder', gsn: 'builder|new|grace hopper' });
    expect(await read('submissions/preorder/p1')).toEqual(indexed);
    // A second run finds nothing left to do.
    expect(await run()).toEqual({ submissions: 0, customers: 0, orders: 0, stoppedAt: null });
  });

  it('keeps the state staff gave a record: keys written for it, never the first state over it', async () => {
    const archived = { ...join, status: 'archived', statusChangedAt: 5, statusChangedBy: 'staff' };
    await db().ref('submissions/waitlist/w1').set(archived);
    await run();
    expect(await read('submissions/waitlist/w1')).toMatchObject({
      status: 'archived',
      gs: 'open-access|archived',
      statusChangedBy: 'staff',
    });
  });

  it('a key that says another state, list or address than the record is put right: the record is listed where it is', async () => {
    const forged = { ...inquiry, ...submissionIndexFields('contact', inquiry, 'new'), status: 'archived', g: 'preorder' };
    await db().ref('submissions/contact/c1').set(forged);
    expect((await run()).submissions).toBe(1);
    expect(await read('submissions/contact/c1')).toEqual({ ...inquiry, ...submissionIndexFields('contact', inquiry, 'archived') });
  });

  it('writes the customer_index line of an account that has none, and puts a wrong one right', async () => {
    await db().ref('users/u1').set(profile);
    await db()
      .ref('users/u2')
      .set({ ...profile, firstName: 'Joan', email: 'joan@example.com' });
    await db().ref('customer_index/u2').set({ name: 'Someone Else', email: 'x@example.com', at: 0, e: 'x@example.com', n: 'someone else' });
    await db()
      .ref('users/u3')
      .set({ ...profile, firstName: 'Kept' });
    await db()
      .ref('customer_index/u3')
      .set(customerIndexEntry({ ...profile, firstName: 'Kept' }));

    expect(await run()).toMatchObject({ customers: 2 });
    expect(await read('customer_index/u1')).toEqual(customerIndexEntry(profile));
    expect(await read('customer_index/u2')).toMatchObject({ name: 'Joan Turing', e: 'joan@example.com' });
  });

  it('removes the line of an account deleted while the trigger missed it, and keeps the lines of those still here', async () => {
    await db().ref('users/u4').set(profile);
    await db().ref('customer_index/u4').set(customerIndexEntry(profile));
    await db()
      .ref('customer_index/u5-gone')
      .set(customerIndexEntry({ ...profile, firstName: 'Left' }));
    await db()
      .ref('customer_index/u6-gone')
      .set(customerIndexEntry({ ...profile, firstName: 'Also left' }));

    // A page of one line: each gone account is found on a page of its own.
    expect(await run({ pageSize: 1 })).toMatchObject({ customers: 2 });
    expect(await read('customer_index/u4')).toEqual(customerIndexEntry(profile));
    expect(await read('customer_index/u5-gone')).toBeNull();
    expect(await read('customer_index/u6-gone')).toBeNull();
  });

  it("stores each trade-in's state on its order, and takes a state off an order that declared none", async () => {
    await db()
      .ref('all_orders')
      .set({
        awaiting: { applicationExist: true, modelExistsOn: 'wordpress', buyer: 'u1' },
        credited: { applicationExist: true, tradeIn: { status: 'credited', amount: 75_000 }, buyer: 'u1' },
        none: { applicationExist: false, buyer: 'u1' },
        forged: { applicationExist: false, tradeInState: 'awaiting', buyer: 'u1' },
        right: { applicationExist: true, tradeIn: { status: 'declined', amount: 0 }, tradeInState: 'declined' },
      });
    expect(await run()).toMatchObject({ orders: 3 });
    const orders = (await read('all_orders')) as Record<string, Record<string, unknown>>;
    expect(Object.fromEntries(Object.entries(orders).map(([id, order]) => [id, order.tradeInState ?? null]))).toEqual({
      awaiting: 'awaiting',
      credited: 'credited',
      none: null,
      forged: null,
      right: 'declined',
    });
  });

  it('out of time it stops after a page and says where; the next run goes on from there and finishes', async () => {
    await db()
      .ref('submissions/contact')
      .set(Object.fromEntries(['a', 'b', 'c'].map((id) => [id, inquiry])));
    await db().ref('users/u1').set(profile);

    const first = await run({ pageSize: 2, deadline: 0 });
    expect(first).toEqual({ submissions: 2, customers: 0, orders: 0, stoppedAt: { step: 'contact', after: 'b' } });
    expect(await read('submissions/contact/c')).not.toHaveProperty('gs');
    expect((await db().ref(LIST_INDEX_CURSOR_PATH).get()).exists()).toBe(true);

    const second = await run({ pageSize: 2 });
    expect(second).toEqual({ submissions: 1, customers: 1, orders: 0, stoppedAt: null });
    expect(await read('submissions/contact/c')).toMatchObject({ gs: 'contact|new' });
    expect((await db().ref(LIST_INDEX_CURSOR_PATH).get()).exists()).toBe(false);
  });
});
