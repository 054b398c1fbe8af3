import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../../../src/catalog/stripe-prices';
import { createStripeClient, InvalidStripeBaseUrlError, stripeConnection } from './stripe-client';

describe('stripeConnection (STRIPE_API_BASE_URL → SDK options)', () => {
  it('leaves the SDK on api.stripe.com when unset or empty', () => {
    expect(stripeConnection(undefined)).toEqual({});
    expect(stripeConnection('')).toEqual({});
  });

  it('points at the local stand-in over plain http', () => {
    expect(stripeConnection('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeConnection('http://127.0.0.1:12111/')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
  });

  it('uses the protocol default port when none is given', () => {
    expect(stripeConnection('https://stripe-mock.internal')).toEqual({ host: 'stripe-mock.internal', port: 443, protocol: 'https' });
    expect(stripeConnection('http://localhost')).toEqual({ host: 'localhost', port: 80, protocol: 'http' });
  });

  it.each([
    '127.0.0.1:12111',
    'ftp://127.0.0.1:12111',
    'http://127.0.0.1:12111/v1',
    'http://127.0.0.1:12111?x=1',
    'http://user@127.0.0.1:12111',
    'not a url',
  ])('refuses %s', (value) => {
    expect(() => stripeConnection(value)).toThrow(InvalidStripeBaseUrlError);
  });
});

describe('createStripeClient', () => {
  it('sends the pinned API version on every request, the one the installed package is typed for', async () => {
    const versions: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      versions.push(request.headers['stripe-version'] as string | undefined);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ id: 'cus_pinned', object: 'customer' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await createStripeClient('sk_test_pinned', `http://127.0.0.1:${port}`).customers.retrieve('cus_pinned');
    } finally {
      server.close();
    }
    expect(versions).toEqual([STRIPE_API_VERSION]);
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });
});
