/** Helpers of the purchase tests: a signed-in customer on the store, the Stripe stand-in's hosted
 *  pages, and the order cards of the order history. */
import type { Page } from '@playwright/test';
import { STRIPE_URL } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { createAccount, signInThroughPage, uniqueEmail } from './auth-helpers';
import { expect } from './fixtures';

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

/** A new customer, signed in through the sign-in page, on the store. */
export async function signInToStore(page: Page): Promise<string> {
  const email = uniqueEmail('checkout');
  const uid = await createAccount(email, PASSWORD);
  await signInThroughPage(page, { email, password: PASSWORD }, `${paths.signIn}?next=${paths.store}`);
  await expect(page).toHaveURL(paths.store);
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
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/cs_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return sessionOnScreen(page);
}

export const orderCard = (page: Page, service: string) =>
  page
    .getByRole('region', { name: 'Your orders' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: service }) });
