/** A guest's order joins an account only by proof of purchase
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md): the Checkout session the thank-you
 *  page was opened with, or the claim link mailed to the address given at checkout. Never the
 *  email: the owner of the address typed on Stripe's page finds nothing in their account. */
import type { Page } from '@playwright/test';
import { EMAILJS_URL } from '../../emulators/local-config';
import { GUEST_ORDER_TEXTS } from '../../src/catalog/checkout';
import { SERVICE_LABELS } from '../../src/catalog/services';
import { paths } from '../../src/config/paths';
import { createAccount, expectRefusedRequests, readDatabase, signInThroughPage, uniqueEmail } from './auth.testing';
import { PASSWORD, PAY_TIMEOUT_MS, continueToStripe, orderCard, payOnStripe } from './checkout.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';

/** What the claim function answers for a link somebody else used (functions/src/orders/guest-orders.ts). */
const USED_LINK = 'This claim link has already been used: the order is in the account that used it.';
const SERVICE = SERVICE_LABELS.websites;
/** What every way in answers for an order of a deleted account (functions/src/orders/checkout-summary.ts). */
const CLOSED_ORDER =
  'This order belonged to an account that has been deleted: it cannot be added to an account, and its details, billing and invoices can no longer be opened here. If it was yours, please contact us.';

/** A visitor buys the Websites Earth plan, typing `email` on Stripe's page, and lands on the
 *  thank-you page. Answers the order and its session. */
async function buyAsGuest(page: Page, email: string): Promise<{ orderId: string; sessionId: string }> {
  await page.goto(paths.productDetails('websites', 'earth'));
  await expect(page.getByText('You are checking out as a guest')).toBeVisible();
  const session = await continueToStripe(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await payOnStripe(page);
  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${session.id}`, { timeout: PAY_TIMEOUT_MS });
  return { orderId: session.metadata.orderId!, sessionId: session.id };
}

/** The claim link mailed to `email`, from what the EmailJS stand-in received. */
async function claimLinkFor(email: string): Promise<string> {
  type Mail = { params: Record<string, unknown> };
  const find = async () =>
    ((await (await fetch(`${EMAILJS_URL}/__received`)).json()) as Mail[]).find(
      (mail) => mail.params.to_email === email && String(mail.params.message_text).includes(paths.claimOrder),
    );
  await expect.poll(find).toBeTruthy();
  const link = /https?:\/\/\S+\/claim-order\?token=\S+/.exec(String((await find())!.params.message_text));
  expect(link).not.toBeNull();
  const url = new URL(link![0]);
  return url.pathname + url.search;
}

const summary = (page: Page) => page.getByRole('region', { name: 'Your order' });

test('the owner of the email typed at checkout finds nothing; the buyer signing in on the thank-you page gets the order', async ({
  page,
  browser,
}) => {
  // Someone else's address typed at checkout, and that someone has an account.
  const typedEmail = uniqueEmail('typed');
  await createAccount(typedEmail, PASSWORD);
  const { orderId, sessionId } = await buyAsGuest(page, typedEmail);
  await expect(summary(page)).toContainText(GUEST_ORDER_TEXTS.visitorHow);

  // The owner of the typed address signs in and opens the customer area: nothing of the guest's.
  const owner = await browser.newPage();
  await signInThroughPage(owner, { email: typedEmail, password: PASSWORD }, `${paths.signIn}?next=${paths.orderHistory}`);
  await expect(owner).toHaveURL(paths.orderHistory);
  await expect(owner.getByText('You have no orders yet.')).toBeVisible();
  await owner.close();
  expect(await readDatabase(`all_orders/${orderId}/buyer`)).toBeNull();

  // The buyer signs in from the thank-you page (any account) and comes back to it.
  const buyerEmail = uniqueEmail('buyer');
  const buyer = await createAccount(buyerEmail, PASSWORD);
  await summary(page).getByRole('link', { name: 'Sign in' }).click();
  await signInThroughPage(page, { email: buyerEmail, password: PASSWORD });
  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${sessionId}`);
  await expect(summary(page).getByRole('status')).toHaveText(GUEST_ORDER_TEXTS.added);
  expect(await readDatabase(`all_orders/${orderId}/buyer`)).toBe(buyer);
  await page.reload();
  await expect(summary(page).getByRole('status')).toHaveText(GUEST_ORDER_TEXTS.alreadyYours);
  await summary(page).getByRole('link', { name: 'See my orders' }).click();
  await expect(orderCard(page, SERVICE)).toContainText('Payments: 1 of 12');
});

test('the mailed claim link adds the order to the account that opens it, once', async ({ page, browser, consoleErrors }) => {
  const typed = uniqueEmail('mailed');
  const { orderId } = await buyAsGuest(page, typed);
  const link = await claimLinkFor(typed);

  // A visitor opening the link is asked to sign in, and comes back to it.
  const owner = uniqueEmail('owner');
  await createAccount(owner, PASSWORD);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Add your order to your account' })).toBeVisible();
  await expect(page.getByText(GUEST_ORDER_TEXTS.linkVisitor)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await signInThroughPage(page, { email: owner, password: PASSWORD });
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('status')).toHaveText(GUEST_ORDER_TEXTS.added);
  const buyer = await readDatabase(`all_orders/${orderId}/buyer`);
  expect(buyer).toBeTruthy();
  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(orderCard(page, SERVICE)).toBeVisible();

  // Anyone else holding the link afterwards finds it spent; a forged one is not valid.
  const someoneElse = uniqueEmail('else');
  await createAccount(someoneElse, PASSWORD);
  const other = await browser.newPage();
  const otherErrors: string[] = [];
  other.on('console', (message) => message.type() === 'error' && otherErrors.push(message.text()));
  await signInThroughPage(other, { email: someoneElse, password: PASSWORD }, `${paths.signIn}?next=${encodeURIComponent(link)}`);
  await expect(other).toHaveURL(link);
  // claimGuestOrders' answer: it now asks Auth whether the token was revoked, one call more.
  await expect(other.getByRole('alert')).toHaveText(USED_LINK, { timeout: FUNCTION_CALL_TIMEOUT_MS });
  expectRefusedRequests(otherErrors, 410);
  expect(otherErrors).toEqual([]);
  await other.goto(link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
  await expect(other.getByRole('alert')).toContainText('This claim link is not valid');
  expect(await readDatabase(`all_orders/${orderId}/buyer`)).toBe(buyer);
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test('a deleted account’s order: a stranger holding its old thank-you address sees nothing of it and cannot add it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // A visitor buys, adds the order to a new account from the thank-you page, and later deletes it.
  const typed = uniqueEmail('deleted');
  const { orderId, sessionId } = await buyAsGuest(page, typed);
  const thankYou = `${paths.thankYou}?session_id=${sessionId}`;
  const link = await claimLinkFor(typed);
  const buyerEmail = uniqueEmail('deleted-buyer');
  await createAccount(buyerEmail, PASSWORD);
  await summary(page).getByRole('link', { name: 'Sign in' }).click();
  await signInThroughPage(page, { email: buyerEmail, password: PASSWORD });
  await expect(summary(page).getByRole('status')).toHaveText(GUEST_ORDER_TEXTS.added);
  await page.goto(paths.profileSettings);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(paths.home, { timeout: FUNCTION_CALL_TIMEOUT_MS });
  expect(await readDatabase(`all_orders/${orderId}/buyer`)).toBeNull();

  // Someone else finds the address (browser history, a shared screen, the data export).
  const strangerEmail = uniqueEmail('stranger');
  const stranger = await createAccount(strangerEmail, PASSWORD);
  const other = await browser.newPage();
  const otherErrors: string[] = [];
  other.on('console', (message) => message.type() === 'error' && otherErrors.push(message.text()));
  await signInThroughPage(other, { email: strangerEmail, password: PASSWORD }, `${paths.signIn}?next=${encodeURIComponent(thankYou)}`);
  await expect(other).toHaveURL(thankYou);
  await expect(summary(other).getByRole('alert')).toHaveText(CLOSED_ORDER);
  // Not what was bought, nor a way to add it.
  await expect(summary(other)).not.toContainText(SERVICE);
  await expect(summary(other).getByRole('status')).toHaveCount(0);
  // The claim link mailed at checkout went with the account.
  await other.goto(link);
  await expect(other.getByRole('alert')).toContainText('This claim link is not valid');
  expectRefusedRequests(otherErrors, 410);
  expectRefusedRequests(otherErrors, 404);
  expect(otherErrors).toEqual([]);
  expect(await readDatabase(`all_orders/${orderId}/buyer`)).toBeNull();
  expect(await readDatabase(`customers/${stranger}`)).toBeNull();
  expect(await readDatabase(`billing/${stranger}`)).toBeNull();
  await other.close();
  expect(consoleErrors).toEqual([]);
});
