/** Where the functions' settings come from. Secrets live in Secret Manager in production and in
 *  functions/.secret.local under the Functions emulator; the plain settings come from
 *  functions/.env.<project> (docs/decisions/0045-functions-secrets-and-settings.md). */
import { defineBoolean, defineSecret, defineString } from 'firebase-functions/params';
import { EMAILJS_DEFAULT_API_URL, type MailSettings } from './mail';
import { parseSiteOrigins } from './http/origins';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');

/** Signs the links in mails that act without a sign-in, such as unsubscribing
 *  (docs/decisions/0121-consent-and-unsubscribe.md): 32 random bytes or more, e.g. `openssl rand -hex 32`. */
export const MAIL_LINK_SECRET = defineSecret('MAIL_LINK_SECRET');

/** Comma-separated origins of the site: the only ones CORS admits and the only ones checkout
 *  sends the buyer back to. No default, so a deploy without it stops instead of refusing every
 *  checkout later. */
export const SITE_ORIGINS = defineString('SITE_ORIGINS', {
  description: 'Comma-separated origins of the website, e.g. https://leopard.example,https://www.leopard.example',
});

/** Optional: the base URL of a Stripe stand-in (the local stack sets http://127.0.0.1:12111).
 *  Unset in production, where the SDK talks to api.stripe.com. A plain variable rather than a
 *  param, so a production deploy never asks for it. */
export function stripeApiBaseUrl(): string | undefined {
  const value = process.env.STRIPE_API_BASE_URL?.trim();
  return value ? value : undefined;
}

/** The server mail module's settings (docs/decisions/0109-server-mail.md). The private key is a
 *  secret; the ids are plain params with empty defaults, so a deploy without mail starts and each
 *  mail answers `not-configured` until they are set. */
export const EMAILJS_PRIVATE_KEY = defineSecret('EMAILJS_PRIVATE_KEY');
export const EMAILJS_PUBLIC_KEY = defineString('EMAILJS_PUBLIC_KEY', {
  default: '',
  description: "EmailJS's public key (Account > General). Empty: the functions send no mail.",
});
export const EMAILJS_SERVICE_ID = defineString('EMAILJS_SERVICE_ID', {
  default: '',
  description: 'The EmailJS service the server mails go through. Empty: the functions send no mail.',
});
export const EMAILJS_TEMPLATE_ID = defineString('EMAILJS_TEMPLATE_ID', {
  default: '',
  description: 'The EmailJS template of the server mails (renders {{{message_html}}}). Empty: the functions send no mail.',
});

/** The site's published address, the start of every link in a mail. Empty: the first of
 *  SITE_ORIGINS, which is the site too. */
export const SITE_URL = defineString('SITE_URL', {
  default: '',
  description: "The website's published address for links in mails, e.g. https://leopard.example (default: the first SITE_ORIGINS entry)",
});

/** Optional: the base URL of an EmailJS stand-in (the local stack sets its own). Unset in
 *  production, where mail goes to api.emailjs.com; a plain variable like STRIPE_API_BASE_URL. */
export function emailjsApiUrl(): string {
  return process.env.EMAILJS_API_URL?.trim() || EMAILJS_DEFAULT_API_URL;
}

/** The mail settings of this deploy; read inside a request (the secret is only readable there). */
export function mailSettings(): MailSettings {
  const siteUrl = SITE_URL.value().trim() || (parseSiteOrigins(SITE_ORIGINS.value())[0] ?? '');
  return {
    privateKey: EMAILJS_PRIVATE_KEY.value() ?? '',
    publicKey: EMAILJS_PUBLIC_KEY.value().trim(),
    serviceId: EMAILJS_SERVICE_ID.value().trim(),
    templateId: EMAILJS_TEMPLATE_ID.value().trim(),
    apiUrl: emailjsApiUrl(),
    siteUrl: siteUrl.replace(/\/+$/, ''),
  };
}

/** Where the contact form's inquiries are mailed (docs/decisions/0111-submissions-through-the-server.md).
 *  Empty: inquiries are stored for the staff console and no mail goes out. */
export const CONTACT_INBOX_EMAIL = defineString('CONTACT_INBOX_EMAIL', {
  default: '',
  description: "Leopard's inbox for the contact form's inquiries, e.g. team@leopard.example. Empty: inquiries are only stored.",
});

/** Whether the functions the site's signed-in pages and forms call demand an App Check token
 *  (X-Firebase-AppCheck): on by default, since a production build initialises App Check; never
 *  under the Functions emulator, which has no App Check (docs/decisions/0124-app-check.md). */
export const APP_CHECK_ENFORCED = defineBoolean('APP_CHECK_ENFORCED', {
  default: true,
  description: 'false only to debug a deploy: the signed-in functions and the forms then accept calls without an App Check token.',
});

/** The mode of the Stripe key: which Dashboard the console links a customer to. */
export function stripeKeyMode(secretKey: string): 'test' | 'live' {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
}
