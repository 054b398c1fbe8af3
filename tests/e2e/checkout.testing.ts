/** Helpers of the purchase tests: a signed-in customer on the store, the Stripe stand-in's hosted
 *  pages, and the order cards of the order history. */
import type { Page } from '@playwright/test';
import { STRIPE_URL } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { createAccount, uniqueEmail } from './auth.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';

export const PASSWORD = 'checkout-123';
/** The stand-in redirects after Pay only once the webhook was delivered (with its retries). */
export const PAY_TIMEOUT_MS = 20_000;

export interface StandInSession {
  id: string;
  url: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  amount_total: number;
}

/** A new customer, signed in (a stored session, tests/e2e/stored-session.testing.ts), on the store. */
export async function signInToStore(page: Page): Promise<string> {
  const email = uniqueEmail('checkout');
  const uid = await createAccount(email, PASSWORD);
  await openSignedIn(page, { email, password: PASSWORD }, paths.store);
  return uid;
}

/** The stand-in's session behind the hosted page the browser is on. */
export async function sessionOnScreen(page: Page): Promise<StandInSession> {
  const sessions = (await (await fetch(`${STRIPE_URL}/__sessions`)).json()) as StandInSession[];
  const session = sessions.find((candidate) => candidate.url === page.url());
  expect(session, `a stand-in session for ${page.url()}`).toBeDefined();
  return session!;
}

export async function continueToStripe(page: Page): Promise<StandInSession> {
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  // The stripeCheckout function answers before the hosted page appears.
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/cs_`), { timeout: FUNCTION_CALL_TIMEOUT_MS });
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return sessionOnScreen(page);
}

export const orderCard = (page: Page, service: string) =>
  page
    .getByRole('region', { name: 'Your orders' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: service }) });

/** A billing address the stand-in taxes (California, 7.25 %: emulators/stripe/README.md, "Tax"). */
export const TEST_BILLING_ADDRESS = {
  name: 'Ada Lovelace',
  country: 'US',
  line1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
};

/** A billing address the stand-in does not tax (Oregon), for tests whose figures are the
 *  catalogue's prices alone. */
export const UNTAXED_BILLING_ADDRESS = {
  ...TEST_BILLING_ADDRESS,
  line1: '1 Pioneer Sq',
  city: 'Portland',
  state: 'OR',
  postalCode: '97204',
};

/** Pays on the stand-in's hosted checkout as a buyer does: the billing address and the terms
 *  when the page asks for them (a checkout with `consent_collection` and
 *  `billing_address_collection`), an optional promotion code applied first, then Pay
 *  (`beforePay` checks the page just before). */
export async function payOnStripe(
  page: Page,
  {
    address = TEST_BILLING_ADDRESS,
    promotionCode,
    beforePay,
  }: { address?: typeof TEST_BILLING_ADDRESS; promotionCode?: string; beforePay?: () => Promise<void> } = {},
) {
  const country = page.getByLabel('Country', { exact: true });
  if ((await country.count()) > 0) {
    const name = page.getByLabel('Full name', { exact: true });
    if ((await name.count()) > 0) await name.fill(address.name);
    await country.selectOption(address.country);
    await page.getByLabel('Address line 1', { exact: true }).fill(address.line1);
    await page.getByLabel('City', { exact: true }).fill(address.city);
    await page.getByLabel('State or province', { exact: true }).fill(address.state);
    await page.getByLabel('Postal code', { exact: true }).fill(address.postalCode);
  }
  if (promotionCode !== undefined) {
    await page.getByLabel('Promotion code (optional)', { exact: true }).fill(promotionCode);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(`Promotion code ${promotionCode} applied.`);
  }
  const terms = page.getByRole('checkbox', { name: /terms of service/i });
  if ((await terms.count()) > 0) await terms.check();
  await beforePay?.();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}
