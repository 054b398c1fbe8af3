/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<exact payload>" keyed with the
 * endpoint's whsec_ secret>`. The key is the whole secret string, prefix included, as Stripe's SDKs use it.
 */
import { createHmac } from 'node:crypto';

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
