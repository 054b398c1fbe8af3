// The records `npm run bench:scale` seeds (scripts/bench/scale-records.ts) are the records the
// server writes: each is written here through the rules, on the copy of database.rules.json in
// which only the writes are opened (as tests/rules/staff-schema.test.ts does), so every field's
// .validate and "$other" judge it as deployed. A benchmark of records the rules would refuse would
// measure another product.
import { describe, expect, test } from 'vitest';
import { ref, serverTimestamp, set } from 'firebase/database';
import { SUBMISSION_INDEX_FIELDS } from '../../src/data/list-index';
import { buildCustomer, buildOrder, buildSubmission } from '../../scripts/bench/scale-records';
import { allow, named, parseRules, useRulesHarness, writableSubmissionsRules, type RulesNode } from './rules.testing';

const rules = writableSubmissionsRules(parseRules());
(rules.rules.all_orders as RulesNode)['.write'] = true;
const h = useRulesHarness('bench-seed', JSON.stringify(rules, null, 2));

/** The fields the paged lists add beside the records (the index fields, an order's trade-in state),
 *  whose rules come with the server's index (docs/decisions/0108-staff-console.md). A field of
 *  these the rules file does not name yet is left out of the write; any other unnamed field fails. */
const INDEX_FIELDS: readonly string[] = [...SUBMISSION_INDEX_FIELDS, 'tradeInState'];

function asTheRulesNameThem(node: RulesNode, record: object): Record<string, unknown> {
  const kept = Object.entries(record).filter(([field]) => field in node || !INDEX_FIELDS.includes(field));
  return Object.fromEntries(kept);
}

const NOW = Date.UTC(2026, 10, 29, 12);
const TOTAL = 1000;
const recordRules = (...path: string[]) => path.reduce((node, key) => node[key] as RulesNode, rules.rules);

describe('submissions as bench:scale seeds them', () => {
  // Forty in a row: every list of the cycle, every state.
  const seeded = Array.from({ length: 40 }, (_, i) => buildSubmission(i, TOTAL, NOW));
  test.for(named(seeded.map((s, i) => ({ name: `#${i}: ${s.group} ${String(s.record.status)}`, s }))))(
    '%s passes .validate',
    async ([, { s }]) => {
      const record = asTheRulesNameThem(recordRules('submissions', s.kind, '$id'), s.record);
      // submitForm stores the server's time (the rules ask for `now`); the seed backdates it.
      await allow(set(ref(h().as('owner'), `submissions/${s.kind}/${s.key}`), { ...record, createdAt: serverTimestamp() }));
    },
  );
});

describe('orders as bench:scale seeds them', () => {
  // Sixty in a row: paid, canceled, past due, unpaid and expired, with and without a trade-in in each state.
  const seeded = Array.from({ length: 60 }, (_, i) => buildOrder(i, 600, 60, NOW));
  test('they cover every trade-in state and payment state', () => {
    expect(new Set(seeded.map((o) => o.record.tradeInState))).toEqual(new Set([undefined, 'awaiting', 'credited', 'declined']));
    expect(new Set(seeded.map((o) => o.record.payment_status))).toEqual(new Set(['paid', 'unpaid', 'expired']));
  });
  test.for(named(seeded.map((o, i) => ({ name: `#${i}: ${o.record.payment_status} ${o.record.tradeInState ?? ''}`, o }))))(
    '%s passes .validate',
    async ([, { o }]) => {
      await allow(set(ref(h().as('owner'), `all_orders/${o.key}`), asTheRulesNameThem(recordRules('all_orders', '$orderId'), o.record)));
    },
  );
});

test('an account as bench:scale seeds it: its owner may write the profile, every field as sign-up writes it', async () => {
  for (const i of [0, 1, 2]) {
    const { uid, user } = buildCustomer(i, 100, NOW);
    await allow(set(ref(h().user(uid, { email: user.email as string, email_verified: true }), `users/${uid}`), user));
  }
});
