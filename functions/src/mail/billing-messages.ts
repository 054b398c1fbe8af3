/** The mails after a payment event (docs/decisions/0114-plan-changes-and-proration.md,
 *  docs/decisions/0115-the-term-ends-unless-renewed.md, docs/decisions/0117-guest-manage-links.md):
 *  the order confirmation, a failed payment, the term notice and a plan change. Each has a text and
 *  an HTML body; every value is escaped, every link starts at the site's published address. */
import { productTitle } from '../../../src/catalog/checkout';
import { creditText, type InvoiceMoney } from '../../../src/catalog/invoice-money';
import { formatUsd } from '../../../src/catalog/money';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import type { ServiceId } from '../../../src/catalog/services';
import { ADD_ON_IDS } from '../../../src/catalog/stripe-prices';
import { ADD_ON_LABELS, TRADE_IN_REWARD_CENTS } from '../../../src/catalog/add-ons';
import { formatBillingDate, periodSuffix, TERM_MONTHS } from '../../../src/catalog/subscription';
import { TERM_NOTICE_DAYS, TERM_TEXTS } from '../../../src/catalog/term';
import { BRAND } from '../../../src/config/brand';
import { paths } from '../../../src/config/paths';
import { tradeInLine, type DeclaredTradeIn } from '../../../src/data/trade-in';
import { link, mailDocument, paragraph } from './html';
import type { MailContent } from './send-mail';
import { siteLink } from './settings';

export const ORDER_CONFIRMATION_SUBJECT = `Your ${BRAND.name} order is confirmed`;
export const PAYMENT_FAILED_SUBJECT = `Your ${BRAND.name} payment did not go through`;
export const TERM_NOTICE_SUBJECT = `Your ${BRAND.name} plan's term ends soon`;
export const PLAN_CHANGE_SUBJECT = `Your ${BRAND.name} plan has changed`;
export const MANAGE_PLAN_LABEL = 'Manage your plan';

/** "A, B and C": one "and", before the last. British English's list, since 'en' (American) adds a
 *  comma before that "and", which the site's own lists never write. */
const andList = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** "Web Apps — Gold plan, billed monthly, with Additional storage, Security and Digital marketing". */
export function planDescription(service: ServiceId, configuration: PlanConfiguration): string {
  const addOns = ADD_ON_IDS.filter((addOn) => configuration[addOn]).map((addOn) => ADD_ON_LABELS[addOn]);
  const title = productTitle(service, configuration.plan, configuration.period);
  return addOns.length === 0 ? title : `${title}, with ${andList.format(addOns)}`;
}

/** What Stripe charged when the checkout completed, from its session (cents): the total after
 *  the discount, with the tax in it. */
export interface ChargedAmounts {
  totalCents: number;
  discountCents: number;
  taxCents: number;
}

/** "Charged today: $14,602.49 ($1,579.99 off with your promotion code, $1,002.49 tax included)." */
export function chargedText({ totalCents, discountCents, taxCents }: ChargedAmounts): string {
  const parts = [
    ...(discountCents > 0 ? [`${formatUsd(discountCents)} off with your promotion code`] : []),
    ...(taxCents > 0 ? [`${formatUsd(taxCents)} tax included`] : []),
  ];
  return `Charged today: ${formatUsd(totalCents)}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
}

/** "$15,000.00 / month". */
export function amountPerPeriodText(cents: number, period: PlanConfiguration['period']): string {
  return `${formatUsd(cents)} ${periodSuffix(period)}`;
}

/** Where a signed-in buyer manages a plan: the order's card (Change plan, invoices, Renew). */
export function orderCardUrl(siteUrl: string, orderId: string): string {
  return siteLink(siteUrl, paths.orderCard(orderId));
}

/** A guest's manage link: the page that opens the billing portal with the token. */
export function managePlanUrl(siteUrl: string, token: string): string {
  return siteLink(siteUrl, `${paths.managePlan}?${new URLSearchParams({ token }).toString()}`);
}

function button(url: string, label: string): string {
  return `<p style="margin:0 0 16px">${link(url, label)}</p>`;
}

export function compose(subject: string, blocks: ({ text: string } | { url: string; label: string })[]): MailContent {
  const signed = [...blocks, { text: `— ${BRAND.company}` }];
  return {
    subject,
    text: signed.map((block) => ('text' in block ? block.text : `${block.label}: ${block.url}`)).join('\n\n'),
    html: mailDocument(subject, signed.map((block) => ('text' in block ? paragraph(block.text) : button(block.url, block.label))).join('')),
  };
}

/** What follows a declared trade-in until an admin decides it. */
export const TRADE_IN_REVIEW_NOTE = `We review the application and mail you our decision; once confirmed, ${formatUsd(TRADE_IN_REWARD_CENTS, { trimZeroCents: true })} is credited to your balance and taken by your next invoices.`;

/** How a guest's mailed link works, said wherever one is sent. */
export const GUEST_LINK_NOTE =
  'The Manage your plan link opens your billing (card, invoices, cancellation) without an account. It works once and for 7 days; for a new one, sign in to an account that holds this order, or contact us.';

export interface OrderConfirmation {
  service: ServiceId;
  configuration: PlanConfiguration;
  amountPerPeriodCents: number;
  /** What the first payment came to, when Stripe's session says (docs/decisions/0109-server-mail.md). */
  charged: ChargedAmounts | null;
  /** The next payment (ms), or null when the term has none left. */
  nextPaymentAt: number | null;
  /** The dashboard for a signed-in buyer, the signed manage link for a guest. */
  manageUrl: string;
  guest: boolean;
  /** The trade-in declared at checkout, if any (src/data/trade-in.ts). */
  tradeIn?: DeclaredTradeIn | null;
}

/** Sent once, when checkout completes. */
export function orderConfirmationMail(order: OrderConfirmation): MailContent {
  return compose(ORDER_CONFIRMATION_SUBJECT, [
    { text: `Thank you for your order: ${planDescription(order.service, order.configuration)}.` },
    ...(order.charged
      ? [
          { text: chargedText(order.charged) },
          { text: `The plan's price: ${amountPerPeriodText(order.amountPerPeriodCents, order.configuration.period)}, before tax.` },
        ]
      : [{ text: `You pay ${amountPerPeriodText(order.amountPerPeriodCents, order.configuration.period)}.` }]),
    ...(order.nextPaymentAt !== null ? [{ text: `Next payment: ${formatBillingDate(order.nextPaymentAt)}.` }] : []),
    { text: TERM_TEXTS.summary },
    ...(order.tradeIn ? [{ text: `${tradeInLine(order.tradeIn)}. ${TRADE_IN_REVIEW_NOTE}` }] : []),
    { url: order.manageUrl, label: MANAGE_PLAN_LABEL },
    ...(order.guest ? [{ text: GUEST_LINK_NOTE }] : []),
  ]);
}

export interface PaymentFailed {
  service: ServiceId;
  configuration: PlanConfiguration | null;
  amountDueCents: number;
  /** Where the card is updated: the payment methods page, or a guest's manage link. */
  updateCardUrl: string;
  /** Stripe's page where the invoice can be paid at once, when it has one. */
  invoiceUrl: string | null;
}

export function paymentFailedMail(failure: PaymentFailed): MailContent {
  const what = failure.configuration ? planDescription(failure.service, failure.configuration) : 'your plan';
  return compose(PAYMENT_FAILED_SUBJECT, [
    { text: `We could not take the payment of ${formatUsd(failure.amountDueCents)} for ${what}.` },
    { text: 'Please update your card: we try the payment again over the next days, and the plan stops if it keeps failing.' },
    { url: failure.updateCardUrl, label: 'Update your card' },
    ...(failure.invoiceUrl ? [{ url: failure.invoiceUrl, label: 'Pay the invoice now' }] : []),
  ]);
}

export interface TermNotice {
  service: ServiceId;
  configuration: PlanConfiguration | null;
  termEndsAt: number;
  /** The order card (Renew for 12 months), or a guest's manage link. */
  renewUrl: string;
  guest: boolean;
}

/** Sent once per term, TERM_NOTICE_DAYS before it ends. */
export function termNoticeMail(notice: TermNotice): MailContent {
  const what = notice.configuration ? planDescription(notice.service, notice.configuration) : 'your plan';
  return compose(TERM_NOTICE_SUBJECT, [
    { text: `The ${TERM_MONTHS}-month term of ${what} ends on ${formatBillingDate(notice.termEndsAt)}.` },
    { text: `To keep it, renew it: that adds another ${TERM_MONTHS} months at the same price.` },
    notice.guest
      ? { text: 'To renew, add the order to an account and renew from its order card, or contact us.' }
      : { text: `Renew from the order card (${TERM_TEXTS.renewButton}).` },
    { url: notice.renewUrl, label: notice.guest ? MANAGE_PLAN_LABEL : TERM_TEXTS.renewButton },
    { text: TERM_TEXTS.ifNothing },
    { text: `We write this ${TERM_NOTICE_DAYS} days before every term's end.` },
  ]);
}

export interface PlanChange {
  service: ServiceId;
  from: PlanConfiguration;
  to: PlanConfiguration;
  amountPerPeriodCents: number;
  /** What the change's proration invoice did; null when it could not be read. */
  billed: InvoiceMoney | null;
  manageUrl: string;
}

/** The proration invoice in the same words and figure as the order card and the preview. */
function changeBilledText(billed: InvoiceMoney | null): string {
  if (billed === null) return 'Any difference for the rest of the current period is on an invoice with your order.';
  if (billed.kind === 'credit') return `${creditText(billed)} The invoice is with your order.`;
  if (billed.kind === 'zero') return 'Nothing was charged for the rest of the current period.';
  return `The difference for the rest of the current period, ${formatUsd(billed.cents)}, was billed at once: the invoice is with your order.`;
}

/** Sent when the subscription's plan changes, by the order card or by the portal. */
export function planChangeMail(change: PlanChange): MailContent {
  return compose(PLAN_CHANGE_SUBJECT, [
    { text: `Your plan is now ${planDescription(change.service, change.to)} (it was ${planDescription(change.service, change.from)}).` },
    { text: `From now on you pay ${amountPerPeriodText(change.amountPerPeriodCents, change.to.period)}.` },
    { text: changeBilledText(change.billed) },
    { url: change.manageUrl, label: MANAGE_PLAN_LABEL },
  ]);
}
