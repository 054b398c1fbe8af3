/**
 * The mail step of the forms, through EmailJS. `@emailjs/browser` is loaded only when a form is
 * submitted. The contact form goes as a form (`sendForm`, the send-form endpoint); the waitlist
 * and pre-order forms as template parameters (`send`). Locally VITE_EMAILJS_ORIGIN points the SDK
 * at the stand-in in emulators/emailjs; empty means EmailJS itself.
 */
import type { SubmissionKind } from '@/config/data-limits';
import { MAIL_FAILED_LOG, MAIL_NOT_CONFIGURED_LOG } from './messages';

export interface MailConfig {
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** Undefined: the SDK's default, https://api.emailjs.com. */
  origin?: string;
}

const TEMPLATE_VARIABLES = {
  contact: 'VITE_EMAILJS_CONTACT_TEMPLATE_ID',
  waitlist: 'VITE_EMAILJS_WAITLIST_TEMPLATE_ID',
  preorder: 'VITE_EMAILJS_PREORDER_TEMPLATE_ID',
} as const satisfies Record<SubmissionKind, keyof ImportMetaEnv>;

/** The keys of one form's mail, or null when the build lacks any of them (EmailJS would refuse). */
export function mailConfig(kind: SubmissionKind): MailConfig | null {
  const env = import.meta.env;
  const publicKey = env.VITE_EMAILJS_PUBLIC_KEY;
  const serviceId = env.VITE_EMAILJS_SERVICE_ID;
  const templateId = env[TEMPLATE_VARIABLES[kind]];
  if (!publicKey || !serviceId || !templateId) return null;
  return { publicKey, serviceId, templateId, origin: env.VITE_EMAILJS_ORIGIN || undefined };
}

export type MailOutcome = 'sent' | 'failed' | 'skipped';

/** What a form hands over to be mailed: its fields, and for sendForm the form element itself. */
export interface MailRequest {
  kind: SubmissionKind;
  fields: Record<string, string>;
  form: HTMLFormElement;
}

/**
 * Loads the SDK and starts the mail. Resolves once the request is on its way, so the caller may
 * reset the form (sendForm has read it by then); `delivered` settles with the result, which is
 * only logged: the submission is already stored.
 */
export async function startMail({ kind, fields, form }: MailRequest): Promise<{ delivered: Promise<MailOutcome> }> {
  const config = mailConfig(kind);
  if (!config) {
    console.warn(MAIL_NOT_CONFIGURED_LOG);
    return { delivered: Promise.resolve('skipped') };
  }
  let request: Promise<unknown>;
  try {
    const emailjs = await import('@emailjs/browser');
    // The origin is read only by init(), not by send()/sendForm()'s options.
    emailjs.init({ publicKey: config.publicKey, origin: config.origin });
    request =
      kind === 'contact'
        ? emailjs.sendForm(config.serviceId, config.templateId, form)
        : emailjs.send(config.serviceId, config.templateId, fields);
  } catch (error) {
    request = Promise.reject(error);
  }
  const delivered = request.then(
    () => 'sent' as const,
    (error: unknown) => {
      console.warn(MAIL_FAILED_LOG, error);
      return 'failed' as const;
    },
  );
  return { delivered };
}
