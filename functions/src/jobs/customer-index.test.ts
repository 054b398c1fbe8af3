// customer_index/<uid> against the project's database emulator with firebase-admin: the line of the
// console's customer list follows the profile through sign-up, edits and deletion, and a
// redelivered, late or concurrent event never leaves an older profile's line behind
// (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page).
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { syncCustomerIndex } from './customer-index';

const backend = useForFile(() => startDatabaseApp('customer-index'));
const db = () => backend.database;

const PROFILE = {
  firstName: 'Zoë',
  lastName: "O'Brien",
  email: 'Zoe.OBrien@Example.com',
  phoneNumber: '+16195550199',
  createdAt: '2026-10-01T09:30:00.000Z',
};
const entry = async (uid: string) => (await db().ref(`customer_index/${uid}`).get()).val() as unknown;

describe('syncCustomerIndex', () => {
  it('a new profile gets its line: the name and address as shown, their search keys, and the creation time', async () => {
    await db().ref('users/u1').set(PROFILE);
    expect(await syncCustomerIndex(db(), 'u1')).toBe('written');
    expect(await entry('u1')).toEqual({
      name: "Zoë O'Brien",
      email: 'Zoe.OBrien@Example.com',
      at: Date.parse('2026-10-01T09:30:00.000Z'),
      e: 'zoe.obrien@example.com',
      n: "zoe o'brien",
    });
  });

  it('an edited name moves the line; an edit of another field leaves it as it was, unwritten', async () => {
    await db().ref('users/u1').set(PROFILE);
    await syncCustomerIndex(db(), 'u1');
    await db().ref('users/u1/lastName').set('Ng');
    expect(await syncCustomerIndex(db(), 'u1')).toBe('written');
    expect(await entry('u1')).toMatchObject({ name: 'Zoë Ng', n: 'zoe ng' });
    await db().ref('users/u1/phoneNumber').set('+16195550100');
    expect(await syncCustomerIndex(db(), 'u1')).toBe('unchanged');
  });

  it('a deleted profile takes its line with it', async () => {
    await db().ref('users/u1').set(PROFILE);
    await syncCustomerIndex(db(), 'u1');
    await db().ref('users/u1').remove();
    expect(await syncCustomerIndex(db(), 'u1')).toBe('removed');
    expect(await entry('u1')).toBeNull();
    expect(await syncCustomerIndex(db(), 'u1')).toBe('unchanged');
  });

  it('reads legacy first_name/last_name, and a creation time it cannot read as 0 (listed as the oldest)', async () => {
    await db().ref('users/legacy').set({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', createdAt: 'yesterday' });
    await syncCustomerIndex(db(), 'legacy');
    expect(await entry('legacy')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      at: 0,
      e: 'ada@example.com',
      n: 'ada lovelace',
    });
  });

  it('replay out of order: the event of the first name handled after the rename still leaves the current name', async () => {
    // Two edits, their events delivered late and in the wrong order: each run reads the profile as
    // it is, so neither can write the name the profile no longer has.
    await db()
      .ref('users/u1')
      .set({ ...PROFILE, firstName: 'First' });
    await db().ref('users/u1/firstName').set('Second');
    await syncCustomerIndex(db(), 'u1');
    await syncCustomerIndex(db(), 'u1');
    expect(await entry('u1')).toMatchObject({ name: "Second O'Brien" });
  });

  it('a forged line is put right by the next event: the list shows the profile, not what was written beside it', async () => {
    await db().ref('users/u1').set(PROFILE);
    await db().ref('customer_index/u1').set({ name: 'Admin', email: 'admin@leopard.test', at: 1, e: 'admin@leopard.test', n: 'admin' });
    expect(await syncCustomerIndex(db(), 'u1')).toBe('written');
    expect(await entry('u1')).toMatchObject({ name: "Zoë O'Brien", e: 'zoe.obrien@example.com' });
  });

  it('race: runs at once while the name changes between them all end on the last name', async () => {
    await db().ref('users/u1').set(PROFILE);
    const runs: Promise<unknown>[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      await db().ref('users/u1/firstName').set(name);
      runs.push(syncCustomerIndex(db(), 'u1'), syncCustomerIndex(db(), 'u1'));
    }
    await Promise.all(runs);
    expect(await entry('u1')).toMatchObject({ name: "D O'Brien", n: "d o'brien" });
  });
});
