/** What the server mail module needs to send through EmailJS's REST API
 *  (docs/decisions/0109-server-mail.md). Every field may be empty: a deploy without mail settings
 *  starts, and each mail it would send answers `not-configured`. */
export interface MailSettings {
  /** EmailJS's private key (the REST API's `accessToken`), a secret. */
  privateKey: string;
  /** EmailJS's public key (`user_id`). */
  publicKey: string;
  serviceId: string;
  /** The one template every server mail goes through: it renders `{{{message_html}}}`. */
  templateId: string;
  /** EmailJS's API base, or the local stand-in's. */
  apiUrl: string;
  /** The site's published address, without a trailing slash: every link in a mail starts here. */
  siteUrl: string;
}

export const EMAILJS_DEFAULT_API_URL = 'https://api.emailjs.com';

/** Whether a mail can be handed to EmailJS at all: each id and key is needed on every call. */
export function isMailConfigured(settings: MailSettings): boolean {
  return [settings.privateKey, settings.publicKey, settings.serviceId, settings.templateId, settings.apiUrl].every(
    (value) => value.trim() !== '',
  );
}

/** `path` on the site, e.g. siteLink('https://leopard.example', '/space-pass/ABC'). */
export function siteLink(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl.replace(/\/+$/, '')}/`).href;
}
