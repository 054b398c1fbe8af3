/** The local stack this process talks to, for code that cannot be handed one: the stand-ins' CLIs
 *  and the e2e tests, whose Playwright config names the suite's stack in LEOPARD_PORT_OFFSET
 *  (offset 0, `npm start`'s default, when unset). Every address comes from emulators/ports.ts. */
import { localStack, portOffsetFrom } from './ports';

export { DATABASE_NAMESPACE, HOST, PROJECT_ID } from './ports';

export const LOCAL_STACK = localStack(portOffsetFrom(process.env, 0));
export const PORTS = LOCAL_STACK.ports;
export const DATABASE_URL = LOCAL_STACK.databaseUrl;
export const FUNCTIONS_URL = LOCAL_STACK.functionsUrl;
/** The EmailJS stand-in the functions' mails go to locally; production uses EmailJS. */
export const EMAILJS_URL = LOCAL_STACK.emailjsUrl;
/** What the functions' Stripe client is pointed at locally; production talks to api.stripe.com. */
export const STRIPE_URL = LOCAL_STACK.stripeUrl;
export const STRIPE_WEBHOOK_URL = LOCAL_STACK.stripeWebhookUrl;
/** Local-only Stripe credentials: the stand-in accepts exactly these, and the functions read them
 *  from functions/.secret.local. They unlock nothing anywhere else. */
export const STRIPE_SECRET_KEY = 'sk_test_local_leopard';
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_leopard';
/** The local EmailJS account of the functions' mails: the stand-in accepts only this private key
 *  (the functions read it from functions/.secret.local), and these ids arrive with each mail. */
export const EMAILJS_PRIVATE_KEY = 'emailjs_private_local_leopard';
/** Signs the unsubscribe links of the functions' local mails (functions/.secret.local holds it too). */
export const MAIL_LINK_SECRET = 'mail_link_local_leopard_not_a_real_secret_0000';
export const EMAILJS_SERVER_MAIL = {
  EMAILJS_PUBLIC_KEY: 'demo-public-key',
  EMAILJS_SERVICE_ID: 'demo-service',
  EMAILJS_TEMPLATE_ID: 'demo-server-template',
} as const;
/** The forms' function settings (docs/decisions/0111-submissions-through-the-server.md): the inbox
 *  the contact form's inquiries are mailed to, and no App Check, which cannot run locally. */
export const FORMS_FUNCTION_PARAMS = {
  CONTACT_INBOX_EMAIL: 'team@leopard.test',
  APP_CHECK_ENFORCED: 'false',
} as const;
