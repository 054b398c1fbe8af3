// stripePortal over real HTTP, with the real `stripe` SDK against the Stripe stand-in and
// firebase-admin against the database emulator: what it answers, and above all what it refuses.
// checkoutSummary and claimGuestOrders have their own files (checkout-summary.test.ts,
// guest-orders.test.ts).
import { describe, expect, it } from 'vitest';
import { read, SITE } from '../testing/backends.testing';
import { bearer, useHarness, type Account, buy } from '../checkout/store.testing';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { post } from '../http/http.testing';

const harness = useHarness('billing-endpoints');

const RETURN_URL = `${SITE}/payment-methods`;

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, { headers });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** A signed-in account that has bought (so it has a Stripe customer). */
async function customer(options: { email?: string } = {}): Promise<{ account: Account; customerId: string }> {
  const account = harness.signIn(options);
  await buy(harness, {}, { account });
  const customerId = await read<string>(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`);
  return { account, customerId: customerId! };
}

describe('stripePortal', () => {
  it('opens the billing portal of the caller’s own customer, returning to the site', async () => {
    const { account, customerId } = await customer({ email: 'ada@example.com' });
    const answer = await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer(account));
    expect(answer).toEqual({
      status: 201,
      json: { statusCode: 201, data: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\/bps_/) } },
    });
    const sessions = (await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()) as {
      customer: string;
      return_url: string;
      url: string;
    }[];
    // With the catalogue's portal configuration (its plan switch, invoices, cancellation reasons).
    const [configuration] = (await harness.stripe.billingPortal.configurations.list()).data.filter(
      (entry) => entry.metadata?.leopard === 'catalogue',
    );
    expect(sessions).toEqual([
      expect.objectContaining({
        customer: customerId,
        return_url: RETURN_URL,
        url: (answer.json.data as { url: string }).url,
        configuration: configuration!.id,
      }),
    ]);
    const page = await (await fetch((answer.json.data as { url: string }).url)).text();
    expect(page).toContain('Billing for ada@example.com');
  });

  it('refuses a request without a sign-in, or with a forged one (401), opening nothing', async () => {
    await customer();
    expect(await post(harness.urls.portal, { returnURL: RETURN_URL })).toEqual({
      status: 401,
      json: { statusCode: 401, error: { message: expect.stringContaining('Sign in') } },
    });
    expect(await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer('forged.token.value'))).toMatchObject({ status: 401 });
    expect(await post(harness.urls.portal, { returnURL: RETURN_URL }, { Authorization: 'Basic abc' })).toMatchObject({ status: 401 });
    expect(await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()).toEqual([]);
  });

  it('never takes a customer from the body: another user’s customer id is refused (400)', async () => {
    const victim = await customer();
    const { account } = await customer();
    const answer = await post(harness.urls.portal, { returnURL: RETURN_URL, customer: victim.customerId }, bearer(account));
    expect(answer).toEqual({
      status: 400,
      json: { statusCode: 400, error: { field: 'customer', message: expect.stringContaining('your own') } },
    });
    expect(await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()).toEqual([]);
  });

  it('refuses a return address off the site (400 on returnURL)', async () => {
    const { account } = await customer();
    for (const returnURL of ['https://evil.example/payment-methods', 'http://127.0.0.1:9999/', 'not a url']) {
      expect(await post(harness.urls.portal, { returnURL }, bearer(account))).toMatchObject({
        status: 400,
        json: { error: { field: 'returnURL' } },
      });
    }
  });

  it('answers 404 to a user who has no customer yet', async () => {
    const answer = await post(harness.urls.portal, { returnURL: RETURN_URL }, bearer(harness.signIn()));
    expect(answer).toEqual({ status: 404, json: { statusCode: 404, error: { message: expect.stringContaining('first purchase') } } });
  });

  it('answers the site’s preflight and refuses other sites (CORS), and methods but POST', async () => {
    const preflight = await fetch(harness.urls.portal, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    const foreign = await post(
      harness.urls.portal,
      { returnURL: RETURN_URL },
      { Origin: 'https://evil.example', ...bearer(harness.signIn()) },
    );
    expect(foreign.status).toBe(403);
    expect((await get(harness.urls.portal)).status).toBe(405);
  });
});
