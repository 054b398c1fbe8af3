import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { termEnd } from '../../../src/catalog/subscription';
import { mergeSubscription, subscriptionFields, termCancelAt, type SyncedSubscription } from './subscription-sync';

const DAY = 86_400;
/** 2026-11-22T10:00:00Z, in seconds as Stripe counts. */
const START = Date.UTC(2026, 10, 22, 10) / 1000;
const TERM_END_MS = termEnd(START * 1000);

type SubscriptionFacts = Parameters<typeof subscriptionFields>[0];

function subscription(changes: Partial<SubscriptionFacts> & { periodEnd?: number } = {}): SubscriptionFacts {
  const { periodEnd = START + 30 * DAY, ...rest } = changes;
  return {
    id: 'sub_test_1',
    customer: 'cus_test_1',
    status: 'active',
    start_date: START,
    cancel_at: TERM_END_MS / 1000,
    cancel_at_period_end: false,
    ended_at: null,
    items: { data: [{ current_period_end: periodEnd }] } as Stripe.ApiList<Stripe.SubscriptionItem>,
    ...rest,
  };
}

describe('subscriptionFields', () => {
  it('reads an active subscription in its term: no cancelAt, the term end from start_date, the period end from the items', () => {
    expect(subscriptionFields(subscription(), 1)).toEqual({
      subscriptionId: 'sub_test_1',
      customerId: 'cus_test_1',
      subscriptionStatus: 'active',
      paymentsMade: 1,
      currentPeriodEnd: (START + 30 * DAY) * 1000,
      termEndsAt: Date.UTC(2027, 10, 22, 10),
      cancelAt: null,
      endedAt: null,
    });
  });

  it('takes an expanded customer’s id', () => {
    expect(subscriptionFields(subscription({ customer: { id: 'cus_test_2' } as Stripe.Customer }), 0).customerId).toBe('cus_test_2');
  });

  it('sets cancelAt when the customer cancels at the period end, before the term ends', () => {
    const periodEnd = START + 61 * DAY;
    // Stripe fills cancel_at with the period end too; the flag alone would be enough.
    expect(subscriptionFields(subscription({ cancel_at_period_end: true, cancel_at: periodEnd, periodEnd }), 2).cancelAt).toBe(
      periodEnd * 1000,
    );
    expect(subscriptionFields(subscription({ cancel_at_period_end: true, cancel_at: null, periodEnd }), 2).cancelAt).toBe(periodEnd * 1000);
  });

  it('sets cancelAt for a cancel_at before the term end, not for the term end itself or later', () => {
    expect(subscriptionFields(subscription({ cancel_at: START + 90 * DAY }), 3).cancelAt).toBe((START + 90 * DAY) * 1000);
    expect(subscriptionFields(subscription({ cancel_at: TERM_END_MS / 1000 }), 3).cancelAt).toBeNull();
    expect(subscriptionFields(subscription({ cancel_at: TERM_END_MS / 1000 + DAY }), 3).cancelAt).toBeNull();
  });

  it('does not count a yearly plan’s cancel at period end as a cancellation: its period end is the term end', () => {
    const periodEnd = TERM_END_MS / 1000;
    expect(subscriptionFields(subscription({ cancel_at_period_end: true, cancel_at: periodEnd, periodEnd }), 1).cancelAt).toBeNull();
  });

  it('reads an ended subscription: status and endedAt in ms', () => {
    const ended = subscriptionFields(subscription({ status: 'canceled', ended_at: TERM_END_MS / 1000, periodEnd: TERM_END_MS / 1000 }), 12);
    expect(ended).toMatchObject({ subscriptionStatus: 'canceled', endedAt: TERM_END_MS, paymentsMade: 12, cancelAt: null });
  });

  it('leaves out a status Stripe may add later', () => {
    expect(subscriptionFields(subscription({ status: 'something_new' as Stripe.Subscription.Status }), 0).subscriptionStatus).toBeNull();
  });

  it('knows no period end without items', () => {
    expect(
      subscriptionFields({ ...subscription(), items: { data: [] } as unknown as Stripe.ApiList<Stripe.SubscriptionItem> }, 0)
        .currentPeriodEnd,
    ).toBeNull();
  });
});

describe('termCancelAt', () => {
  it('asks for the term end (12 months after start, in seconds) when the subscription has no end', () => {
    expect(termCancelAt(subscription({ cancel_at: null }))).toBe(Date.UTC(2027, 10, 22, 10) / 1000);
  });

  it('asks for nothing when an end is set, the customer cancels at period end, it has ended or is not yet paid', () => {
    expect(termCancelAt(subscription())).toBeNull();
    expect(termCancelAt(subscription({ cancel_at: START + 40 * DAY }))).toBeNull();
    expect(termCancelAt(subscription({ cancel_at: null, cancel_at_period_end: true }))).toBeNull();
    expect(termCancelAt(subscription({ cancel_at: null, status: 'canceled' }))).toBeNull();
    expect(termCancelAt(subscription({ cancel_at: null, status: 'incomplete_expired' }))).toBeNull();
    // Its first payment is under way; the update that activates it comes as an event.
    expect(termCancelAt(subscription({ cancel_at: null, status: 'incomplete' }))).toBeNull();
  });

  it('keeps a past-due subscription to its term', () => {
    expect(termCancelAt(subscription({ cancel_at: null, status: 'past_due' }))).toBe(TERM_END_MS / 1000);
  });
});

describe('mergeSubscription', () => {
  const unpaidOrder = {
    product: 'websites',
    tier: 'earth',
    payment_status: 'unpaid',
    stripeId: 'cs_test_1',
    billingPeriod: 'monthly',
    amountPerPeriod: 750_000,
    termPayments: 12,
  };
  const synced = (changes: Partial<SyncedSubscription> = {}): SyncedSubscription => ({
    ...subscriptionFields(subscription(), 1),
    ...changes,
  });

  it('writes the reading onto the order, marks it paid once an invoice is paid, and keeps the first email', () => {
    const merged = mergeSubscription(unpaidOrder, synced(), 1_000, 'ada@example.com');
    expect(merged).toEqual({
      ok: true,
      changedFrom: null,
      order: {
        ...unpaidOrder,
        payment_status: 'paid',
        subscriptionId: 'sub_test_1',
        customerId: 'cus_test_1',
        subscriptionStatus: 'active',
        paymentsMade: 1,
        currentPeriodEnd: (START + 30 * DAY) * 1000,
        termEndsAt: TERM_END_MS,
        subscriptionFetchedAt: 1_000,
        customerEmail: 'ada@example.com',
      },
    });
    const again = mergeSubscription({ ...unpaidOrder, customerEmail: 'first@example.com' }, synced(), 1_000, 'ada@example.com');
    expect(again.ok && again.order.customerEmail).toBe('first@example.com');
  });

  it('leaves the payment status alone before the first payment, and never unpays a paid order', () => {
    const none = mergeSubscription(unpaidOrder, synced({ paymentsMade: 0, subscriptionStatus: 'incomplete' }), 1_000, null);
    expect(none.ok && none.order.payment_status).toBe('unpaid');
    const expired = mergeSubscription({ ...unpaidOrder, payment_status: 'expired' }, synced(), 1_000, null);
    expect(expired.ok && expired.order.payment_status).toBe('paid');
  });

  it('removes cancelAt when a later reading has none (the customer took the cancellation back)', () => {
    const current = { ...unpaidOrder, subscriptionId: 'sub_test_1', cancelAt: 123, paymentsMade: 1, subscriptionFetchedAt: 1_000 };
    const merged = mergeSubscription(current, synced(), 2_000, null);
    expect(merged.ok && merged.order).not.toHaveProperty('cancelAt');
  });

  it('refuses a reading older than the stored one', () => {
    const current = { ...unpaidOrder, subscriptionId: 'sub_test_1', paymentsMade: 2, subscriptionFetchedAt: 5_000 };
    expect(mergeSubscription(current, synced({ paymentsMade: 2, subscriptionStatus: 'past_due' }), 4_999, null)).toEqual({
      ok: false,
      reason: 'a later reading of the subscription is already stored',
    });
    expect(mergeSubscription(current, synced({ paymentsMade: 2 }), 5_000, null).ok).toBe(true);
  });

  it('never lowers paymentsMade, whatever the clocks say', () => {
    const current = { ...unpaidOrder, subscriptionId: 'sub_test_1', paymentsMade: 3, subscriptionFetchedAt: 5_000 };
    expect(mergeSubscription(current, synced({ paymentsMade: 2 }), 9_000, null)).toMatchObject({ ok: false });
    expect(mergeSubscription(current, synced({ paymentsMade: 4 }), 9_000, null)).toMatchObject({ ok: true, order: { paymentsMade: 4 } });
  });

  it('never brings an ended subscription back to a live status', () => {
    const current = {
      ...unpaidOrder,
      subscriptionId: 'sub_test_1',
      paymentsMade: 3,
      subscriptionStatus: 'canceled',
      subscriptionFetchedAt: 5_000,
    };
    expect(mergeSubscription(current, synced({ paymentsMade: 3, subscriptionStatus: 'active' }), 9_000, null)).toMatchObject({ ok: false });
    expect(mergeSubscription(current, synced({ paymentsMade: 3, subscriptionStatus: 'canceled', endedAt: 7 }), 9_000, null)).toMatchObject({
      ok: true,
      order: { subscriptionStatus: 'canceled', endedAt: 7 },
    });
  });

  it('refuses a subscription that is not the order’s', () => {
    expect(mergeSubscription({ ...unpaidOrder, subscriptionId: 'sub_test_other' }, synced(), 1_000, null)).toEqual({
      ok: false,
      reason: 'the order belongs to subscription sub_test_other',
    });
  });
});
