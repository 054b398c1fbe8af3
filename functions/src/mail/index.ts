/** The server mail module (docs/decisions/0109-server-mail.md): every mail the functions send goes
 *  through sendMail, and every message is built here with a text and an HTML body. */
export { escapeHtml } from './html';
export {
  MANAGE_PLAN_LABEL,
  ORDER_CONFIRMATION_SUBJECT,
  PAYMENT_FAILED_SUBJECT,
  PLAN_CHANGE_SUBJECT,
  TERM_NOTICE_SUBJECT,
  orderCardUrl,
  managePlanUrl,
  orderConfirmationMail,
  paymentFailedMail,
  planChangeMail,
  planDescription,
  termNoticeMail,
} from './billing-messages';
export {
  ACCOUNT_DELETED_SUBJECT,
  CLOSED_ACCOUNT_REFUND_SUBJECT,
  UNSUBSCRIBE_FOOTER_TEXT,
  UNSUBSCRIBE_TOKEN_PARAM,
  accountDeletedMail,
  closedAccountRefundMail,
  unsubscribeFooter,
  unsubscribeUrl,
} from './account-messages';
export {
  PREORDER_DECLINED_SUBJECT,
  TRADE_IN_CREDITED_SUBJECT,
  TRADE_IN_DECLINED_SUBJECT,
  preorderDeclinedMail,
  tradeInDecisionMail,
} from './decision-messages';
export {
  CLAIM_ORDER_SUBJECT,
  CONTACT_COPY_SUBJECT,
  NOT_A_SITE_PAGE,
  PREORDER_SUBJECT,
  WAITLIST_SUBJECT,
  SPACE_PASS_SUBJECT,
  VERIFY_EMAIL_SUBJECT,
  claimOrderMail,
  claimOrderUrl,
  contactCopyMail,
  contactInquiryMail,
  joinListConfirmationMail,
  sitePagePath,
  spacePassMail,
  spacePassUrl,
  verifyEmailMail,
} from './messages';
export { EMAILJS_SEND_PATH, sendMail, type MailContent, type MailMessage, type MailOutcome, type MailTemplateParams } from './send-mail';
export { EMAILJS_DEFAULT_API_URL, isMailConfigured, siteLink, type MailSettings } from './settings';
