// termNotices' handler with the stand-in's test clocks: the customer's clock is moved to the days
// before the term's end and the handler runs at that time. The notice comes once per term, within
// 14 days of its end, never for a plan already set to end, and again for a renewed term.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { formatBillingDate } from '../../../src/catalog/subscription';
import { readOrder, settled, SITE } from '../testing/backends.testing';
import { useMailingHarness, buy } from '../checkout/store.testing';
import { TERM_NOTICE_SUBJECT } from '../mail';
import { runTermNotices, TERM_NOTICES_CURSOR_PATH } from './term-notices';

const KEY = 'emailjs_private_term_test';
const DAY_MS = 24 * 60 * 60 * 1000;
const harness = useMailingHarness('term-notices', KEY);

type Order = Record<string, unknown>;
const order = (orderId: string) => readOrder<Order>(harness, orderId);
const notices = () => harness.emailjs.received().filter((received) => received.params.subject === TERM_NOTICE_SUBJECT);

/** A yearly plan (one period: moving its clock to the term's last days bills nothing), settled. */
async function yearly(email?: string): Promise<{ orderId: string; termEndsAt: number; clockId: string; subscriptionId: string }> {
  const account = email === undefined ? harness.signIn({ email: 'year@example.com' }) : undefined;
  const created = await buy(harness, { plan: 'gold', period: 'yearly' }, { account, email });
  const stored = (await order(created.orderId))!;
  const customer = (await harness.stripe.customers.retrieve(stored.customerId as string)) as Stripe.Customer;
  return {
    orderId: created.orderId,
    termEndsAt: stored.termEndsAt as number,
    clockId: customer.test_clock as string,
    subscriptionId: stored.subscriptionId as string,
  };
}

/** Moves the customer's test clock and runs the handler at the clock's time. */
async function runAt(clockId: string, atMs: number) {
  const moved = await harness.standIn.advanceClock(clockId, Math.floor(atMs / 1000));
  await settled(harness.standIn);
  return runTermNotices({ database: harness.database, stripe: harness.stripe, mail: harness.mail, now: () => moved.frozen_time * 1000 });
}

describe('termNotices', () => {
  it('says nothing 20 days before the end; 13 days before, writes the notice and mails the date and what to do, once', async () => {
    const { orderId, termEndsAt, clockId } = await yearly();
    expect((await runAt(clockId, termEndsAt - 20 * DAY_MS)).noticed).toEqual([]);
    expect(notices()).toEqual([]);

    const at = termEndsAt - 13 * DAY_MS;
    const report = await runAt(clockId, at);
    expect(report.noticed).toEqual([{ orderId, termEndsAt, mail: 'sent' }]);
    expect((await order(orderId))!.termNotice).toEqual({ termEndsAt, sentAt: Math.floor(at / 1000) * 1000 });
    const [mailed] = notices();
    expect(mailed!.params.to_email).toBe('year@example.com');
    const text = String(mailed!.params.message_text);
    expect(text).toContain(`ends on ${formatBillingDate(termEndsAt)}`);
    expect(text).toContain(`Renew for 12 months: ${SITE}/order-history`);
    expect(text).toContain('If you do nothing, the plan ends on that date and nothing more is charged.');

    // The next day's run: already told.
    expect((await runAt(clockId, at + DAY_MS)).noticed).toEqual([]);
    expect(notices()).toHaveLength(1);
  });

  it('never tells a customer who has already set the plan to end', async () => {
    const { orderId, termEndsAt, clockId, subscriptionId } = await yearly();
    await harness.stripe.subscriptions.update(subscriptionId, { cancel_at: Math.floor((termEndsAt - 5 * DAY_MS) / 1000) });
    await settled(harness.standIn);
    const report = await runAt(clockId, termEndsAt - 13 * DAY_MS);
    expect(report.noticed).toEqual([]);
    expect(notices()).toEqual([]);
    expect((await order(orderId))!.termNotice).toBeUndefined();
  });

  it('tells again for a renewed term, 14 days before its new end', async () => {
    const { orderId, termEndsAt, clockId, subscriptionId } = await yearly();
    await runAt(clockId, termEndsAt - 13 * DAY_MS);
    // Renewed (as manageSubscription does): one more term, cancel_at a year on.
    const renewedEnd = new Date(termEndsAt);
    renewedEnd.setUTCFullYear(renewedEnd.getUTCFullYear() + 1);
    await harness.stripe.subscriptions.update(subscriptionId, {
      cancel_at: Math.floor(renewedEnd.getTime() / 1000),
      metadata: { terms: '2' },
    });
    await settled(harness.standIn);
    expect((await order(orderId))!.termEndsAt).toBe(renewedEnd.getTime());
    expect((await runAt(clockId, termEndsAt - 12 * DAY_MS)).noticed).toEqual([]);
    expect(notices()).toHaveLength(1);

    // A year on (the renewal billed on the way), the new term's notice.
    const report = await runAt(clockId, renewedEnd.getTime() - 13 * DAY_MS);
    expect(report.noticed).toEqual([{ orderId, termEndsAt: renewedEnd.getTime(), mail: 'sent' }]);
    expect((await order(orderId))!).toMatchObject({ paymentsMade: 2, termNotice: { termEndsAt: renewedEnd.getTime() } });
    expect(notices()).toHaveLength(2);
  });

  it('gives a guest a Manage your plan link in the notice', async () => {
    const { termEndsAt, clockId } = await yearly('guest@example.com');
    await runAt(clockId, termEndsAt - 10 * DAY_MS);
    const [mailed] = notices();
    expect(mailed!.params.to_email).toBe('guest@example.com');
    expect(String(mailed!.params.message_text)).toMatch(new RegExp(`Manage your plan: ${SITE}/manage-plan\\?token=[-\\w]{43}`));
  });

  it('out of time, stops after a page and keeps its place; the next run goes on from there to the end of the window', async () => {
    const now = Date.now();
    // Orders without a subscription need no Stripe call: each is taken and skipped.
    const ids = ['-Ord0001aaaaaaaaaaaa', '-Ord0002aaaaaaaaaaaa', '-Ord0003aaaaaaaaaaaa', '-Ord0004aaaaaaaaaaaa', '-Ord0005aaaaaaaaaaaa'];
    // Two share a term end, so the place is the order as well as the time.
    const ends = [2, 3, 3, 5, 6].map((days) => now + days * DAY_MS);
    await harness.database
      .ref('all_orders')
      .update(Object.fromEntries(ids.map((id, index) => [id, { termEndsAt: ends[index], product: 'websites', status: 'paid' }])));
    const taken = (report: { skipped: { orderId: string }[] }) =>
      report.skipped.map((skip) => skip.orderId).filter((id) => ids.includes(id));

    const first = await runTermNotices({ database: harness.database, stripe: harness.stripe, now: () => now, pageSize: 2, deadline: 0 });
    expect(taken(first)).toEqual(ids.slice(0, 2));
    expect(first.stoppedAt).toEqual({ termEndsAt: ends[1], orderId: ids[1] });
    expect((await harness.database.ref(TERM_NOTICES_CURSOR_PATH).get()).val()).toEqual(first.stoppedAt);

    const second = await runTermNotices({ database: harness.database, stripe: harness.stripe, now: () => now, pageSize: 2 });
    expect(taken(second)).toEqual(ids.slice(2));
    expect(second.stoppedAt).toBeNull();
    expect((await harness.database.ref(TERM_NOTICES_CURSOR_PATH).get()).exists()).toBe(false);
  });
});
