// An order's invoices and term notice (docs/decisions/0114-plan-changes-and-proration.md,
// docs/decisions/0115-the-term-ends-unless-renewed.md): written by the functions only, read with the
// order by its buyer (and staff), never by another account; and their shape, tested on a copy of
// the rules with all_orders writable (the functions write with admin access, which skips rules).
import { describe, expect, test } from 'vitest';
import { get, ref, set, update } from 'firebase/database';
import { OTHER_UID, OWNER_UID, expectAllowed, named, useRulesHarness, validOrder, writableOrdersRules } from './rules.testing';

const ORDER = 'order-1';
const INVOICE = 'in_1PqR2s';

function invoice(): Record<string, unknown> {
  return {
    number: 'LEOPARD-0001',
    createdAt: 1_795_000_000_000,
    total: 10_875_00,
    tax: 875_00,
    amountPaid: 10_875_00,
    amountDue: 10_875_00,
    status: 'paid',
    hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_abc',
    invoicePdf: 'https://pay.stripe.com/invoice/acct_1/test_abc/pdf',
    billingReason: 'subscription_update',
    periodStart: 1_795_000_000_000,
    periodEnd: 1_797_600_000_000,
    fetchedAt: 1_795_000_000_500,
  };
}

const notice = () => ({ termEndsAt: 1_826_000_000_000, sentAt: 1_824_800_000_000 });

function billedOrder(buyer: string): Record<string, unknown> {
  return { ...validOrder(ORDER, buyer), invoices: { [INVOICE]: invoice() }, termNotice: notice() };
}

describe('invoices and termNotice under the real rules', () => {
  const h = useRulesHarness('order-billing-access');

  test('the buyer reads them with the order; another account cannot', async () => {
    await h().seed({ [`all_orders/${ORDER}`]: billedOrder(OWNER_UID) });
    const own = await get(ref(h().as('owner'), `all_orders/${ORDER}`));
    expect(own.val()).toMatchObject({ invoices: { [INVOICE]: invoice() }, termNotice: notice() });
    await expectAllowed(get(ref(h().as('owner'), `all_orders/${ORDER}/invoices/${INVOICE}`)), true);
    await expectAllowed(get(ref(h().as('another user'), `all_orders/${ORDER}/invoices`)), false);
    await expectAllowed(get(ref(h().as('signed out'), `all_orders/${ORDER}/termNotice`)), false);
  });

  const writes = [
    { name: 'the buyer adds an invoice', path: `all_orders/${ORDER}/invoices/in_forged`, value: invoice() },
    { name: 'the buyer marks an invoice paid', path: `all_orders/${ORDER}/invoices/${INVOICE}/status`, value: 'paid' },
    { name: 'the buyer lowers an invoice total', path: `all_orders/${ORDER}/invoices/${INVOICE}/total`, value: 0 },
    { name: 'the buyer removes the term notice', path: `all_orders/${ORDER}/termNotice`, value: null },
    { name: 'the buyer moves the term notice', path: `all_orders/${ORDER}/termNotice/termEndsAt`, value: 1 },
  ];
  test.for(named(writes))('%s → denied', async ([, { path, value }]) => {
    await h().seed({ [`all_orders/${ORDER}`]: billedOrder(OWNER_UID) });
    await expectAllowed(set(ref(h().as('owner'), path), value), false);
    await expectAllowed(update(ref(h().as('another user'), `all_orders/${ORDER}`), { termNotice: notice() }), false);
    expect(await h().peek(`all_orders/${ORDER}`)).toEqual(billedOrder(OWNER_UID));
  });

  test('nobody else writes another account’s order either', async () => {
    await h().seed({ [`all_orders/${ORDER}`]: billedOrder(OTHER_UID) });
    await expectAllowed(set(ref(h().as('owner'), `all_orders/${ORDER}/invoices/${INVOICE}/amountPaid`), 0), false);
  });
});

describe('the shape of invoices and termNotice (on a copy of the rules with all_orders writable)', () => {
  const h = useRulesHarness('order-billing-schema', writableOrdersRules());
  const write = (order: Record<string, unknown>) => set(ref(h().as('owner'), `all_orders/${ORDER}`), order);
  const withInvoice = (changes: Record<string, unknown>, id = INVOICE) => {
    const entry: Record<string, unknown> = { ...invoice(), ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === undefined) delete entry[key];
    return { ...validOrder(ORDER, OWNER_UID), invoices: { [id]: entry } };
  };

  test('a complete invoice, a draft without number or links, a credit (negative total) → allowed', async () => {
    await expectAllowed(write(billedOrder(OWNER_UID)), true);
    await expectAllowed(
      write(withInvoice({ number: undefined, hostedInvoiceUrl: undefined, invoicePdf: undefined, status: 'draft', amountPaid: 0 })),
      true,
    );
    await expectAllowed(write(withInvoice({ total: -2_500_00, tax: -200_00, amountDue: 0, amountPaid: 0 })), true);
  });

  const bad = [
    { name: 'an id that is not an invoice id', order: () => withInvoice({}, 'ch_1') },
    { name: 'a missing fetchedAt', order: () => withInvoice({ fetchedAt: undefined }) },
    { name: 'a status Stripe has not', order: () => withInvoice({ status: 'refunded' }) },
    { name: 'cents with a fraction', order: () => withInvoice({ total: 10.5 }) },
    { name: 'a negative amount paid', order: () => withInvoice({ amountPaid: -1 }) },
    { name: 'a javascript: link', order: () => withInvoice({ hostedInvoiceUrl: 'javascript:alert(1)' }) },
    { name: 'a field the record has not', order: () => withInvoice({ customerEmail: 'a@b.example' }) },
    { name: 'a term notice without sentAt', order: () => ({ ...validOrder(ORDER, OWNER_UID), termNotice: { termEndsAt: 1 } }) },
    {
      name: 'a term notice with an extra field',
      order: () => ({ ...validOrder(ORDER, OWNER_UID), termNotice: { ...notice(), renewed: true } }),
    },
  ];
  test.for(named(bad))('%s → denied', async ([, { order }]) => {
    await expectAllowed(write(order()), false);
  });
});
