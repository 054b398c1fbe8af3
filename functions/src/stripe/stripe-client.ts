/** The Stripe SDK client: api.stripe.com in production, the local stand-in when
 *  STRIPE_API_BASE_URL names one. The code path is otherwise the same. */
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../../src/catalog/stripe-prices';

/** A checkout request waits at most this long for Stripe, so the function can still answer 502
 *  before its own time limit. */
const STRIPE_TIMEOUT_MS = 20_000;

export type StripeConnection = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

export class InvalidStripeBaseUrlError extends Error {
  constructor(value: string) {
    super(`STRIPE_API_BASE_URL must be an http(s) origin such as http://127.0.0.1:12111, not "${value}"`);
    this.name = 'InvalidStripeBaseUrlError';
  }
}

/** STRIPE_API_BASE_URL → the SDK's host/port/protocol options; unset → {} (the SDK's defaults,
 *  https://api.stripe.com). A path is refused: the SDK always requests /v1/... from the host. */
export function stripeConnection(baseUrl: string | undefined): StripeConnection {
  if (!baseUrl) return {};
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidStripeBaseUrlError(baseUrl);
  }
  const protocol = url.protocol.slice(0, -1);
  if ((protocol !== 'http' && protocol !== 'https') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.username) {
    throw new InvalidStripeBaseUrlError(baseUrl);
  }
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

export function createStripeClient(secretKey: string, baseUrl: string | undefined): Stripe {
  return new Stripe(secretKey, { ...stripeConnection(baseUrl), apiVersion: STRIPE_API_VERSION, timeout: STRIPE_TIMEOUT_MS });
}
