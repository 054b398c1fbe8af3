/** The mails of a staff decision about a person's request: a declared trade-in credited or
 *  declined, a Space pre-order declined (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide).
 *  Like every server mail, a text and an HTML body with each value escaped (docs/decisions/0109-server-mail.md). */
import { BRAND } from '../../../src/config/brand';
import { paths } from '../../../src/config/paths';
import { tradeInLine, type DeclaredTradeIn } from '../../../src/data/trade-in';
import { compose } from './billing-messages';
import type { MailContent } from './send-mail';
import { siteLink } from './settings';

export const TRADE_IN_CREDITED_SUBJECT = `Your ${BRAND.name} trade-in is credited`;
export const TRADE_IN_DECLINED_SUBJECT = `Your ${BRAND.name} trade-in was declined`;
export const PREORDER_DECLINED_SUBJECT = `Your ${BRAND.name} Space pre-order was declined`;

export interface TradeInDecision {
  /** "Web Apps — Earth plan, billed monthly": what the order bought. */
  order: string;
  tradeIn: DeclaredTradeIn;
  /** The order's card for a signed-in buyer; the contact page otherwise. */
  orderUrl: string;
  siteUrl: string;
}

/** Sent once, by the staff action that credited or declined the trade-in. */
export function tradeInDecisionMail({ order, tradeIn, orderUrl, siteUrl }: TradeInDecision): MailContent {
  const credited = tradeIn.state === 'credited';
  return compose(credited ? TRADE_IN_CREDITED_SUBJECT : TRADE_IN_DECLINED_SUBJECT, [
    { text: `We reviewed the application you declared for trade-in with your order: ${order}.` },
    { text: `${tradeInLine(tradeIn)}.` },
    {
      text: credited
        ? 'The credit is on your account’s balance with us: your next invoices take it before your card is charged.'
        : 'Nothing changes in your plan or in what you pay. If you think we got this wrong, tell us.',
    },
    credited ? { url: orderUrl, label: 'See your order' } : { url: siteLink(siteUrl, paths.contact), label: 'Contact us' },
  ]);
}

/** Sent once, when an admin declines a pre-order. Like the confirmation, it carries nothing the
 *  visitor typed (docs/decisions/0111-submissions-through-the-server.md). */
export function preorderDeclinedMail({ siteUrl }: { siteUrl: string }): MailContent {
  return compose(PREORDER_DECLINED_SUBJECT, [
    { text: `Thank you for pre-ordering ${BRAND.name} Space. We cannot offer you a place in the beta this time, so no pass was issued.` },
    { text: 'If you think we got this wrong, or your plans have changed, tell us.' },
    { url: siteLink(siteUrl, paths.contact), label: 'Contact us' },
  ]);
}
