import { describe, expect, it } from 'vitest';
import { inRenewWindow, RENEW_WINDOW_DAYS } from '../catalog/term';
import { canRenew, invoiceStatus, isChangeablePlan, ordersWithTermNotice, termEndOf } from './order-display';
import { toOrders, type OrderInvoiceRecord, type StoredOrder } from './orders';

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 9, 30);
const TERM_END = T0 + 365 * DAY_MS;

/** A paid, active monthly Gold plan as the webhook leaves it, with `fields` on top. */
function stored(fields: StoredOrder = {}): StoredOrder {
  return {
    product: 'websites',
    tier: 'gold',
    securitySelected: false,
    marketingSelected: false,
    applicationExist: false,
    productAmount: 1_500_000,
    payment_status: 'paid',
    billingPeriod: 'monthly',
    amountPerPeriod: 1_500_000,
    termPayments: 12,
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    subscriptionStatus: 'active',
    paymentsMade: 2,
    currentPeriodEnd: T0 + 60 * DAY_MS,
    termEndsAt: TERM_END,
    createdAt: T0,
    ...fields,
  };
}

const read = (fields: StoredOrder, id = '-Order00000000000001') => toOrders({ [id]: stored(fields) })[0]!;

function invoice(fields: Partial<OrderInvoiceRecord> = {}): OrderInvoiceRecord {
  return {
    number: 'LEOPARD-0001',
    createdAt: T0,
    total: 1_608_750,
    tax: 108_750,
    amountPaid: 1_608_750,
    amountDue: 1_608_750,
    status: 'paid',
    hostedInvoiceUrl: 'http://127.0.0.1:12111/i/in_1',
    invoicePdf: 'http://127.0.0.1:12111/i/in_1/pdf',
    billingReason: 'subscription_create',
    periodStart: T0,
    periodEnd: T0 + 30 * DAY_MS,
    fetchedAt: T0 + 1,
    ...fields,
  };
}

describe('the invoices of an order', () => {
  it('lists them newest first with number, date, amounts, status and links', () => {
    const order = read({
      invoices: {
        in_first: invoice(),
        in_change: invoice({
          number: 'LEOPARD-0002',
          createdAt: T0 + 10 * DAY_MS,
          total: 500_000,
          tax: 0,
          billingReason: 'subscription_update',
        }),
      },
    });
    expect(order.invoices).toEqual([
      {
        id: 'in_change',
        number: 'LEOPARD-0002',
        createdAt: T0 + 10 * DAY_MS,
        total: 500_000,
        tax: 0,
        status: 'paid',
        hostedInvoiceUrl: 'http://127.0.0.1:12111/i/in_1',
        invoicePdf: 'http://127.0.0.1:12111/i/in_1/pdf',
      },
      expect.objectContaining({ id: 'in_first', number: 'LEOPARD-0001', total: 1_608_750, tax: 108_750 }),
    ]);
  });

  it('keeps a credit (a negative total) and a draft without number or links', () => {
    const [draft, credit] = read({
      invoices: {
        in_credit: invoice({ total: -250_000, tax: 0 }),
        in_draft: { ...invoice({ status: 'draft', createdAt: T0 + DAY_MS }), number: null, hostedInvoiceUrl: null, invoicePdf: null },
      },
    }).invoices;
    expect(draft).toMatchObject({ id: 'in_draft', number: null, status: 'draft', hostedInvoiceUrl: null, invoicePdf: null });
    expect(credit).toMatchObject({ id: 'in_credit', total: -250_000 });
  });

  it('drops links that are not web addresses and entries that cannot be shown', () => {
    const order = read({
      invoices: {
        in_script: invoice({ hostedInvoiceUrl: 'javascript:alert(1)', invoicePdf: 'data:application/pdf;base64,JVBERi0=' }),
        in_status: { ...invoice(), status: 'refunded' as never },
        in_amount: invoice({ total: 12.5 }),
        in_date: { ...invoice(), createdAt: 'yesterday' as never },
        in_text: 'LEOPARD-0009' as never,
      },
    });
    expect(order.invoices).toHaveLength(1);
    expect(order.invoices[0]).toMatchObject({ id: 'in_script', hostedInvoiceUrl: null, invoicePdf: null });
    expect(read({}).invoices).toEqual([]);
  });

  it('says each status in words', () => {
    const charge = { total: 1_500_000, tax: 0 };
    expect(invoiceStatus({ ...charge, status: 'paid' })).toEqual({ label: 'Paid', tone: 'good' });
    expect(invoiceStatus({ ...charge, status: 'open' })).toEqual({ label: 'Open', tone: 'waiting' });
    expect(invoiceStatus({ ...charge, status: 'void' })).toEqual({ label: 'Void', tone: 'over' });
    expect(invoiceStatus({ ...charge, status: 'uncollectible' })).toEqual({ label: 'Uncollectible', tone: 'failed' });
  });

  it("says a paid credit (a downgrade's negative total) went to the balance, and keeps its negative tax", () => {
    const order = read({ invoices: { in_credit: invoice({ total: -80_438, tax: -5_438, amountPaid: 0, amountDue: 0 }) } });
    expect(order.invoices[0]).toMatchObject({ total: -80_438, tax: -5_438 });
    expect(invoiceStatus(order.invoices[0]!)).toEqual({ label: 'To your balance', tone: 'good' });
    expect(invoiceStatus({ ...order.invoices[0]!, status: 'void' })).toEqual({ label: 'Void', tone: 'over' });
  });
});

describe('the term of an order', () => {
  it('is shown for a plan that runs to it, not for one canceled earlier, ended or never paid', () => {
    expect(termEndOf(read({}))).toBe(TERM_END);
    expect(termEndOf(read({ subscriptionStatus: 'past_due' }))).toBe(TERM_END);
    expect(termEndOf(read({ cancelAt: T0 + 40 * DAY_MS }))).toBeNull();
    expect(termEndOf(read({ subscriptionStatus: 'canceled', endedAt: T0 + 40 * DAY_MS }))).toBeNull();
    expect(termEndOf(read({ subscriptionId: undefined, subscriptionStatus: undefined, payment_status: 'unpaid' }))).toBeNull();
  });

  it('can be renewed only in its last 30 days', () => {
    const order = read({});
    expect(canRenew(order, TERM_END - RENEW_WINDOW_DAYS * DAY_MS - 1)).toBe(false);
    expect(canRenew(order, TERM_END - RENEW_WINDOW_DAYS * DAY_MS)).toBe(true);
    expect(canRenew(order, TERM_END - 1)).toBe(true);
    expect(canRenew(order, TERM_END)).toBe(false);
    expect(inRenewWindow(TERM_END, TERM_END + DAY_MS)).toBe(false);
    expect(canRenew(read({ cancelAt: TERM_END - DAY_MS }), TERM_END - 2 * DAY_MS)).toBe(false);
  });

  it('lets an active plan of the catalogue change, not magento, a past-due or a canceled one', () => {
    expect(isChangeablePlan(read({}))).toBe(true);
    expect(isChangeablePlan(read({ tier: 'magento' }))).toBe(false);
    expect(isChangeablePlan(read({ subscriptionStatus: 'past_due' }))).toBe(false);
    expect(isChangeablePlan(read({ cancelAt: T0 + 40 * DAY_MS }))).toBe(false);
    expect(isChangeablePlan(read({ subscriptionId: undefined }))).toBe(false);
  });
});

describe('term notices on the dashboard', () => {
  const noticeFor = (termEndsAt: number) => ({ termNotice: { termEndsAt, sentAt: termEndsAt - 14 * DAY_MS } });

  it('shows a notice while its date is ahead', () => {
    const orders = toOrders({
      '-Order00000000000001': stored(noticeFor(TERM_END)),
      '-Order00000000000002': stored({ createdAt: T0 + 1 }),
    });
    expect(ordersWithTermNotice(orders, TERM_END - DAY_MS).map((order) => order.id)).toEqual(['-Order00000000000001']);
    expect(ordersWithTermNotice(orders, TERM_END)).toEqual([]);
  });

  it('drops the notice of a term since renewed, and of a plan no longer live', () => {
    const renewed = read({ ...noticeFor(TERM_END), termEndsAt: TERM_END + 365 * DAY_MS });
    expect(ordersWithTermNotice([renewed], TERM_END - DAY_MS)).toEqual([]);
    const canceled = read({ ...noticeFor(TERM_END), subscriptionStatus: 'canceled', endedAt: TERM_END - 2 * DAY_MS });
    expect(ordersWithTermNotice([canceled], TERM_END - DAY_MS)).toEqual([]);
  });

  it('ignores a malformed notice', () => {
    expect(read({ termNotice: { termEndsAt: 'soon', sentAt: 1 } as never }).termNotice).toBeNull();
    expect(read(noticeFor(TERM_END)).termNotice).toEqual({ termEndsAt: TERM_END, sentAt: TERM_END - 14 * DAY_MS });
  });
});
