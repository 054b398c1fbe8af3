// What the payment-event mails say, in text and HTML: the plan, the money, the dates, the one link
// that matters, and nothing a buyer typed turned into markup.
import { describe, expect, it } from 'vitest';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import {
  ORDER_CONFIRMATION_SUBJECT,
  PAYMENT_FAILED_SUBJECT,
  PLAN_CHANGE_SUBJECT,
  TERM_NOTICE_SUBJECT,
  managePlanUrl,
  orderConfirmationMail,
  paymentFailedMail,
  planChangeMail,
  termNoticeMail,
} from '.';

const SITE = 'https://leopard.example';
const GOLD: PlanConfiguration = { plan: 'gold', period: 'monthly', storage: true, security: false, marketing: true };
const AT = Date.UTC(2027, 10, 26, 12);

describe('orderConfirmationMail', () => {
  it('names the plan with its add-ons, the amount per period, the next payment, the term and Manage your plan', () => {
    const mail = orderConfirmationMail({
      service: 'mobile_apps',
      configuration: GOLD,
      amountPerPeriodCents: 22_750_00,
      charged: null,
      nextPaymentAt: AT,
      manageUrl: `${SITE}/dashboard`,
      guest: false,
    });
    expect(mail.subject).toBe(ORDER_CONFIRMATION_SUBJECT);
    expect(mail.text).toContain(
      'Thank you for your order: Mobile Apps — Gold plan, billed monthly, with Additional storage and Digital marketing.',
    );
    expect(mail.text).toContain('You pay $22,750.00 / month.');
    expect(mail.text).toContain('Next payment: Nov 26, 2027.');
    expect(mail.text).toContain('ends unless you renew it');
    expect(mail.text).toContain(`Manage your plan: ${SITE}/dashboard`);
    expect(mail.text).not.toContain('works once');
    expect(mail.html).toContain(`<a href="${SITE}/dashboard" style="color:#0b57d0">Manage your plan</a>`);
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('says what was charged, discount and tax, and lists three add-ons with one "and"', () => {
    const mail = orderConfirmationMail({
      service: 'websites',
      configuration: { ...GOLD, security: true },
      amountPerPeriodCents: 16_799_98,
      charged: { totalCents: 16_216_23, discountCents: 1_680_00, taxCents: 1_096_25 },
      nextPaymentAt: AT,
      manageUrl: `${SITE}/dashboard`,
      guest: false,
    });
    expect(mail.text).toContain('Web Apps — Gold plan, billed monthly, with Additional storage, Security and Digital marketing.');
    expect(mail.text).toContain('Charged today: $16,216.23 ($1,680.00 off with your promotion code, $1,096.25 tax included).');
    expect(mail.text).toContain("The plan's price: $16,799.98 / month, before tax.");
    expect(mail.text).not.toContain('You pay');
  });

  it('says the trade-in declared at checkout and that it awaits review; nothing of one when none was declared', () => {
    const order = {
      service: 'websites',
      configuration: GOLD,
      amountPerPeriodCents: 1,
      charged: null,
      nextPaymentAt: null,
      manageUrl: SITE,
      guest: false,
    } as const;
    const declared = orderConfirmationMail({ ...order, tradeIn: { platform: 'WordPress', state: 'awaiting', creditedCents: null } });
    expect(declared.text).toContain('Trade-in: WordPress — awaiting review. We review the application and mail you our decision');
    expect(declared.html).toContain('Trade-in: WordPress — awaiting review.');
    expect(orderConfirmationMail({ ...order, tradeIn: null }).text).not.toContain('Trade-in');
  });

  it('gives a guest the single-use manage link and says how it works', () => {
    const url = managePlanUrl(SITE, 'a'.repeat(43));
    expect(url).toBe(`${SITE}/manage-plan?token=${'a'.repeat(43)}`);
    const mail = orderConfirmationMail({
      service: 'websites',
      configuration: { ...GOLD, period: 'yearly' },
      amountPerPeriodCents: 187_750_00,
      charged: null,
      nextPaymentAt: null,
      manageUrl: url,
      guest: true,
    });
    expect(mail.text).toContain('$187,750.00 / year');
    expect(mail.text).not.toContain('Next payment');
    expect(mail.text).toContain(`Manage your plan: ${url}`);
    expect(mail.text).toContain('It works once and for 7 days');
  });
});

describe('paymentFailedMail', () => {
  it('says what was not paid, links the card update and the invoice, escaping what it shows', () => {
    const mail = paymentFailedMail({
      service: 'websites',
      configuration: GOLD,
      amountDueCents: 19_750_00,
      updateCardUrl: `${SITE}/payment-methods`,
      invoiceUrl: 'https://invoice.example/i/1?a=1&b="2"',
    });
    expect(mail.subject).toBe(PAYMENT_FAILED_SUBJECT);
    expect(mail.text).toContain('We could not take the payment of $19,750.00 for Web Apps — Gold plan');
    expect(mail.text).toContain(`Update your card: ${SITE}/payment-methods`);
    expect(mail.text).toContain('Pay the invoice now: https://invoice.example/i/1?a=1&b="2"');
    expect(mail.html).toContain('href="https://invoice.example/i/1?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('termNoticeMail', () => {
  it('gives the end date, how to renew and what happens when nothing is done', () => {
    const mail = termNoticeMail({
      service: 'websites',
      configuration: GOLD,
      termEndsAt: AT,
      renewUrl: `${SITE}/order-history`,
      guest: false,
    });
    expect(mail.subject).toBe(TERM_NOTICE_SUBJECT);
    expect(mail.text).toContain(
      'The 12-month term of Web Apps — Gold plan, billed monthly, with Additional storage and Digital marketing ends on Nov 26, 2027.',
    );
    expect(mail.text).toContain(`Renew for 12 months: ${SITE}/order-history`);
    expect(mail.text).toContain('If you do nothing, the plan ends on that date and nothing more is charged.');
    expect(mail.html).toContain('Renew for 12 months</a>');
  });

  it('tells a guest to renew through an account, with the manage link', () => {
    const mail = termNoticeMail({
      service: 'websites',
      configuration: null,
      termEndsAt: AT,
      renewUrl: managePlanUrl(SITE, 'b'.repeat(43)),
      guest: true,
    });
    expect(mail.text).toContain('The 12-month term of your plan ends on Nov 26, 2027.');
    expect(mail.text).toContain('add the order to an account');
    expect(mail.text).toContain(`Manage your plan: ${SITE}/manage-plan?token=`);
  });
});

describe('planChangeMail', () => {
  it('says the new plan and the old, the new amount, and that the difference was invoiced', () => {
    const mail = planChangeMail({
      service: 'websites',
      from: { ...GOLD, storage: false, marketing: false },
      to: { ...GOLD, plan: 'diamond-peak', storage: false, marketing: false },
      amountPerPeriodCents: 25_000_00,
      billed: { kind: 'charge', cents: 9_876_54, taxCents: 0 },
      manageUrl: `${SITE}/dashboard`,
    });
    expect(mail.subject).toBe(PLAN_CHANGE_SUBJECT);
    expect(mail.text).toContain(
      'Your plan is now Web Apps — Diamond Peak plan, billed monthly (it was Web Apps — Gold plan, billed monthly).',
    );
    expect(mail.text).toContain('From now on you pay $25,000.00 / month.');
    expect(mail.text).toContain('The difference for the rest of the current period, $9,876.54, was billed at once');
    expect(mail.html).toContain(`href="${SITE}/dashboard"`);
  });

  it("says a downgrade's credit as the card and the preview do, never as a payment", () => {
    const mail = planChangeMail({
      service: 'websites',
      from: GOLD,
      to: { ...GOLD, plan: 'silver', marketing: false },
      amountPerPeriodCents: 7_500_00,
      billed: { kind: 'credit', cents: 804_38, taxCents: 54_38 },
      manageUrl: `${SITE}/dashboard`,
    });
    expect(mail.text).toContain(
      'A credit of $804.38 (including $54.38 tax) goes to your account balance and is taken by your next invoices. The invoice is with your order.',
    );
    expect(mail.text).not.toContain('billed at once');
    expect(mail.text).not.toContain('-$');
  });
});
