/**
 * Runs the Stripe stand-in alone:
 *   npx tsx emulators/stripe/src/cli.ts [--port 12111] [--host 127.0.0.1] [--quiet]
 *     [--secret-key sk_test_…] [--webhook-url URL] [--webhook-secret whsec_…] [--business-name Leopard]
 *     [--allow-origin ORIGIN]…   (browser pages that may call it; default: any loopback origin)
 *     [--webhook-delay-ms N]     (the hosted checkout's events go out N ms after Pay; default 0)
 *     [--terms-of-service-url URL] (the account's public Terms URL; default none, as on a new
 *                                 account, and Checkout's Terms consent is then refused)
 * Defaults come from emulators/local-config.ts (the webhook URL is the local stripeWebhook function).
 */
import { parseArgs } from 'node:util';
import { allowOriginFlags } from '@leopard/emulator-http';
import { PORTS, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_URL } from '../../local-config';
import { start } from './server';
import { MAX_WEBHOOK_DELAY_MS } from './core/webhooks';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(PORTS.stripe) },
    host: { type: 'string', default: '127.0.0.1' },
    quiet: { type: 'boolean', default: false },
    'secret-key': { type: 'string', default: STRIPE_SECRET_KEY },
    'webhook-url': { type: 'string', default: STRIPE_WEBHOOK_URL },
    'webhook-secret': { type: 'string', default: STRIPE_WEBHOOK_SECRET },
    'business-name': { type: 'string', default: 'Leopard' },
    'allow-origin': { type: 'string', multiple: true },
    'webhook-delay-ms': { type: 'string', default: '0' },
    'terms-of-service-url': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")`);
  process.exit(2);
}
if (!URL.canParse(values['webhook-url'])) {
  console.error(`--webhook-url must be a URL (got "${values['webhook-url']}")`);
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
const allowedOrigins = allowOriginFlags(values['allow-origin']);
const stripe = await start({
  port,
  host: values.host,
  quiet: values.quiet,
  secretKey: values['secret-key'],
  webhookUrl: values['webhook-url'],
  webhookSecret: values['webhook-secret'],
  businessName: values['business-name'],
  allowedOrigins,
  webhookDelayMs,
  termsOfServiceUrl,
});
console.log(`Stripe stand-in ready on ${stripe.url} (events go to ${values['webhook-url']}; sessions: ${stripe.url}/__sessions)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stripe.stop().then(() => process.exit(0)));
}
