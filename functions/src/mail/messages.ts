/** The mails the server sends, each with a text and an HTML body whose links start at the site's
 *  published address (docs/decisions/0109-server-mail.md). */
import { CLAIM_LINK_DAYS, CLAIM_TOKEN_PARAM } from '../../../src/catalog/checkout';
import { BRAND } from '../../../src/config/brand';
import { PAGE_TITLES } from '../../../src/config/page-titles';
import { paths, safeNextPath } from '../../../src/config/paths';
import { unsubscribeFooter } from './account-messages';
import { escapeHtml, link, mailDocument, paragraph } from './html';
import type { MailContent } from './send-mail';
import { siteLink } from './settings';

export const SPACE_PASS_SUBJECT = PAGE_TITLES.spacePass;
export const VERIFY_EMAIL_SUBJECT = `Verify your ${BRAND.name} email`;

/** Where a pass is shown: the pass page, reached only with its code. */
export function spacePassUrl(siteUrl: string, code: string): string {
  return siteLink(siteUrl, paths.spacePass(code));
}

/** The Space beta-tester pass, mailed when a pre-order is approved. */
export function spacePassMail({ name, code, siteUrl }: { name: string; code: string; siteUrl: string }): MailContent {
  const url = spacePassUrl(siteUrl, code);
  const greeting = `Hello ${name},`;
  const approved = `Your Space pre-order is approved. This is your Space beta-tester pass:`;
  const keep = 'Keep this mail: the code is your pass, and only its link shows it.';
  return {
    subject: SPACE_PASS_SUBJECT,
    text: [greeting, '', approved, '', code, '', `See your pass: ${url}`, '', keep, '', `— ${BRAND.company}`].join('\n'),
    html: mailDocument(
      SPACE_PASS_SUBJECT,
      [
        paragraph(greeting),
        paragraph(approved),
        `<p style="margin:0 0 16px;font-family:monospace;font-size:20px;letter-spacing:2px">${escapeHtml(code)}</p>`,
        `<p style="margin:0 0 16px">${link(url, 'See your pass')}</p>`,
        paragraph(keep),
        paragraph(`— ${BRAND.company}`),
      ].join(''),
    ),
  };
}

/** A fresh email-verification link, sent when staff resend it for a customer. */
export function verifyEmailMail({ link: verifyUrl }: { link: string }): MailContent {
  const ask = `Please confirm that this is your email address for your ${BRAND.name} account:`;
  const ignore = `If you did not create a ${BRAND.name} account, ignore this mail.`;
  return {
    subject: VERIFY_EMAIL_SUBJECT,
    text: [ask, '', verifyUrl, '', ignore, '', `— ${BRAND.company}`].join('\n'),
    html: mailDocument(
      VERIFY_EMAIL_SUBJECT,
      [
        paragraph(ask),
        `<p style="margin:0 0 16px">${link(verifyUrl, 'Verify my email')}</p>`,
        paragraph(ignore),
        paragraph(`— ${BRAND.company}`),
      ].join(''),
    ),
  };
}

export const CLAIM_ORDER_SUBJECT = `Add your ${BRAND.name} order to your account`;

/** Where a claim link leads: the claim page, with the token (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export function claimOrderUrl(siteUrl: string, token: string): string {
  return siteLink(siteUrl, `${paths.claimOrder}?${new URLSearchParams({ [CLAIM_TOKEN_PARAM]: token }).toString()}`);
}

/** A guest's claim link, mailed to the address given at checkout when the checkout completes: the
 *  order joins the account of whoever opens it signed in, once. */
export function claimOrderMail({ product, token, siteUrl }: { product: string; token: string; siteUrl: string }): MailContent {
  const url = claimOrderUrl(siteUrl, token);
  const thanks = `Thank you for your order: ${product}.`;
  const how = `You paid without signing in. To follow its payments and manage billing in a ${BRAND.name} account, open this link and sign in or create an account:`;
  const once = `The link adds the order to one account, once, and works for ${CLAIM_LINK_DAYS} days. Do not forward this mail: whoever opens the link first gets the order.`;
  const ignore = `If you did not buy from ${BRAND.name}, ignore this mail.`;
  return {
    subject: CLAIM_ORDER_SUBJECT,
    text: [thanks, '', how, '', url, '', once, '', ignore, '', `— ${BRAND.company}`].join('\n'),
    html: mailDocument(
      CLAIM_ORDER_SUBJECT,
      [
        paragraph(thanks),
        paragraph(how),
        `<p style="margin:0 0 16px">${link(url, 'Add the order to my account')}</p>`,
        paragraph(once),
        paragraph(ignore),
        paragraph(`— ${BRAND.company}`),
      ].join(''),
    ),
  };
}

/** The path `raw` names on the site, resolved as sign-in's `next` is (src/config/paths.ts), or
 *  null when it could name another site. A resolved path starting "//" is refused too:
 *  "/..//evil.test" and "/%2e%2e//evil.test" resolve to "//evil.test", which a link made of it
 *  reads as the host evil.test (docs/decisions/0111-submissions-through-the-server.md). */
export function sitePagePath(raw: string): string | null {
  const path = safeNextPath(raw);
  return path === null || path.startsWith('//') ? null : path;
}

/** What "Sent from" says of a page that is not the site's: nothing of it, which a mail program
 *  could turn into a link. */
export const NOT_A_SITE_PAGE = 'a page that is not on this site';

/** The inquiry's "Sent from": the address on the site of a path of the site, else no address. */
function sentFrom(siteUrl: string, page: string): string {
  const path = sitePagePath(page);
  const link = path === null ? null : siteLink(siteUrl, path);
  return link !== null && new URL(link).origin === new URL(siteUrl).origin ? link : NOT_A_SITE_PAGE;
}

/** The contact form's inquiry, mailed to Leopard's inbox with a reply going to the sender
 *  (docs/decisions/0111-submissions-through-the-server.md). Every field is escaped in the HTML,
 *  and "Sent from" can only be an address on the site. */
export function contactInquiryMail({
  fields,
  page,
  siteUrl,
}: {
  fields: { name: string; email: string; phone: string; city: string; message: string };
  page: string;
  siteUrl: string;
}): MailContent {
  const subject = `Inquiry from ${fields.name}`;
  const rows: [string, string][] = [
    ['Name', fields.name],
    ['Email', fields.email],
    ['Phone', fields.phone],
    ['City', fields.city],
    ['Sent from', sentFrom(siteUrl, page)],
  ];
  return {
    subject,
    text: [...rows.map(([label, value]) => `${label}: ${value}`), '', fields.message].join('\n'),
    html: mailDocument(
      subject,
      [
        ...rows.map(([label, value]) => `<p style="margin:0 0 4px"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`),
        '<hr style="margin:16px 0">',
        paragraph(fields.message),
      ].join(''),
    ),
  };
}

export const CONTACT_COPY_SUBJECT = 'We received your message';

/** The sender's copy of an inquiry: what they wrote, as text (escaped in the HTML), said to be a
 *  copy of what was sent on the site. It carries words the sender typed to the address they typed,
 *  so it goes out only within the per-recipient cap the confirmations share
 *  (docs/decisions/0111-submissions-through-the-server.md). */
export function contactCopyMail({
  fields,
  siteUrl,
  unsubscribe,
}: {
  fields: { name: string; message: string };
  siteUrl: string;
  unsubscribe?: string;
}): MailContent {
  const thanks = `Thank you for writing to ${BRAND.name}. This is a copy of the message sent with this address on ${siteLink(siteUrl, '/')}; we will reply to it here.`;
  const ignore = 'If you did not send it, ignore this mail: nothing more will come of it.';
  const footer = unsubscribe === undefined ? { text: [], html: '' } : unsubscribeFooter(unsubscribe);
  return {
    subject: CONTACT_COPY_SUBJECT,
    text: ['Hello,', '', thanks, '', `From: ${fields.name}`, '', fields.message, '', ignore, '', `— ${BRAND.company}`, ...footer.text].join(
      '\n',
    ),
    html: mailDocument(
      CONTACT_COPY_SUBJECT,
      [
        paragraph('Hello,'),
        paragraph(thanks),
        '<hr style="margin:16px 0">',
        paragraph(`From: ${fields.name}`),
        paragraph(fields.message),
        '<hr style="margin:16px 0">',
        paragraph(ignore),
        paragraph(`— ${BRAND.company}`),
        footer.html,
      ].join(''),
    ),
  };
}

export const WAITLIST_SUBJECT = `You're on the ${BRAND.name} waitlist`;
export const PREORDER_SUBJECT = `Your ${BRAND.name} Space pre-order`;

/** The confirmation to the address typed on the waitlist or the pre-order form. It carries no text
 *  the visitor typed, not even the name: whoever types someone else's address cannot make Leopard
 *  send that person words of their choosing (docs/decisions/0111-submissions-through-the-server.md). */
export function joinListConfirmationMail({
  kind,
  programme,
  siteUrl,
  unsubscribe,
}: {
  kind: 'waitlist' | 'preorder';
  programme?: 'open-access' | 'builder';
  siteUrl: string;
  /** The signed unsubscribe link (docs/decisions/0121-consent-and-unsubscribe.md). */
  unsubscribe?: string;
}): MailContent {
  const subject = kind === 'waitlist' ? WAITLIST_SUBJECT : PREORDER_SUBJECT;
  const list =
    kind === 'preorder'
      ? `your pre-order of ${BRAND.name} Space`
      : programme === 'builder'
        ? `the ${PAGE_TITLES.enterprise} waitlist`
        : 'the waitlist of the open-access research program';
  const thanks = `Thank you: we have your name on ${list}.`;
  const next =
    kind === 'preorder'
      ? 'We will write to you again when your Space beta-tester pass is ready.'
      : 'We will write to you with the next steps as places open.';
  const ignore = `If you did not sign up on ${siteLink(siteUrl, '/')}, ignore this mail: nothing more will come unless you do.`;
  const footer = unsubscribe === undefined ? { text: [], html: '' } : unsubscribeFooter(unsubscribe);
  return {
    subject,
    text: ['Hello,', '', thanks, '', next, '', ignore, '', `— ${BRAND.company}`, ...footer.text].join('\n'),
    html: mailDocument(
      subject,
      [paragraph('Hello,'), paragraph(thanks), paragraph(next), paragraph(ignore), paragraph(`— ${BRAND.company}`), footer.html].join(''),
    ),
  };
}
