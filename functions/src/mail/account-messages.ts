/** The mails about an account itself, and the unsubscribe footer every mail that is not strictly
 *  about an account or an order carries (docs/decisions/0119-account-deletion-and-retention.md,
 *  docs/decisions/0121-consent-and-unsubscribe.md). */
import { formatUsd } from '../../../src/catalog/money';
import { BRAND } from '../../../src/config/brand';
import { paths } from '../../../src/config/paths';
import { OPEN_CHECKOUT_AT_DELETION } from '../../../src/data/users';
import { escapeHtml, link, mailDocument, paragraph } from './html';
import type { MailContent } from './send-mail';
import { siteLink } from './settings';

/** The query parameter of the unsubscribe page that carries the signed token. */
export const UNSUBSCRIBE_TOKEN_PARAM = 'token';

/** Where an unsubscribe link leads: the site's page, which calls the `unsubscribe` function. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return siteLink(siteUrl, `${paths.unsubscribe}?${new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: token }).toString()}`);
}

export const UNSUBSCRIBE_FOOTER_TEXT = `Do not want mail like this from ${BRAND.name}? Unsubscribe with one click, no sign-in needed:`;

/** The footer's text lines and HTML, to add at the end of a mail's bodies. */
export function unsubscribeFooter(url: string): { text: string[]; html: string } {
  return {
    text: ['', '--', UNSUBSCRIBE_FOOTER_TEXT, url],
    html: [
      '<hr style="margin:24px 0 12px;border:0;border-top:1px solid #ccc">',
      `<p style="margin:0;font-size:13px;color:#555">${escapeHtml(UNSUBSCRIBE_FOOTER_TEXT)} ${link(url, 'Unsubscribe')}</p>`,
    ].join(''),
  };
}

export const ACCOUNT_DELETED_SUBJECT = `Your ${BRAND.name} account has been deleted`;

/** Sent once, to the account's address, when its deletion has finished but for the sign-in itself,
 *  which goes last (docs/decisions/0119-account-deletion-and-retention.md). */
export function accountDeletedMail({
  siteUrl,
  canceledPlans,
  expiredCheckouts = 0,
}: {
  siteUrl: string;
  canceledPlans: number;
  /** The checkouts the deletion closed unpaid. */
  expiredCheckouts?: number;
}): MailContent {
  const done = `Your ${BRAND.name} account has been deleted, as you asked. You can no longer sign in with this address.`;
  const plans =
    canceledPlans === 0
      ? null
      : `${canceledPlans === 1 ? 'Your plan was' : `Your ${canceledPlans} plans were`} canceled at once: nothing more will be charged. The current period was not refunded; to ask for a refund, contact us.`;
  const checkouts = expiredCheckouts === 0 ? null : OPEN_CHECKOUT_AT_DELETION;
  const kept =
    'We deleted your profile, your marketing choices and your card summary. We keep what accounting law requires about your orders and invoices (plan, amounts, dates, payments), without your name or email, for as long as the law requires, up to 10 years.';
  const lines = [done, ...(plans ? [plans] : []), ...(checkouts ? [checkouts] : []), kept];
  return accountMail(ACCOUNT_DELETED_SUBJECT, lines, siteLink(siteUrl, paths.contact));
}

export const CLOSED_ACCOUNT_REFUND_SUBJECT = `Your payment to ${BRAND.name} was refunded`;

/** Sent once, to the address given at checkout, when a checkout of an account being deleted (or
 *  deleted) was paid after all: the webhook refunded it and canceled its plan
 *  (docs/decisions/0119-account-deletion-and-retention.md). */
export function closedAccountRefundMail({ siteUrl, refundedCents }: { siteUrl: string; refundedCents: number | null }): MailContent {
  const amount = refundedCents === null || refundedCents <= 0 ? 'Any payment you made' : `Your payment of ${formatUsd(refundedCents)}`;
  const lines = [
    `A checkout you started with your ${BRAND.name} account was paid after you asked us to delete that account. ${amount} was refunded in full to the card you paid with, and the plan was canceled at once: nothing more will be charged, and there is nothing to deliver.`,
    'Your bank may take 5 to 10 business days to show the refund. We keep the record of this payment and its refund for accounting, without your name or email.',
  ];
  return accountMail(CLOSED_ACCOUNT_REFUND_SUBJECT, lines, siteLink(siteUrl, paths.contact));
}

/** A mail about the account: its lines, the contact link, the company's name. */
function accountMail(subject: string, lines: readonly string[], contact: string): MailContent {
  const ask = `If you did not ask for this, or have a question, write to us: ${contact}`;
  return {
    subject,
    text: [...lines.flatMap((line) => [line, '']), ask, '', `— ${BRAND.company}`].join('\n'),
    html: mailDocument(
      subject,
      [
        ...lines.map(paragraph),
        `<p style="margin:0 0 16px">If you did not ask for this, or have a question, ${link(contact, 'write to us')}.</p>`,
        paragraph(`— ${BRAND.company}`),
      ].join(''),
    ),
  };
}
