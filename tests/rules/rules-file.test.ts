// The shape of database.rules.json itself: it parses (with its comments), nothing is granted at the
// root, the buyer query has its index, and every validated record lists exactly the fields of the
// data model and rejects the rest.
import { describe, expect, test } from 'vitest';
import { SUBMISSION_KINDS, SUBMISSION_QUOTA } from '../../src/config/data-limits';
import type { OrderSubscription } from '../../src/catalog/subscription';
import { RULES_TEXT, named, parseRules, type RulesNode } from './helpers';

const rules = parseRules().rules;
const node = (...path: string[]): RulesNode => {
  let n: RulesNode = rules;
  for (const key of path) {
    const next = n[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) throw new Error(`no rules at ${path.join('/')}`);
    n = next;
  }
  return n;
};
/** Every field of OrderSubscription, so that a field added there and not to the rules fails here. */
const SUBSCRIPTION_FIELDS: Record<keyof OrderSubscription, true> = {
  billingPeriod: true,
  amountPerPeriod: true,
  termPayments: true,
  subscriptionId: true,
  customerId: true,
  subscriptionStatus: true,
  paymentsMade: true,
  currentPeriodEnd: true,
  termEndsAt: true,
  cancelAt: true,
  endedAt: true,
};
const fieldsOf = (n: RulesNode) =>
  Object.keys(n)
    .filter((k) => !k.startsWith('.') && !k.startsWith('$'))
    .sort();

describe('database.rules.json', () => {
  test('parses as JSON with comments and documents its blocks with // comments', () => {
    expect(rules).toBeTypeOf('object');
    expect(RULES_TEXT.match(/^\s*\/\/ /gm)?.length ?? 0).toBeGreaterThan(20);
  });

  test('grants nothing at the root, and names only the data model’s nodes', () => {
    expect(rules['.read']).toBeUndefined();
    expect(rules['.write']).toBeUndefined();
    expect(Object.keys(rules).sort()).toEqual(['all_orders', 'billing', 'customers', 'submission_quota', 'submissions', 'users']);
  });

  test('the quota numbers are SUBMISSION_QUOTA of data-limits.ts', () => {
    const rule = String(node('submission_quota', '$uid', '$kind')['.validate']);
    expect(rule).toContain(`+ ${SUBMISSION_QUOTA.windowMs} <= now`);
    expect(rule).toContain(`<= ${SUBMISSION_QUOTA.max}))`);
    for (const kind of SUBMISSION_KINDS) {
      expect(String(node('submissions', kind, '$id')['.validate'])).toContain(`child('${kind}').child('lastId').val() == $id`);
    }
  });

  test("all_orders is indexed on 'buyer' and 'customerEmail' and not writable", () => {
    const indexOn = node('all_orders')['.indexOn'];
    expect(Array.isArray(indexOn) ? indexOn : [indexOn]).toEqual(expect.arrayContaining(['buyer', 'customerEmail']));
    expect(node('all_orders')['.write']).toBe(false);
  });

  const schemas: Array<{ path: string[]; fields: string[] }> = [
    {
      path: ['users', '$uid'],
      fields: [
        'firstName',
        'lastName',
        'email',
        'phoneNumber',
        'address',
        'country',
        'birthDate',
        'verificationMethod',
        'receiveAnnouncements',
        'receiveAppsMusicTV',
        'emailVerified',
        'createdAt',
      ],
    },
    {
      path: ['all_orders', '$orderId'],
      fields: [
        'product',
        'tier',
        'securitySelected',
        'marketingSelected',
        'applicationExist',
        'modelExistsOn',
        'additionalStorage',
        'productAmount',
        'payment_status',
        'buyer',
        'pushKey',
        'stripeId',
        'createdAt',
        // The subscription: src/catalog/subscription.ts OrderSubscription, plus the buyer's email.
        ...Object.keys(SUBSCRIPTION_FIELDS),
        'customerEmail',
        'subscriptionFetchedAt',
      ],
    },
    { path: ['submissions', 'contact', '$id'], fields: ['name', 'email', 'phone', 'city', 'message', 'createdAt', 'page'] },
    { path: ['submissions', 'waitlist', '$id'], fields: ['full__name', 'email', 'createdAt', 'page'] },
    { path: ['submissions', 'preorder', '$id'], fields: ['full__name', 'email', 'createdAt', 'page'] },
    { path: ['submission_quota', '$uid', '$kind'], fields: ['count', 'windowStart', 'lastId'] },
  ];
  const rows = schemas.map((s) => ({
    ...s,
    name: `${s.path.join('/')}: exactly the data-model fields, each validated, $other rejected`,
  }));
  test.for(named(rows))('%s', ([, { path, fields }]) => {
    const n = node(...path);
    expect(fieldsOf(n)).toEqual([...fields].sort());
    for (const f of fields) expect(typeof node(...path, f)['.validate'], `${f} has a .validate`).toBe('string');
    expect(node(...path, '$other')['.validate']).toBe(false);
  });
});
