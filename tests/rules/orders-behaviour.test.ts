// all_orders beyond the access matrix: a denied listen reaches the onValue cancel callback, the
// buyer query stays live and returns only the caller's orders, and the order schema.
//
// The schema cannot be reached from the browser (all_orders is never writable, and the functions
// write with admin access, which skips rules), so it is tested on a copy of database.rules.json in
// which only all_orders/.write is turned on (see writableOrdersRules()).
import { beforeEach, describe, expect, test } from 'vitest';
import { equalTo, onValue, orderByChild, query, ref, set, type DataSnapshot } from 'firebase/database';
import { PAYMENT_STATUSES } from '../../src/config/data-limits';
import { OTHER_UID, OWNER_UID, useRulesHarness, expectAllowed, named, validOrder, writableOrdersRules } from './rules.testing';
import { listenOnce } from './matrix.testing';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('listening to all_orders', () => {
  const h = useRulesHarness('orders-listen');
  beforeEach(async () => {
    await h().seed({ 'all_orders/o1': validOrder('o1', OWNER_UID), 'all_orders/o2': validOrder('o2', OTHER_UID) });
  });

  const deniedListens = [
    { what: 'a plain onValue(all_orders) by the owner', actor: 'owner' as const, uid: null },
    { what: "the buyer query with another user's uid", actor: 'owner' as const, uid: OTHER_UID },
    { what: 'the buyer query signed out', actor: 'signed out' as const, uid: OWNER_UID },
  ].map((c) => ({ ...c, name: `${c.what}: the cancel callback fires with PERMISSION_DENIED, no value` }));
  test.for(named(deniedListens))('%s', async ([, { actor, uid }]) => {
    const db = h().as(actor);
    const target = uid === null ? ref(db, 'all_orders') : query(ref(db, 'all_orders'), orderByChild('buyer'), equalTo(uid));
    const values: DataSnapshot[] = [];
    let cancelled: (Error & { code?: string }) | null = null;
    const unsubscribe = onValue(
      target,
      (snap) => values.push(snap),
      (error) => {
        cancelled = error;
      },
    );
    try {
      await waitFor(() => cancelled !== null, 'the cancel callback');
      const error = cancelled as unknown as Error & { code?: string };
      expect(`${error.code ?? ''} ${error.message}`).toMatch(/permission[_ ]denied/i);
      await sleep(100);
      expect(values).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  test("the owner's buyer query is live: new orders of the owner arrive, other buyers' do not", async () => {
    const q = query(ref(h().as('owner'), 'all_orders'), orderByChild('buyer'), equalTo(OWNER_UID));
    let latest: string[] | null = null;
    let cancelled: Error | null = null;
    const unsubscribe = onValue(
      q,
      (snap) => {
        latest = Object.keys((snap.val() as object | null) ?? {});
      },
      (error) => {
        cancelled = error;
      },
    );
    try {
      await waitFor(() => latest !== null, 'the first value');
      expect(latest).toEqual(['o1']);
      await h().seed({ 'all_orders/o3': validOrder('o3', OTHER_UID), 'all_orders/o4': validOrder('o4', OWNER_UID) });
      await waitFor(() => JSON.stringify(latest) === JSON.stringify(['o1', 'o4']), "the owner's new order o4");
      expect(cancelled).toBeNull();
    } finally {
      unsubscribe();
    }
  });

  test('the owner lists only their own orders, with the data of each', async () => {
    const snap = await listenOnce(query(ref(h().as('owner'), 'all_orders'), orderByChild('buyer'), equalTo(OWNER_UID)));
    expect(snap.val()).toEqual({ o1: validOrder('o1', OWNER_UID) });
  });
});

describe('the order schema (on a copy of the rules with all_orders writable)', () => {
  const h = useRulesHarness('orders-schema', writableOrdersRules());

  const KEY = 'order-1';
  const write = (order: Record<string, unknown>) => set(ref(h().as('owner'), `all_orders/${KEY}`), order);
  const base = () => validOrder(KEY, OWNER_UID);
  const without = (field: string) => {
    const order = base();
    delete order[field];
    return order;
  };

  test('a complete order → allowed', async () => {
    await expectAllowed(write(base()), true);
    expect(await h().peek(`all_orders/${KEY}`)).toEqual(base());
  });

  test('an order with only the required fields (guest, no add-ons, no Stripe id yet) → allowed', async () => {
    const order = base();
    for (const optional of ['buyer', 'modelExistsOn', 'additionalStorage', 'stripeId']) delete order[optional];
    await expectAllowed(write({ ...order, applicationExist: false }), true);
  });

  const required = [
    'product',
    'tier',
    'securitySelected',
    'marketingSelected',
    'applicationExist',
    'productAmount',
    'payment_status',
    'pushKey',
    'createdAt',
  ];
  test.for(required)('without %s → denied', async (field) => {
    await expectAllowed(write(without(field)), false);
  });

  const fieldCases = [
    // Whether a status is accepted is decided by PAYMENT_STATUSES (data-limits.ts).
    ...[...new Set<string>([...PAYMENT_STATUSES, 'unpaid', 'paid', 'expired', 'failed', 'refunded', 'pending', 'canceled'])].map((s) => ({
      field: 'payment_status',
      label: `"${s}"`,
      value: s as unknown,
      allowed: (PAYMENT_STATUSES as readonly string[]).includes(s),
    })),
    { field: 'payment_status', label: '"PAID" (case)', value: 'PAID', allowed: false },
    { field: 'productAmount', label: '0', value: 0, allowed: true },
    { field: 'productAmount', label: '60000000 (600,000.00)', value: 60_000_000, allowed: true },
    { field: 'productAmount', label: '-1', value: -1, allowed: false },
    { field: 'productAmount', label: '12.5 (not whole cents)', value: 12.5, allowed: false },
    { field: 'productAmount', label: '"830000" (a string)', value: '830000', allowed: false },
    { field: 'pushKey', label: 'another key', value: 'order-2', allowed: false },
    { field: 'pushKey', label: 'a number', value: 1, allowed: false },
    { field: 'buyer', label: 'a number', value: 42, allowed: false },
    { field: 'buyer', label: 'an empty string', value: '', allowed: false },
    { field: 'buyer', label: '128 characters', value: 'u'.repeat(128), allowed: true },
    { field: 'buyer', label: '129 characters', value: 'u'.repeat(129), allowed: false },
    { field: 'product', label: 'an empty string', value: '', allowed: false },
    { field: 'product', label: '100 characters', value: 'p'.repeat(100), allowed: true },
    { field: 'product', label: '101 characters', value: 'p'.repeat(101), allowed: false },
    { field: 'tier', label: 'a number', value: 3, allowed: false },
    { field: 'securitySelected', label: '"true" (a string)', value: 'true', allowed: false },
    { field: 'marketingSelected', label: '0', value: 0, allowed: false },
    { field: 'applicationExist', label: '"no" (a string)', value: 'no', allowed: false },
    { field: 'additionalStorage', label: 'true (not a label)', value: true, allowed: false },
    { field: 'additionalStorage', label: 'an empty string', value: '', allowed: false },
    { field: 'stripeId', label: 'an empty string', value: '', allowed: false },
    { field: 'stripeId', label: '255 characters', value: 's'.repeat(255), allowed: true },
    { field: 'stripeId', label: '256 characters', value: 's'.repeat(256), allowed: false },
    { field: 'createdAt', label: 'an ISO string', value: '2026-11-22T04:30:00.000Z', allowed: false },
    { field: 'createdAt', label: '-1', value: -1, allowed: false },
    { field: 'modelExistsOn', label: 'a number', value: 5, allowed: false },
    { field: 'surprise', label: 'an unknown field', value: 'x', allowed: false },
  ].map((c) => ({ ...c, name: `${c.field}: ${c.label} → ${c.allowed ? 'allowed' : 'denied'}` }));
  test.for(named(fieldCases))('%s', async ([, { field, value, allowed }]) => {
    await expectAllowed(write({ ...base(), [field]: value }), allowed);
  });

  test('modelExistsOn while applicationExist is false → denied', async () => {
    await expectAllowed(write({ ...base(), applicationExist: false, modelExistsOn: 'wix' }), false);
  });

  test('the buyer query still works on the writable copy (only .write differs)', async () => {
    await h().seed({ [`all_orders/${KEY}`]: base() });
    await expectAllowed(listenOnce(query(ref(h().as('owner'), 'all_orders'), orderByChild('buyer'), equalTo(OWNER_UID))), true);
  });
});
