// The Stripe stand-in as a library: start one (server.ts) and the limits its callers check.
// README.md beside src/ describes the API it answers, its hosted pages and its test controls.
export { start, DEFAULT_API_VERSION, type RunningStripe, type StartOptions } from './server';
export type { FailureRule, NewDispute, StripeEvent, WebhookDelivery } from './server';
export { MAX_WEBHOOK_DELAY_MS } from './core/webhooks';
