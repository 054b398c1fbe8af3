/**
 * Runs the Stripe stand-in alone:
 *   npx tsx emulators/stripe/src/cli.ts --secret-key sk_test_… [--port 12111] [--host 127.0.0.1] [--quiet]
 *     [--webhook-url URL --webhook-secret whsec_…] [--business-name Leopard]
 *     [--allow-origin ORIGIN]…   (browser pages that may call it; default: any loopback origin)
 *     [--webhook-delay-ms N]     (the hosted checkout's events go out N ms after Pay; default 0)
 *     [--terms-of-service-url URL] (the account's public Terms URL; default none, as on a new
 *                                 account, and Checkout's Terms consent is then refused)
 * The key and the webhook are the caller's, as for `start()`: the package knows no project's
 * credentials and imports nothing outside itself
 * (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-no-import-leaves-a-package).
 * Without --webhook-url, events are kept and not sent.
 */
import { parseArgs } from 'node:util';
import { serviceFlags, serviceOptions } from '@leopard/emulator-http';
import { start } from './server';
import { MAX_WEBHOOK_DELAY_MS } from './core/webhooks';

const { values } = parseArgs({
  options: {
    ...serviceOptions(12111),
    'secret-key': { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'business-name': { type: 'string', default: 'Leopard' },
    'webhook-delay-ms': { type: 'string', default: '0' },
    'terms-of-service-url': { type: 'string' },
  },
});
const service = serviceFlags(values);
const secretKey = values['secret-key'];
if (!secretKey) {
  console.error('--secret-key is required: the one API key the stand-in accepts (npm start uses sk_test_local_leopard)');
  process.exit(2);
}
const webhookUrl = values['webhook-url'];
if (webhookUrl !== undefined && !URL.canParse(webhookUrl)) {
  console.error(`--webhook-url must be a URL (got "${webhookUrl}")`);
  process.exit(2);
}
if (webhookUrl !== undefined && !values['webhook-secret']) {
  console.error('--webhook-url needs --webhook-secret, which signs every delivery');
  process.exit(2);
}
const webhookDelayMs = Number(values['webhook-delay-ms']);
if (!/^\d+$/.test(values['webhook-delay-ms']) || webhookDelayMs > MAX_WEBHOOK_DELAY_MS) {
  console.error(
    `--webhook-delay-ms must be a whole number of milliseconds from 0 to ${MAX_WEBHOOK_DELAY_MS} (got "${values['webhook-delay-ms']}")`,
  );
  process.exit(2);
}
const termsOfServiceUrl = values['terms-of-service-url'];
if (termsOfServiceUrl !== undefined && !URL.canParse(termsOfServiceUrl)) {
  console.error(`--terms-of-service-url must be a URL (got "${termsOfServiceUrl}")`);
  process.exit(2);
}
const stripe = await start({
  ...service,
  secretKey,
  webhookUrl,
  webhookSecret: values['webhook-secret'],
  businessName: values['business-name'],
  webhookDelayMs,
  termsOfServiceUrl,
});
console.log(
  `Stripe stand-in ready on ${stripe.url} (${webhookUrl ? `events go to ${webhookUrl}` : 'no webhook URL: events are kept, not sent'}; sessions: ${stripe.url}/__sessions)`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stripe.stop().then(() => process.exit(0)));
}
