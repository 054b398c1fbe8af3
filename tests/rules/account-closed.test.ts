// account_deletions/ and marketing_optouts/ belong to the functions alone
// (docs/decisions/0119-account-deletion-and-retention.md, docs/decisions/0121-consent-and-unsubscribe.md):
// every actor of the staff cast, the person a record is about included, is refused every read,
// listen and write, and the stored data stays as it was.
import { get, ref, remove, set, update } from 'firebase/database';
import { describe, test } from 'vitest';
import { allow, deny, useRulesHarness, validOrder, writableOrdersRules } from './rules.testing';
import { accessMatrix, listenOnce, type MatrixRow } from './matrix.testing';
import { NOBODY, STAFF_CAST, staffActorUid, type StaffActor } from './staff-cast.testing';

const DELETION = 'a'.repeat(64);
const OPTOUT = 'b'.repeat(64);
const SEEDED = {
  [`account_deletions/${DELETION}`]: { uidHash: DELETION, finishedAt: 1_795_000_000_000 },
  [`marketing_optouts/${OPTOUT}`]: { receiveAnnouncements: 1_795_000_000_000 },
};

function rows(node: 'account_deletions' | 'marketing_optouts', key: string, record: Record<string, unknown>): MatrixRow<StaffActor>[] {
  const path = `${node}/${key}`;
  return [
    { op: 'read the list (get)', seed: SEEDED, run: (db) => get(ref(db, node)), allowed: NOBODY },
    { op: 'read one record (get)', seed: SEEDED, run: (db) => get(ref(db, path)), allowed: NOBODY },
    { op: 'listen to one record (onValue)', seed: SEEDED, run: (db) => listenOnce(ref(db, path)), allowed: NOBODY },
    { op: 'create a record (set)', run: (db) => set(ref(db, `${node}/${'c'.repeat(64)}`), record), allowed: NOBODY, target: node },
    {
      op: "create a record keyed by the caller's own uid (set)",
      run: (db, actor) => set(ref(db, `${node}/${staffActorUid(actor)}`), record),
      allowed: NOBODY,
      target: node,
    },
    { op: 'change a record (update)', seed: SEEDED, run: (db) => update(ref(db, path), record), allowed: NOBODY, target: path },
    { op: 'delete a record (remove)', seed: SEEDED, run: (db) => remove(ref(db, path)), allowed: NOBODY, target: path },
    { op: 'delete the list (set null)', seed: SEEDED, run: (db) => set(ref(db, node), null), allowed: NOBODY, target: node },
  ];
}

accessMatrix(
  'account-closed',
  [
    { path: 'account_deletions/{uid hash}', rows: rows('account_deletions', DELETION, { uidHash: 'c'.repeat(64), finishedAt: 1 }) },
    { path: 'marketing_optouts/{email hash}', rows: rows('marketing_optouts', OPTOUT, { receiveAppsMusicTV: 1 }) },
  ],
  STAFF_CAST,
);

// The order an account's deletion leaves behind is the order's documented shape: what accounting
// keeps, no buyer, no email, and when they went. Tested as staff-schema.test.ts tests what the
// functions write: on a copy of the rules with all_orders' writes opened, everything else as deployed.
describe('an order after its buyer deleted their account', () => {
  const h = useRulesHarness('account-anonymised-order', writableOrdersRules());
  const anonymised = () => {
    const order = validOrder('-Nanonymised000000001', null);
    delete order.customerEmail;
    return { ...order, personalDataRemovedAt: 1_795_000_000_000 };
  };

  test('fits the order’s shape', async () => {
    await allow(set(ref(h().as('owner'), 'all_orders/-Nanonymised000000001'), anonymised()));
  });

  test.for([-1, 1.5, '1795000000000', true])('refuses personalDataRemovedAt %j', async (value) => {
    await deny(set(ref(h().as('owner'), 'all_orders/-Nanonymised000000001'), { ...anonymised(), personalDataRemovedAt: value }));
  });
});
