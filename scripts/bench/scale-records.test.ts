import { describe, expect, test } from 'vitest';
import { isEndedSubscriptionStatus } from '../../src/catalog/subscription';
import { emailKey, searchKey, submissionIndex, SUBMISSION_INDEX_FIELDS } from '../../src/data/list-index';
import { isOrderId } from '../../src/data/orders';
import { SUBMISSION_STATUSES } from '../../src/data/staff';
import { declaredTradeIn } from '../../src/data/trade-in';
import { buildCustomer, buildOrder, buildSubmission, countOrders, countSubmission, emptyTotals, figuresOf } from './scale-records';

const NOW = Date.UTC(2026, 10, 29, 12);

describe('sign-ups', () => {
  const total = 2000;
  const seeded = Array.from({ length: total }, (_, i) => buildSubmission(i, total, NOW));

  test('are spread over every list, both programmes, in every state', () => {
    const seen = new Set(seeded.map((s) => `${s.group} ${String(s.record.status)}`));
    for (const group of ['open-access', 'builder'])
      for (const status of SUBMISSION_STATUSES.waitlist) expect(seen).toContain(`${group} ${status}`);
    for (const status of SUBMISSION_STATUSES.contact) expect(seen).toContain(`contact ${status}`);
    for (const status of SUBMISSION_STATUSES.preorder) expect(seen).toContain(`preorder ${status}`);
  });

  test('carry the index fields the server writes, from their own fields', () => {
    for (const { kind, record } of seeded) {
      const name = (kind === 'contact' ? record.name : record.full__name) as string;
      const expected = submissionIndex({
        kind,
        programme: record.programme,
        status: record.status as string,
        email: record.email as string,
        name,
      });
      expect(Object.fromEntries(SUBMISSION_INDEX_FIELDS.map((field) => [field, record[field]]))).toEqual(expected);
    }
  });

  test('are keyed by push ids in the order they were sent, each key once, all in the past', () => {
    const keys = seeded.map((s) => s.key);
    expect(new Set(keys).size).toBe(total);
    expect([...keys].sort()).toEqual(keys);
    expect(seeded.map((s) => s.record.createdAt as number).every((at, i, all) => at < NOW && (i === 0 || at > all[i - 1]!))).toBe(true);
  });

  test('give the same record on every run', () => {
    expect(buildSubmission(17, total, NOW)).toEqual(seeded[17]);
  });

  test('are counted per kind and per programme as the counters count them', () => {
    const totals = emptyTotals();
    for (const { kind, record } of seeded) countSubmission(totals, kind, record);
    const of = (group: string, status: string) => seeded.filter((s) => s.group === group && s.record.status === status).length;
    expect(totals.counters.waitlist.new).toBe(of('open-access', 'new') + of('builder', 'new'));
    expect(totals.groups.builder!.contacted).toBe(of('builder', 'contacted'));
    expect(totals.counters.preorder.declined).toBe(of('preorder', 'declined'));
    expect(
      Object.values(totals.counters)
        .flatMap(Object.values)
        .reduce((a, b) => a + b, 0),
    ).toBe(total);
  });
});

describe('orders', () => {
  const seeded = Array.from({ length: 700 }, (_, i) => buildOrder(i, 700, 70, NOW));

  test('carry the trade-in state the trade-ins page shows, and only with a declared trade-in', () => {
    for (const { record } of seeded) {
      expect(record.applicationExist).toBe(record.tradeInState !== undefined);
      expect(declaredTradeIn(record)?.state).toBe(record.tradeInState);
    }
    expect(seeded.filter((o) => o.record.tradeInState).length).toBe(100);
  });

  test('are keyed as the checkout keys them, buyers among the seeded accounts or guests', () => {
    for (const { key, record } of seeded) {
      expect(isOrderId(key)).toBe(true);
      expect(record.pushKey).toBe(key);
      if (record.buyer !== undefined) expect(record.buyer).toMatch(/^bench-customer-00000[0-6][0-9]$/);
    }
    expect(seeded.some((o) => o.record.buyer === undefined)).toBe(true);
  });

  test('make the figures the Overview shows: live plans, and yearly ones at a twelfth', () => {
    const totals = emptyTotals();
    for (const { key, record } of seeded) countOrders(totals.plans, { [key]: record });
    const live = seeded.filter((o) => o.record.subscriptionStatus && !isEndedSubscriptionStatus(o.record.subscriptionStatus));
    const sum = (period: string) =>
      live.filter((o) => o.record.billingPeriod === period).reduce((cents, o) => cents + o.record.amountPerPeriod, 0);
    expect(figuresOf(totals)).toEqual({
      activePlans: live.length,
      mrrCents: sum('monthly') + Math.round(sum('yearly') / 12),
      customers: 0,
    });
    expect(live.length).toBeGreaterThan(0);
  });
});

test('an account has its customer_index line, searchable by its normalised address and name', () => {
  const { uid, user, entry } = buildCustomer(3, 100, NOW);
  expect(uid).toBe('bench-customer-0000003');
  expect(entry).toEqual({
    name: `${String(user.firstName)} ${String(user.lastName)}`,
    email: user.email,
    at: Date.parse(user.createdAt as string),
    e: emailKey(user.email as string),
    n: searchKey(`${String(user.firstName)} ${String(user.lastName)}`),
  });
});
