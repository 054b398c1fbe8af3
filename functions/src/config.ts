/** Where the functions' settings come from. Secrets live in Secret Manager in production and in
 *  functions/.secret.local under the Functions emulator; the plain settings come from
 *  functions/.env.<project> (docs/decisions/0045-functions-secrets-and-settings.md). */
import { defineSecret, defineString } from 'firebase-functions/params';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');

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
