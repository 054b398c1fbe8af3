/** Helpers of the account browser tests (email change, deletion, data export, consent,
 *  unsubscribe, half-made accounts): customers with a profile, a plan bought through the Stripe
 *  stand-in, and what the stand-ins and the Auth emulator hold. */
import type { Locator, Page } from '@playwright/test';
import type { ReceivedMail } from '@leopard/emailjs-stand-in';
import { DATABASE_URL, EMAILJS_URL, STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { createAccount, readDatabase, signInThroughPage, uniqueEmail, updateDatabase } from './auth.testing';
import { continueToStripe, PAY_TIMEOUT_MS, payOnStripe } from './checkout.testing';
import { expect } from './fixtures.testing';
import { passwordSignIn } from './stored-session.testing';

export const PASSWORD = 'trust-me-123';

export interface Customer {
  uid: string;
  email: string;
  password: string;
}

/** A new customer with a whole profile (as sign-up writes it), not signed in. */
export async function newCustomer(label: string, consents = { receiveAnnouncements: true, receiveAppsMusicTV: true }): Promise<Customer> {
  const email = uniqueEmail(label);
  const uid = await createAccount(email, PASSWORD);
  await updateDatabase({
    [`users/${uid}`]: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phoneNumber: '+16195550123',
      country: 'US',
      birthDate: 'December/10/1990',
      verificationMethod: 'text',
      ...consents,
      emailVerified: false,
      createdAt: new Date().toISOString(),
    },
  });
  return { uid, email, password: PASSWORD };
}

/** Signs in through the sign-in page, which goes on to `path`. */
export async function signInTo(page: Page, customer: Pick<Customer, 'email' | 'password'>, path: string): Promise<void> {
  const signIn = `${paths.signIn}?next=${encodeURIComponent(path)}`;
  await page.goto(signIn);
  await signInThroughPage(page, customer, signIn);
  await expect(page).toHaveURL(path);
}

/** The signed-in customer buys a monthly Earth plan through the stand-in's hosted page; resolves
 *  with the paid order's id. */
export async function buyPlan(page: Page, uid: string): Promise<string> {
  await page.goto(paths.productDetails('websites', 'earth'));
  await continueToStripe(page);
  await payOnStripe(page);
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });
  let orderId: string | undefined;
  await expect
    .poll(async () => {
      const all = ((await readDatabase('all_orders')) ?? {}) as Record<string, { buyer?: string; payment_status?: string }>;
      orderId = Object.keys(all).find((key) => all[key]!.buyer === uid && all[key]!.payment_status === 'paid');
      return orderId;
    })
    .toBeDefined();
  return orderId!;
}

/** Signs out through the customer area's menu (desktop) and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(paths.signIn);
}

/** What the sign-in form says in its alert region. */
export function signInAlert(page: Page): Locator {
  return page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
}

/** Calls the Stripe stand-in's API as our functions do, with the local secret key. */
async function stripeGet<T>(path: string): Promise<T> {
  const response = await fetch(`${STRIPE_URL}${path}`, { headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` } });
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export interface StandInCustomer {
  id: string;
  email: string | null;
}

/** The account's Stripe customer, as the stand-in's /v1/customers has it. */
export async function stripeCustomerOf(uid: string): Promise<StandInCustomer> {
  const link = (await readDatabase(`customers/${uid}`)) as { stripeCustomerId?: string } | null;
  expect(link?.stripeCustomerId, `customers/${uid}`).toMatch(/^cus_/);
  return stripeGet<StandInCustomer>(`/v1/customers/${link!.stripeCustomerId}`);
}

export interface StandInSubscription {
  id: string;
  status: string;
  customer: string;
}

/** The stand-in's subscriptions of a Stripe customer. */
export async function subscriptionsOf(customerId: string): Promise<StandInSubscription[]> {
  const { data } = await stripeGet<{ data: StandInSubscription[] }>(
    `/v1/subscriptions?${new URLSearchParams({ customer: customerId, status: 'all' }).toString()}`,
  );
  return data;
}

/** Every mail the functions sent to `email`, from the EmailJS stand-in's outbox. */
export async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const all = (await (await fetch(`${EMAILJS_URL}/__received`)).json()) as ReceivedMail[];
  return all.filter((mail) => mail.params.to_email === email);
}

/** The unsubscribe link a mail carries, as a path and query on the site. */
export function unsubscribeLinkIn(mail: ReceivedMail): string {
  const text = `${String(mail.params.message_html ?? '')} ${String(mail.params.message_text ?? '')}`;
  const found = /https?:\/\/[^\s"'<>]+\/unsubscribe\?token=[^\s"'<>]+/.exec(text);
  expect(found, 'an unsubscribe link in the mail').not.toBeNull();
  const url = new URL(found![0].replaceAll('&amp;', '&'));
  return url.pathname + url.search;
}

/** The switch of one marketing choice in Profile settings. */
export function consentSwitch(page: Page, name: string | RegExp): Locator {
  return page.getByRole('switch', { name });
}

/** An ID token of the customer from a sign-in through Auth's REST API, as another device of theirs
 *  holds one (it lives an hour). */
export async function idTokenOf(customer: Pick<Customer, 'email' | 'password'>): Promise<string> {
  return (await passwordSignIn(customer)).idToken;
}

/** The database's REST address of `path` (its query names the namespace), to call as a browser's
 *  SDK would, with `&auth=<ID token>`: the rules apply. */
export function databasePathUrl(path: string): string {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${path}.json`;
  return url.href;
}
