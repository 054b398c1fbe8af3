// manageSubscription over real HTTP: the real `stripe` SDK against the Stripe stand-in (proration,
// invoice preview, always_invoice), firebase-admin against the database emulator, the webhook
// delivering every event, and the mails landing in the EmailJS stand-in. Each refusal the function
// owns is a test beside the change it guards.
import { describe, expect, it } from 'vitest';
import { creditText, invoiceMoney } from '../../../src/catalog/invoice-money';
import { MANAGE_SUBSCRIPTION_MESSAGES as MESSAGES, PRORATION_HOLD_MS } from '../../../src/catalog/plan-changes';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import { type OrderInvoiceRecord, ORDERS_PATH } from '../../../src/data/orders';
import { readOrder, settled } from '../testing/backends.testing';
import { bearer, useMailingHarness, type Account, buy, useServed } from '../checkout/store.testing';
import { PLAN_CHANGE_SUBJECT } from '../mail';
import { handleManageSubscription } from './manage-subscription';
import { post } from '../http/http.testing';

const KEY = 'emailjs_private_manage_test';
const DAY_MS = 24 * 60 * 60 * 1000;
const harness = useMailingHarness('manage-subscription', KEY);
const manage = useServed(harness, 'manageSubscription', handleManageSubscription);
const { clock } = manage;

type Order = Record<string, unknown> & { invoices?: Record<string, OrderInvoiceRecord> };

const order = (orderId: string) => readOrder<Order>(harness, orderId);

const GOLD: PlanConfiguration = { plan: 'gold', period: 'monthly', storage: false, security: false, marketing: false };
const DIAMOND: PlanConfiguration = { ...GOLD, plan: 'diamond-peak' };

/** A signed-in buyer's paid subscription, settled. */
async function bought(configuration: Partial<PlanConfiguration> = {}): Promise<{ account: Account; orderId: string }> {
  const account = harness.signIn();
  const created = await buy(harness, { ...GOLD, ...configuration }, { account });
  return { account, orderId: created.orderId };
}

function call(body: unknown, account?: Account | string) {
  return post(manage.url, body, account === undefined ? {} : bearer(account));
}

describe('manageSubscription: preview and change', () => {
  it('previews Gold → Diamond Peak from Stripe’s invoice preview, prorated, without changing anything', async () => {
    const { account, orderId } = await bought();
    const before = await order(orderId);
    const events = harness.standIn.events().length;
    const at = Date.now();
    manage.clock.at = at;
    const answer = await call({ action: 'preview', orderId, change: DIAMOND }, account);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const data = answer.json.data as Record<string, number | string>;
    expect(data).toEqual({
      dueNowCents: expect.any(Number),
      creditCents: 0,
      taxCents: expect.any(Number),
      amountPerPeriodCents: 25_000_00,
      currency: 'usd',
      billingPeriod: 'monthly',
      nextPaymentAt: before!.currentPeriodEnd,
      prorationAt: expect.any(Number),
    });
    expect(data.prorationAt as number).toBe(Math.floor(at / 1000) * 1000);
    // Just after buying nearly the whole month is left: nearly the whole difference is due now.
    expect(data.dueNowCents).toBeGreaterThan(9_900_00);
    expect(data.dueNowCents).toBeLessThanOrEqual(10_000_00 + (data.taxCents as number));
    expect(harness.standIn.events()).toHaveLength(events);
    expect(await order(orderId)).toEqual(before);
  });

  it('changes Gold → Diamond Peak: the order follows live, the proration invoice is on it, paid, and the change is mailed once', async () => {
    const { account, orderId } = await bought();
    const preview = (await call({ action: 'preview', orderId, change: DIAMOND }, account)).json.data as { dueNowCents: number };
    const answer = await call({ action: 'change', orderId, change: DIAMOND }, account);
    expect(answer).toEqual({ status: 200, json: { statusCode: 200, data: { status: 'updated' } } });
    await settled(harness.standIn);

    const changed = await order(orderId);
    expect(changed).toMatchObject({ tier: 'diamond-peak', amountPerPeriod: 25_000_00, productAmount: 25_000_00, billingPeriod: 'monthly' });
    const invoices = Object.values(changed!.invoices ?? {});
    const proration = invoices.find((invoice) => invoice.billingReason === 'subscription_update');
    expect(proration).toMatchObject({ status: 'paid', number: expect.any(String), hostedInvoiceUrl: expect.stringMatching(/^http/) });
    expect(Math.abs(proration!.amountPaid - preview.dueNowCents)).toBeLessThanOrEqual(100);
    expect(invoices.find((invoice) => invoice.billingReason === 'subscription_create')).toMatchObject({ status: 'paid', total: 15_000_00 });

    const mails = harness.emailjs.received().filter((mail) => mail.params.subject === PLAN_CHANGE_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.params.message_text).toContain('Diamond Peak plan, billed monthly');
    expect(mails[0]!.params.message_text).toContain('$25,000.00 / month');
  });

  it('downgrades Gold with Digital marketing to Silver: the preview, the order’s invoice and the mail tell the same credit, never a negative payment', async () => {
    const { account, orderId } = await bought({ marketing: true });
    const silver: PlanConfiguration = { ...GOLD, plan: 'silver' };
    const preview = (await call({ action: 'preview', orderId, change: silver }, account)).json.data as Record<string, number>;
    expect(preview.dueNowCents).toBe(0);
    expect(preview.creditCents).toBeGreaterThan(0);
    expect(preview.taxCents).toBeGreaterThanOrEqual(0);
    // Confirmed a few seconds later, the change is still prorated as of the preview.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { prorationAt } = preview;
    expect((await call({ action: 'change', orderId, change: silver, prorationAt }, account)).status).toBe(200);
    await settled(harness.standIn);

    const changed = await order(orderId);
    const proration = Object.values(changed!.invoices ?? {}).find((invoice) => invoice.billingReason === 'subscription_update')!;
    expect(proration).toMatchObject({ status: 'paid', amountDue: 0 });
    const credit = invoiceMoney(proration);
    expect(credit).toEqual({ kind: 'credit', cents: preview.creditCents, taxCents: preview.taxCents });
    const customer = await harness.stripe.customers.retrieve(changed!.customerId as string);
    expect(customer).toMatchObject({ balance: -credit.cents });
    const mail = harness.emailjs
      .received()
      .find((sent) => sent.params.subject === PLAN_CHANGE_SUBJECT && sent.params.to_email === account.email);
    expect(mail!.params.message_text).toContain(creditText(credit));
    expect(mail!.params.message_text).not.toContain('billed at once');
  });

  it('removes and adds add-ons and switches to yearly: the order’s add-ons and amount follow the items', async () => {
    const { account, orderId } = await bought({ storage: true, security: true });
    const yearly: PlanConfiguration = { plan: 'gold', period: 'yearly', storage: false, security: true, marketing: true };
    const answer = await call({ action: 'change', orderId, change: yearly }, account);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    await settled(harness.standIn);
    const changed = await order(orderId);
    // 180,000.00 + security 799.99 + marketing 3,750.00 a year.
    expect(changed).toMatchObject({
      billingPeriod: 'yearly',
      amountPerPeriod: 184_549_99,
      securitySelected: true,
      marketingSelected: true,
      termPayments: 1,
    });
    expect(changed).not.toHaveProperty('additionalStorage');
    const subscription = await harness.stripe.subscriptions.retrieve(changed!.subscriptionId as string);
    expect(subscription.items.data.map((item) => item.price.lookup_key).sort()).toEqual([
      'addon:marketing:gold:yearly',
      'addon:security:gold:yearly',
      'plan:gold:yearly',
    ]);
  });
});

describe('manageSubscription refuses', () => {
  it('no sign-in or a forged token (401)', async () => {
    const { orderId } = await bought();
    expect(await call({ action: 'preview', orderId, change: DIAMOND })).toMatchObject({
      status: 401,
      json: { error: { message: MESSAGES.signIn } },
    });
    expect(await call({ action: 'preview', orderId, change: DIAMOND }, 'forged.token')).toMatchObject({
      status: 401,
      json: { error: { message: MESSAGES.badToken } },
    });
  });

  it('another account’s order, and an order id that is no one’s (403), changing nothing', async () => {
    const { orderId } = await bought();
    const intruder = harness.signIn();
    const events = harness.standIn.events().length;
    for (const action of ['preview', 'change'] as const) {
      expect(await call({ action, orderId, change: DIAMOND }, intruder)).toEqual({
        status: 403,
        json: { statusCode: 403, error: { message: MESSAGES.notYours } },
      });
    }
    expect(await call({ action: 'renew', orderId }, intruder)).toMatchObject({ status: 403 });
    const forged = harness.database.ref(ORDERS_PATH).push().key!;
    expect(await call({ action: 'change', orderId: forged, change: DIAMOND }, intruder)).toMatchObject({ status: 403 });
    expect(await call({ action: 'change', orderId: '../customers', change: DIAMOND }, intruder)).toMatchObject({
      status: 400,
      json: { error: { field: 'orderId' } },
    });
    expect(harness.standIn.events()).toHaveLength(events);
    expect(await order(orderId)).toMatchObject({ tier: 'gold' });
  });

  it('magento, an unknown plan, another service’s plan, the same configuration and a malformed body (400)', async () => {
    const { account, orderId } = await bought();
    expect(await call({ action: 'change', orderId, change: { ...DIAMOND, plan: 'magento' } }, account)).toMatchObject({
      status: 400,
      json: { error: { message: MESSAGES.magento, field: 'change.plan' } },
    });
    expect(await call({ action: 'change', orderId, change: { ...DIAMOND, plan: 'titanium' } }, account)).toMatchObject({ status: 400 });
    expect(await call({ action: 'change', orderId, change: { ...DIAMOND, service: 'mobile_apps' } }, account)).toMatchObject({
      status: 400,
      json: { error: { message: MESSAGES.otherService } },
    });
    expect(await call({ action: 'change', orderId, change: GOLD }, account)).toMatchObject({
      status: 400,
      json: { error: { message: MESSAGES.samePlan } },
    });
    expect(await call({ action: 'change', orderId, change: { ...DIAMOND, amountCents: 1 } }, account)).toMatchObject({ status: 400 });
    expect(await call({ action: 'cancel', orderId }, account)).toMatchObject({ status: 400, json: { error: { field: 'action' } } });
    expect(await call([1, 2], account)).toMatchObject({ status: 400 });
    // The same service is fine.
    expect((await call({ action: 'preview', orderId, change: { ...DIAMOND, service: 'websites' } }, account)).status).toBe(200);
  });

  it('a change dated back to before its preview, or ahead of it, to be prorated as of then (400), changing nothing', async () => {
    const { account, orderId } = await bought({ marketing: true });
    const silver: PlanConfiguration = { ...GOLD, plan: 'silver' };
    const now = Date.now();
    manage.clock.at = now;
    const events = harness.standIn.events().length;
    // A downgrade dated back to the period's start would credit the time the dearer plan was used.
    for (const prorationAt of [now - 20 * DAY_MS, now - PRORATION_HOLD_MS - 1000, now + 60_000]) {
      expect(await call({ action: 'change', orderId, change: silver, prorationAt }, account)).toEqual({
        status: 400,
        json: { statusCode: 400, error: { message: MESSAGES.previewExpired, field: 'prorationAt' } },
      });
    }
    expect(await call({ action: 'change', orderId, change: silver, prorationAt: 'yesterday' }, account)).toMatchObject({
      status: 400,
      json: { error: { field: 'prorationAt' } },
    });
    expect(await call({ action: 'preview', orderId, change: silver, prorationAt: now }, account)).toMatchObject({ status: 400 });
    expect(harness.standIn.events()).toHaveLength(events);
    expect(await order(orderId)).toMatchObject({ tier: 'gold', marketingSelected: true });
  });

  it('an ended subscription (409)', async () => {
    const { account, orderId } = await bought();
    await harness.stripe.subscriptions.cancel((await order(orderId))!.subscriptionId as string);
    await settled(harness.standIn);
    expect(await call({ action: 'change', orderId, change: DIAMOND }, account)).toMatchObject({
      status: 409,
      json: { error: { message: MESSAGES.notActive } },
    });
  });

  it('a body over 4 KiB (413)', async () => {
    const { account, orderId } = await bought();
    const answer = await call({ action: 'change', orderId, change: { ...DIAMOND, padding: 'x'.repeat(5000) } }, account);
    expect(answer).toMatchObject({ status: 413, json: { error: { message: MESSAGES.tooLarge } } });
  });
});

describe('manageSubscription: renew', () => {
  it('adds 12 months in the term’s last 30 days only, once per term, and the order follows', async () => {
    const { account, orderId } = await bought();
    const termEndsAt = (await order(orderId))!.termEndsAt as number;
    expect(await call({ action: 'renew', orderId }, account)).toMatchObject({
      status: 409,
      json: { error: { message: MESSAGES.renewWindow } },
    });

    clock.at = termEndsAt - 10 * DAY_MS;
    const answer = await call({ action: 'renew', orderId }, account);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const next = (answer.json.data as { termEndsAt: number }).termEndsAt;
    const start = new Date(termEndsAt);
    expect(new Date(next).toISOString()).toBe(
      new Date(
        Date.UTC(
          start.getUTCFullYear() + 1,
          start.getUTCMonth(),
          start.getUTCDate(),
          start.getUTCHours(),
          start.getUTCMinutes(),
          start.getUTCSeconds(),
        ),
      ).toISOString(),
    );
    await settled(harness.standIn);
    expect(await order(orderId)).toMatchObject({ termEndsAt: next });
    expect(await order(orderId)).not.toHaveProperty('cancelAt');
    const subscription = await harness.stripe.subscriptions.retrieve((await order(orderId))!.subscriptionId as string);
    expect(subscription).toMatchObject({ cancel_at: Math.floor(next / 1000), metadata: expect.objectContaining({ terms: '2' }) });

    // A second click at the same moment: the new term does not end within 30 days.
    expect(await call({ action: 'renew', orderId }, account)).toMatchObject({ status: 409 });
  });

  it('refuses a plan the customer set to end early (409)', async () => {
    const { account, orderId } = await bought();
    const stored = (await order(orderId))!;
    await harness.stripe.subscriptions.update(stored.subscriptionId as string, {
      cancel_at: Math.floor(((stored.termEndsAt as number) - 20 * DAY_MS) / 1000),
    });
    await settled(harness.standIn);
    clock.at = (stored.termEndsAt as number) - 25 * DAY_MS;
    expect(await call({ action: 'renew', orderId }, account)).toMatchObject({
      status: 409,
      json: { error: { message: MESSAGES.canceled } },
    });
  });
});
