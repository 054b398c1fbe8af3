// creditTradeIn against the database emulator (firebase-admin) and the Stripe stand-in (the real
// `stripe` SDK): the catalogue's trade-in reward goes to the customer's Stripe balance once —
// pressed twice, in racing calls, or retried after a crash between the steps — and the next
// invoice takes it.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { TRADE_IN_REWARD_CENTS } from '../../../src/catalog/add-ons';
import { orderPath } from '../../../src/data/orders';
import { read, settled } from '../testing/backends.testing';
import { startCheckout, useHarness, type Created, buy } from '../checkout/store.testing';
import { creditTradeIn, declineTradeIn, tradeInIdempotencyKey, type TradeInOutcome } from './trade-in-credit';

const harness = useHarness('trade-in-credit');

const ADMIN = 'uid-admin';
const NOW = Date.UTC(2026, 10, 26, 12);

const deps = (stripe: Stripe = harness.stripe) => ({ database: harness.database, stripe, now: () => NOW });

/** A signed-in buyer's paid plan that declared a Shopify application to trade in. */
async function paidOrder(tradeIn: 'shopify' | null = 'shopify'): Promise<{ created: Created; customerId: string }> {
  const account = harness.signIn();
  const created = await buy(harness, { tradeIn }, { account });
  const customerId = (await read<{ customerId: string }>(harness.database, orderPath(created.orderId)))!.customerId;
  return { created, customerId };
}

async function adjustments(customerId: string): Promise<Stripe.CustomerBalanceTransaction[]> {
  return (await harness.stripe.customers.listBalanceTransactions(customerId)).data.filter((entry) => entry.type === 'adjustment');
}

async function balance(customerId: string): Promise<number> {
  return ((await harness.stripe.customers.retrieve(customerId)) as Stripe.Customer).balance;
}

const tradeInOf = (orderId: string) => read(harness.database, `${orderPath(orderId)}/tradeIn`);

/** The orders the console's trade-ins page finds in one state: its query (src/data/order-index-fields.ts). */
async function listedAs(state: string): Promise<string[]> {
  const page = await harness.database.ref('all_orders').orderByChild('tradeInState').equalTo(state).get();
  return Object.keys((page.val() ?? {}) as object);
}

describe('creditTradeIn', () => {
  it('credits the catalogue’s reward once; the next invoice takes it; pressing again changes nothing', async () => {
    const { created, customerId } = await paidOrder();
    const outcome = await creditTradeIn(deps(), created.orderId, ADMIN);
    expect(outcome).toEqual({
      outcome: 'credited',
      tradeIn: {
        status: 'credited',
        amount: TRADE_IN_REWARD_CENTS,
        balanceTransactionId: expect.stringMatching(/^cbtxn_/),
        creditedAt: NOW,
        creditedBy: ADMIN,
      },
    });
    expect(await tradeInOf(created.orderId)).toEqual((outcome as Extract<TradeInOutcome, { outcome: 'credited' }>).tradeIn);
    const [credit] = await adjustments(customerId);
    expect(credit).toMatchObject({ amount: -TRADE_IN_REWARD_CENTS, currency: 'usd', metadata: { orderId: created.orderId } });
    expect(await balance(customerId)).toBe(-TRADE_IN_REWARD_CENTS);

    const again = await creditTradeIn({ ...deps(), now: () => NOW + 1000 }, created.orderId, 'uid-other-admin');
    expect(again).toEqual({ outcome: 'already-credited', tradeIn: await tradeInOf(created.orderId) });
    expect(await adjustments(customerId)).toHaveLength(1);

    // "On your first invoice after we confirm": the renewal takes the credit.
    const customer = (await harness.stripe.customers.retrieve(customerId)) as Stripe.Customer;
    const subscription = (await harness.stripe.subscriptions.list({ customer: customerId })).data[0];
    const periodEnd = subscription.items.data[0].current_period_end;
    await harness.stripe.testHelpers.testClocks.advance(customer.test_clock as string, { frozen_time: periodEnd + 3600 });
    await expect
      .poll(async () => (await harness.stripe.testHelpers.testClocks.retrieve(customer.test_clock as string)).status, { timeout: 10_000 })
      .toBe('ready');
    await settled(harness.standIn);
    const [renewal] = (await harness.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', starting_balance: -TRADE_IN_REWARD_CENTS, status: 'paid' });
    expect(renewal.amount_due).toBe(renewal.total - TRADE_IN_REWARD_CENTS);
    expect(await balance(customerId)).toBe(0);
  });

  it('credits once when several admins press at the same time', async () => {
    const { created, customerId } = await paidOrder();
    const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => creditTradeIn(deps(), created.orderId, `uid-admin-${i}`)));
    expect(outcomes.filter((outcome) => outcome.outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'already-credited')).toHaveLength(4);
    const ids = new Set(outcomes.map((outcome) => ('tradeIn' in outcome ? outcome.tradeIn.balanceTransactionId : null)));
    expect(ids.size).toBe(1);
    expect(await adjustments(customerId)).toHaveLength(1);
    expect(await balance(customerId)).toBe(-TRADE_IN_REWARD_CENTS);
  });

  it('a retry after a crash once Stripe credited (the order still crediting) credits nothing more', async () => {
    const { created, customerId } = await paidOrder();
    // The process dies right after Stripe answered, before the order says credited.
    const crashing = new Proxy(harness.stripe, {
      get(target, key) {
        if (key !== 'customers') return Reflect.get(target, key, target) as unknown;
        return new Proxy(target.customers, {
          get(customers, name) {
            const value = Reflect.get(customers, name, customers) as unknown;
            if (name !== 'createBalanceTransaction' || typeof value !== 'function')
              return typeof value === 'function' ? value.bind(customers) : value;
            return async (...args: unknown[]) => {
              await (value as (...a: unknown[]) => Promise<unknown>).apply(customers, args);
              throw new Error('the process died');
            };
          },
        });
      },
    });
    await expect(creditTradeIn(deps(crashing), created.orderId, ADMIN)).rejects.toThrow('the process died');
    expect(await tradeInOf(created.orderId)).toMatchObject({ status: 'crediting', amount: TRADE_IN_REWARD_CENTS, claimedBy: ADMIN });
    expect(await adjustments(customerId)).toHaveLength(1);

    const retried = await creditTradeIn(deps(), created.orderId, ADMIN);
    expect(retried.outcome).toBe('credited');
    const [credit] = await adjustments(customerId);
    expect(await adjustments(customerId)).toHaveLength(1);
    expect(retried).toMatchObject({ tradeIn: { balanceTransactionId: credit.id } });
    expect(await balance(customerId)).toBe(-TRADE_IN_REWARD_CENTS);
  });

  it('the trade-ins page lists the order under its trade-in’s state at every step: awaiting, crediting, credited; declined', async () => {
    const { created } = await paidOrder();
    const { created: declined } = await paidOrder('shopify');
    const { created: none } = await paidOrder(null);
    expect((await listedAs('awaiting')).sort()).toEqual([created.orderId, declined.orderId].sort());
    expect(await read(harness.database, `${orderPath(none.orderId)}/tradeInState`)).toBeNull();

    // Stripe refuses the credit: the claim stays, and the page says the order is being credited.
    const failing = new Proxy(harness.stripe, {
      get(target, key) {
        if (key !== 'customers') return Reflect.get(target, key, target) as unknown;
        return new Proxy(target.customers, {
          get(customers, name) {
            if (name === 'createBalanceTransaction') return () => Promise.reject(new Error('Stripe is down'));
            const value = Reflect.get(customers, name, customers) as unknown;
            return typeof value === 'function' ? value.bind(customers) : value;
          },
        });
      },
    });
    await expect(creditTradeIn(deps(failing), created.orderId, ADMIN)).rejects.toThrow('Stripe is down');
    expect(await listedAs('crediting')).toEqual([created.orderId]);
    expect(await creditTradeIn(deps(), created.orderId, ADMIN)).toMatchObject({ outcome: 'credited' });
    expect(await listedAs('credited')).toEqual([created.orderId]);
    expect(await listedAs('crediting')).toEqual([]);

    expect(await declineTradeIn(deps(), declined.orderId, ADMIN)).toMatchObject({ outcome: 'declined' });
    expect(await listedAs('declined')).toEqual([declined.orderId]);
    expect(await listedAs('awaiting')).toEqual([]);
  });

  it('a retry after a crash before Stripe was asked makes the credit, with the order’s idempotency key', async () => {
    const { created, customerId } = await paidOrder();
    await harness.database
      .ref(`${orderPath(created.orderId)}/tradeIn`)
      .set({ status: 'crediting', amount: TRADE_IN_REWARD_CENTS, claimedBy: ADMIN, claimedAt: NOW - 60_000 });
    expect(await creditTradeIn(deps(), created.orderId, ADMIN)).toMatchObject({ outcome: 'credited' });
    const events = harness.standIn.events().filter((event) => event.type === 'customer.updated');
    expect(events.at(-1)?.request.idempotency_key).toBe(tradeInIdempotencyKey(created.orderId));
    expect(await balance(customerId)).toBe(-TRADE_IN_REWARD_CENTS);
  });

  it('refuses an order that declared no trade-in, an unpaid one, and answers not-found for no order', async () => {
    const { created, customerId } = await paidOrder(null);
    expect(await creditTradeIn(deps(), created.orderId, ADMIN)).toEqual({
      outcome: 'not-eligible',
      reason: 'The order declared no application to trade in.',
    });
    const unpaid = await startCheckout(harness, { tradeIn: 'wix' }, harness.signIn());
    expect(await creditTradeIn(deps(), unpaid.orderId, ADMIN)).toMatchObject({ outcome: 'not-eligible' });
    expect(await creditTradeIn(deps(), '-NoSuchOrder0000000A', ADMIN)).toEqual({ outcome: 'not-found' });
    expect(await read(harness.database, orderPath('-NoSuchOrder0000000A'))).toBeNull();
    expect(await tradeInOf(created.orderId)).toBeNull();
    expect(await tradeInOf(unpaid.orderId)).toBeNull();
    expect(await adjustments(customerId)).toHaveLength(0);
  });

  it('refuses a plan that has ended: no invoice is left to take the credit', async () => {
    const { created, customerId } = await paidOrder();
    const [subscription] = (await harness.stripe.subscriptions.list({ customer: customerId })).data;
    await harness.stripe.subscriptions.cancel(subscription.id);
    await settled(harness.standIn);
    expect(await creditTradeIn(deps(), created.orderId, ADMIN)).toMatchObject({
      outcome: 'not-eligible',
      reason: expect.stringContaining('ended'),
    });
    expect(await adjustments(customerId)).toHaveLength(0);
  });
});
