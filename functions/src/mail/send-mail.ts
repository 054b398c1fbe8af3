/** The one way a server mail leaves Leopard: EmailJS's REST API called with the private key
 *  (docs/decisions/0109-server-mail.md). It never throws, so a mail that cannot go out never undoes
 *  the change that caused it; the caller says what happened instead. */
import { logger } from 'firebase-functions';
import { isMailConfigured, type MailSettings } from './settings';

export const EMAILJS_SEND_PATH = '/api/v1.0/email/send';
/** A hung provider must not hold a staff member's request for the function's whole timeout. */
const SEND_TIMEOUT_MS = 10_000;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A whole HTML document; every value in it escaped (html.ts). */
  html: string;
  /** Where a reply goes, when not to Leopard's own address (a form's sender). */
  replyTo?: string;
}

/** What a message module writes: everything of a mail but its recipient. */
export type MailContent = Omit<MailMessage, 'to'>;

export type MailOutcome =
  | { status: 'sent' }
  | { status: 'not-configured' }
  /** EmailJS answered and did not take the mail (a wrong key, a missing template, the quota). */
  | { status: 'refused'; httpStatus: number; detail: string }
  /** No answer: the network, DNS or a timeout. */
  | { status: 'unreachable' };

/** What the EmailJS template receives: it renders `{{{message_html}}}` (the text body is for
 *  templates or providers that want one) and takes the recipient and subject from these. */
export interface MailTemplateParams {
  to_email: string;
  subject: string;
  message_text: string;
  message_html: string;
  reply_to?: string;
}

export async function sendMail(settings: MailSettings, message: MailMessage): Promise<MailOutcome> {
  if (!isMailConfigured(settings)) return { status: 'not-configured' };
  const templateParams: MailTemplateParams = {
    to_email: message.to,
    subject: message.subject,
    message_text: message.text,
    message_html: message.html,
    ...(message.replyTo ? { reply_to: message.replyTo } : {}),
  };
  let response: Response;
  try {
    response = await fetch(new URL(EMAILJS_SEND_PATH, `${settings.apiUrl.replace(/\/+$/, '')}/`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        service_id: settings.serviceId,
        template_id: settings.templateId,
        user_id: settings.publicKey,
        accessToken: settings.privateKey,
        template_params: templateParams,
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    logger.warn('sendMail: EmailJS could not be reached', { message: error instanceof Error ? error.message : String(error) });
    return { status: 'unreachable' };
  }
  const detail = (await response.text().catch(() => '')).slice(0, 500);
  if (response.ok) return { status: 'sent' };
  logger.warn('sendMail: EmailJS refused the mail', { httpStatus: response.status, detail });
  return { status: 'refused', httpStatus: response.status, detail };
}
