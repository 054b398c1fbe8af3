// `npm run stripe:webhook` against the Stripe stand-in with the real `stripe` SDK: the endpoint it
// makes (HANDLED_EVENT_TYPES at STRIPE_API_VERSION), the secret it prints verifying what Stripe then
// delivers to a receiver, a second run that changes nothing, an edited endpoint put back in place,
// an endpoint of another API version refused (or replaced with --replace), and a live key without
// --live refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { start, type RunningStripe } from '@leopard/stripe-stand-in';
import { WebhookReceiver } from '@leopard/stripe-stand-in/testing';
import { STRIPE_WEBHOOK_SECRET } from '../functions/src/config';
import { HANDLED_EVENT_TYPES } from '../functions/src/webhook/webhook-events';
import { STRIPE_API_VERSION } from '../src/catalog/stripe-prices';
import { catalogueStripeClient } from '../emulators/stripe-catalog-sync';
import { ENDPOINT_METADATA, main, parseWebhookArgs, WEBHOOK_EVENTS, WEBHOOK_SECRET_NAME } from './stripe-webhook';

const KEY = 'sk_test_stripe_webhook';
const OLD_VERSION = '2025-03-31.basil';
let standIn: RunningStripe;
let stripe: Stripe;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  standIn = await start({ port: 0, quiet: true, secretKey: KEY });
  stripe = catalogueStripeClient(KEY, standIn.url);
});
afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});
beforeEach(() => {
  standIn.reset();
  receiver.clear();
});
afterEach(() => vi.restoreAllMocks());

/** Runs the command against this file's stand-in (a test key, so Stripe's side of the command);
 *  what it printed and its exit code. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = vi.spyOn(console, 'log').mockImplementation(() => {});
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await main(
      ['--project', 'leopard-prod', '--url', receiver.url, ...argv],
      { STRIPE_SECRET_KEY: 'sk_test_x' },
      () => stripe,
    );
    const text = (spy: typeof out) => spy.mock.calls.map((call) => call.join(' ')).join('\n');
    return { code, out: text(out), err: text(err) };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const printedSecret = (out: string) => /signing secret \(Stripe shows it this once\): (whsec_\S+)/.exec(out)?.[1];

/** Something the webhook handles happens in Stripe (a customer's details change): the events the
 *  receiver then got, each verified with `secret` (the SDK throws on a wrong one). */
async function deliveredWith(secret: string): Promise<Stripe.Event[]> {
  receiver.clear();
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  await stripe.customers.update(customer.id, { name: 'Ada' });
  await standIn.settled();
  return receiver.received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, secret));
}

describe('npm run stripe:webhook', () => {
  it('creates the endpoint with the handled events at the pinned version, and prints a secret that verifies what Stripe delivers', async () => {
    const { code, out } = await run();
    expect(code).toBe(0);
    const [endpoint] = (await stripe.webhookEndpoints.list()).data;
    expect(endpoint).toMatchObject({
      url: receiver.url,
      api_version: STRIPE_API_VERSION,
      enabled_events: [...HANDLED_EVENT_TYPES],
      metadata: ENDPOINT_METADATA,
      status: 'enabled',
    });
    expect(out).toContain(`Created the webhook endpoint ${endpoint.id}`);
    expect(out).toContain(`npx firebase functions:secrets:set STRIPE_WEBHOOK_SECRET --project leopard-prod`);

    const events = await deliveredWith(printedSecret(out)!);
    // customer.created is not handled, so not sent; customer.updated is.
    expect(events.map((event) => [event.type, event.api_version])).toEqual([['customer.updated', STRIPE_API_VERSION]]);
  });

  it('changes nothing on a second run, and says so', async () => {
    await run();
    const [before] = (await stripe.webhookEndpoints.list()).data;
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out).toContain(`Nothing changed: the webhook endpoint ${before.id}`);
    expect(printedSecret(out)).toBeUndefined();
    expect((await stripe.webhookEndpoints.list()).data).toEqual([before]);
  });

  it('puts back edited events, a disabled status and a moved URL in place, keeping the endpoint and its secret', async () => {
    const first = await run();
    const secret = printedSecret(first.out)!;
    const [endpoint] = (await stripe.webhookEndpoints.list()).data;
    await stripe.webhookEndpoints.update(endpoint.id, { enabled_events: ['invoice.paid'], disabled: true, url: `${receiver.url}?old` });

    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out).toContain(`Updated the webhook endpoint ${endpoint.id}`);
    expect(out).toMatch(/\(url, enabled_events, disabled\)/);
    expect(printedSecret(out)).toBeUndefined();
    expect((await stripe.webhookEndpoints.list()).data).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, enabled_events: [...HANDLED_EVENT_TYPES], status: 'enabled' }),
    ]);
    expect((await deliveredWith(secret)).map((event) => event.type)).toEqual(['customer.updated']);
  });

  it('adopts an endpoint made by hand at the same URL and version, marking it as ours', async () => {
    const byHand = await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['*'], api_version: STRIPE_API_VERSION });
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out).toContain(`Updated the webhook endpoint ${byHand.id}`);
    expect((await stripe.webhookEndpoints.retrieve(byHand.id)).metadata).toEqual(ENDPOINT_METADATA);
  });

  it('refuses an endpoint of another API version, changing nothing, and replaces it with --replace', async () => {
    const old = await stripe.webhookEndpoints.create({
      url: receiver.url,
      enabled_events: WEBHOOK_EVENTS,
      api_version: OLD_VERSION,
      metadata: ENDPOINT_METADATA,
    });
    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${old.id} sends events at API version ${OLD_VERSION}`);
    expect(refused.err).toContain(`the functions speak ${STRIPE_API_VERSION}`);
    expect(refused.err).toContain('--replace');
    expect((await stripe.webhookEndpoints.list()).data.map((endpoint) => [endpoint.id, endpoint.api_version])).toEqual([
      [old.id, OLD_VERSION],
    ]);

    const replaced = await run('--replace');
    expect(replaced.code).toBe(0);
    const [endpoint, ...others] = (await stripe.webhookEndpoints.list()).data;
    expect(others).toEqual([]);
    expect(endpoint).toMatchObject({ api_version: STRIPE_API_VERSION, metadata: ENDPOINT_METADATA });
    expect(endpoint.id).not.toBe(old.id);
    expect(replaced.out).toContain(`Deleted ${old.id} (another API version).`);
    expect(replaced.out).toContain('npx firebase functions:secrets:set STRIPE_WEBHOOK_SECRET');
    const events = await deliveredWith(printedSecret(replaced.out)!);
    expect(events.map((event) => event.api_version)).toEqual([STRIPE_API_VERSION]);
  });

  it('finishes a replacement that could not delete the old endpoint: keeps the new one and deletes the old with --replace', async () => {
    const old = await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['*'], api_version: OLD_VERSION });
    // Stripe fails the deletion once: the new endpoint's secret is printed all the same.
    vi.spyOn(stripe.webhookEndpoints, 'del').mockRejectedValueOnce(new Error('An error occurred with our connection to Stripe.'));
    const first = await run('--replace');
    expect(first.code).toBe(0);
    expect(printedSecret(first.out)).toMatch(/^whsec_/);
    expect(first.out).toContain(`Could not delete ${old.id} (An error occurred with our connection to Stripe.)`);
    vi.mocked(stripe.webhookEndpoints.del).mockRestore();
    const [kept] = (await stripe.webhookEndpoints.list()).data.filter((endpoint) => endpoint.id !== old.id);

    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`Run again with --replace to keep ${kept.id}, which is at ${STRIPE_API_VERSION}, and delete ${old.id}.`);

    const second = await run('--replace');
    expect(second.code).toBe(0);
    expect(second.out).toContain(`Nothing changed: the webhook endpoint ${kept.id}`);
    expect(second.out).toContain(`Deleted ${old.id} (another API version).`);
    expect(printedSecret(second.out)).toBeUndefined();
    expect((await stripe.webhookEndpoints.list()).data.map((endpoint) => endpoint.id)).toEqual([kept.id]);
  });

  it('refuses a live key without --live, and touches no account', async () => {
    const connect = vi.fn(() => stripe);
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main(['--project', 'leopard-prod'], { STRIPE_SECRET_KEY: 'sk_live_abc' }, connect)).toBe(2);
      expect(err.mock.calls.join('\n')).toContain('STRIPE_SECRET_KEY is a live key: add --live');
    } finally {
      err.mockRestore();
    }
    expect(connect).not.toHaveBeenCalled();
    expect(parseWebhookArgs(['--live', '--project', 'leopard-prod'], { STRIPE_SECRET_KEY: 'rk_live_abc' })).toMatchObject({
      target: { kind: 'stripe', secretKey: 'rk_live_abc' },
    });
  });
});

describe('npm run stripe:webhook arguments', () => {
  it('sends events to the deployed function of the project, from --project or .firebaserc, or to --url', () => {
    const root = mkdtempSync(join(tmpdir(), 'stripe-webhook-'));
    writeFileSync(join(root, '.firebaserc'), JSON.stringify({ projects: { default: 'leopard-prod' } }));
    const key = { STRIPE_SECRET_KEY: 'sk_test_abc' };
    expect(parseWebhookArgs([], key, root)).toMatchObject({
      url: 'https://us-central1-leopard-prod.cloudfunctions.net/stripeWebhook',
      project: 'leopard-prod',
      replace: false,
    });
    expect(parseWebhookArgs(['--project=leopard-staging', '--replace'], key, root)).toMatchObject({
      url: 'https://us-central1-leopard-staging.cloudfunctions.net/stripeWebhook',
      project: 'leopard-staging',
      replace: true,
    });
    expect(parseWebhookArgs(['--url', 'https://hooks.example.org/stripe'], key, root)).toMatchObject({
      url: 'https://hooks.example.org/stripe',
    });
  });

  it('refuses the demo project or none, and talks to the local stand-in and its stripeWebhook without a key', () => {
    const demo = mkdtempSync(join(tmpdir(), 'stripe-webhook-'));
    writeFileSync(join(demo, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-leopard' } }));
    const key = { STRIPE_SECRET_KEY: 'sk_test_abc' };
    expect(() => parseWebhookArgs([], key, demo)).toThrow(/demo-leopard is the local demo project.*--project <id>/);
    expect(() => parseWebhookArgs([], key, mkdtempSync(join(tmpdir(), 'stripe-webhook-')))).toThrow(/No Firebase project/);
    expect(parseWebhookArgs(['--port-offset', '100'], {}, demo)).toMatchObject({
      target: { kind: 'local', baseUrl: 'http://127.0.0.1:12211' },
      url: 'http://127.0.0.1:5101/demo-leopard/us-central1/stripeWebhook',
      project: null,
    });
    expect(() => parseWebhookArgs(['--url', 'ftp://x'], key, demo)).toThrow(/--url must be an http\(s\) address/);
    expect(() => parseWebhookArgs(['--nope'], key, demo)).toThrow(/Unknown argument/);
  });

  it('names the secret the functions verify with', () => {
    expect(WEBHOOK_SECRET_NAME).toBe(STRIPE_WEBHOOK_SECRET.name);
  });
});
