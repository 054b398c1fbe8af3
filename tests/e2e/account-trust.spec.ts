/**
 * An account people can trust, on the local stack with the Auth emulator's email enumeration
 * protection on (as new production projects have it): the email changes by a verified link and the
 * Stripe customer follows; deleting an account cancels its plan and signs out; the data downloads
 * as a file; the marketing choices switch off and on and unsubscribe from a mail's link; an account
 * whose profile write failed completes it; a visitor is asked to sign in, not told a session expired
 * (docs/decisions/0118-email-change-by-verified-link.md, docs/decisions/0119-account-deletion-and-retention.md,
 * docs/decisions/0120-data-export.md, docs/decisions/0121-consent-and-unsubscribe.md,
 * docs/decisions/0122-half-made-accounts-and-visitor-words.md).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { CONSENT_LABELS, OPEN_CHECKOUT_AT_DELETION } from '../../src/data/users';
import { STORED_USER_ID_KEY } from '../../src/session/stored-user-id';
import { FUNCTIONS_URL } from '../../emulators/local-config';
import { buildCheckoutRequest, planOnly } from '../../src/catalog/checkout';
import {
  buyPlan,
  consentSwitch,
  databasePathUrl,
  idTokenOf,
  mailsTo,
  newCustomer,
  signInAlert,
  signInTo,
  signOut,
  stripeCustomerOf,
  subscriptionsOf,
  unsubscribeLinkIn,
} from './account-trust.testing';
import {
  alertDialog,
  createAccount,
  dismissAlert,
  expectAlert,
  expectRefusedRequests,
  fillSignUp,
  lookupAccount,
  oobCodesFor,
  readDatabase,
  signInThroughPage,
  submitSignUp,
  uniqueEmail,
  validSignUp,
} from './auth.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { continueToStripe } from './checkout.testing';
import { clearSubmissionLimits } from './submission-limits.testing';

/** The sign-in form's words for a refused sign-in, whichever of the two was wrong. */
const NOT_RIGHT = 'The email or password is not right. Check both and try again.';

const profileRegion = (page: Page) => page.getByRole('region', { name: 'Your profile' });
const emailRow = (page: Page) =>
  profileRegion(page)
    .locator('div')
    .filter({ has: page.getByRole('term').getByText('Email', { exact: true }) });

test.describe('email change by a verified link', () => {
  test('the old address signs in until the link is opened, then the new one; the profile and the Stripe customer follow', async ({
    page,
    context,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer('change');
    await signInTo(page, customer, paths.store);
    await buyPlan(page, customer.uid);
    expect((await stripeCustomerOf(customer.uid)).email).toBe(customer.email);

    const newEmail = uniqueEmail('changed');
    await page.goto(paths.profileSettings);
    await emailRow(page).getByRole('button', { name: 'Edit email' }).click();
    const form = page.getByRole('dialog', { name: 'Change email' });
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill(customer.password);
    await form.getByRole('button', { name: 'Save' }).click();
    const sent = `We sent a link to ${newEmail}. Your email changes when you open it; until then sign in with ${customer.email}.`;
    await expectAlert(page, { title: 'Check your inbox', text: sent, icon: 'success' });
    await expect(profileRegion(page).getByRole('status').filter({ hasText: sent })).toBeVisible();
    await expect(emailRow(page)).toContainText(customer.email);

    // Nothing changed yet: Auth, the profile and Stripe all keep the old address.
    expect((await lookupAccount(customer.email))?.localId).toBe(customer.uid);
    expect(await lookupAccount(newEmail)).toBeUndefined();
    const links = (await oobCodesFor(customer.email)).filter((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL');
    expect(links).toHaveLength(1);
    expect(new URL(new URL(links[0]!.oobLink).searchParams.get('continueUrl') ?? '').pathname).toBe(paths.signIn);

    await signOut(page);
    await signInTo(page, customer, paths.dashboard);
    await signOut(page);

    // The person opens the link from their mail.
    const mail = await context.newPage();
    await mail.goto(links[0]!.oobLink);
    await expect.poll(async () => (await lookupAccount(newEmail))?.localId).toBe(customer.uid);
    await mail.close();

    await signInThroughPage(page, customer);
    await expect(signInAlert(page)).toHaveText(NOT_RIGHT);
    expectRefusedRequests(consoleErrors);

    await signInTo(page, { email: newEmail, password: customer.password }, paths.profileSettings);
    await expect(emailRow(page)).toContainText(newEmail);
    await expect(emailRow(page)).toContainText('Verified');
    await expect.poll(() => readDatabase(`users/${customer.uid}/email`)).toBe(newEmail);
    await expect.poll(async () => (await stripeCustomerOf(customer.uid)).email).toBe(newEmail);
  });

  test('a wrong password changes nothing and says so in the dialog words', async ({ page, consoleErrors }) => {
    const customer = await newCustomer('wrong-pass');
    await signInTo(page, customer, paths.profileSettings);
    await emailRow(page).getByRole('button', { name: 'Edit email' }).click();
    const form = page.getByRole('dialog', { name: 'Change email' });
    const newEmail = uniqueEmail('never');
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, { title: 'Oops!', text: /^That password is not right\./, icon: 'error' });
    await expect(form.getByLabel('New email')).toHaveValue(newEmail);
    expect((await oobCodesFor(customer.email)).filter((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL')).toEqual([]);
    expectRefusedRequests(consoleErrors);
  });
});

test.describe('an account with an active plan', () => {
  test('downloads its data, then is deleted: signed out on / with the notice, cannot sign in, the plan canceled', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer('delete');
    await signInTo(page, customer, paths.store);
    const orderId = await buyPlan(page, customer.uid);
    const stripeCustomer = await stripeCustomerOf(customer.uid);
    expect((await subscriptionsOf(stripeCustomer.id)).map((subscription) => subscription.status)).toEqual(['active']);

    await page.goto(paths.profileSettings);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('leopard-account-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: Record<string, unknown>;
      consents: Record<string, boolean>;
      orders: { id: string; payment_status?: string }[];
    };
    expect(data.profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: customer.email });
    expect(data.consents).toEqual({ receiveAnnouncements: true, receiveAppsMusicTV: true });
    expect(data.orders.map((order) => order.id)).toEqual([orderId]);
    await expect(page.getByRole('status').filter({ hasText: 'Your data was downloaded as leopard-account-data.json.' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await expect(dialog).toContainText('Every plan you have is cancelled now');
    await expect(dialog).toContainText('not refunded automatically');
    await expect(dialog).toContainText('as long as the law requires, up to 10 years');

    // A wrong password first: nothing happens, and what was typed stays.
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^That password is not right\./);
    await expect(dialog.getByLabel('Type DELETE to confirm')).toHaveValue('DELETE');
    expectRefusedRequests(consoleErrors);
    expect(await lookupAccount(customer.email)).toBeDefined();

    await dialog.getByLabel('Your password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(paths.home, { timeout: FUNCTION_CALL_TIMEOUT_MS });
    await expectAlert(page, { title: 'Account deleted', text: 'Your account has been deleted.', icon: 'success' });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY)).toBeNull();

    expect(await lookupAccount(customer.email)).toBeUndefined();
    expect(await readDatabase(`users/${customer.uid}`)).toBeNull();
    expect((await subscriptionsOf(stripeCustomer.id)).map((subscription) => subscription.status)).toEqual(['canceled']);
    // The order stays for accounting, without the buyer.
    expect(await readDatabase(`all_orders/${orderId}/buyer`)).toBeNull();
    expect(await readDatabase(`all_orders/${orderId}/stripeId`)).toMatch(/^cs_/);

    await signInThroughPage(page, customer);
    await expect(signInAlert(page)).toHaveText(NOT_RIGHT);
    expectRefusedRequests(consoleErrors);
  });
});

test.describe('an account with a checkout open', () => {
  test('is deleted: the hosted checkout can no longer be paid, and a token it still holds neither opens a checkout nor writes the profile back', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer('delete-open-checkout');
    // A sign-in on another device, whose ID token lives on for up to an hour.
    const heldToken = await idTokenOf(customer);
    await signInTo(page, customer, paths.productDetails('websites', 'earth'));
    const session = await continueToStripe(page);
    const checkoutUrl = page.url();
    const site = new URL(session.cancel_url).origin;

    await page.goto(paths.profileSettings);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await expect(dialog).toContainText(OPEN_CHECKOUT_AT_DELETION);
    await dialog.getByLabel('Your password').fill(customer.password);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(paths.home, { timeout: FUNCTION_CALL_TIMEOUT_MS });
    await expectAlert(page, { title: 'Account deleted', text: 'Your account has been deleted.', icon: 'success' });

    // The checkout that was open: Stripe's page says it can no longer be paid, and Pay is gone.
    await page.goto(checkoutUrl);
    await expect(page.getByText('This checkout session has expired and can no longer be paid.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    expect(await readDatabase(`all_orders/${session.metadata.orderId}/buyer`)).toBeNull();
    await expect
      .poll(async () => (await mailsTo(customer.email)).map((mail) => String(mail.params.message_text)).join('\n'))
      .toContain(OPEN_CHECKOUT_AT_DELETION);

    // The token held elsewhere: no new checkout, and the rules refuse the profile it would write back.
    const checkout = await fetch(`${FUNCTIONS_URL}/stripeCheckout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${heldToken}` },
      body: JSON.stringify(
        buildCheckoutRequest(planOnly('websites', 'earth'), {
          imageURL: `${site}/images/store/websites.svg`,
          successURL: `${site}${paths.orderHistory}`,
          cancelURL: `${site}${paths.store}`,
        }),
      ),
    });
    expect(checkout.status).toBe(401);
    const profile = await fetch(`${databasePathUrl(`users/${customer.uid}`)}&auth=${heldToken}`, {
      method: 'PUT',
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: customer.email, createdAt: new Date().toISOString() }),
    });
    expect(profile.status).toBe(401);
    expect(await readDatabase(`users/${customer.uid}`)).toBeNull();
  });
});

test.describe('marketing choices', () => {
  test('a switch turns a choice off and on; each stays after a reload', async ({ page }) => {
    const customer = await newCustomer('consent');
    await signInTo(page, customer, paths.profileSettings);
    const announcements = consentSwitch(page, CONSENT_LABELS.receiveAnnouncements);
    await expect(announcements).toHaveAttribute('aria-checked', 'true');

    await announcements.click();
    await expect(page.getByRole('status').filter({ hasText: `Saved: "${CONSENT_LABELS.receiveAnnouncements}" is off.` })).toBeVisible();
    await page.reload();
    await expect(announcements).toHaveAttribute('aria-checked', 'false');
    expect(await readDatabase(`users/${customer.uid}/receiveAnnouncements`)).toBe(false);
    await expect(consentSwitch(page, CONSENT_LABELS.receiveAppsMusicTV)).toHaveAttribute('aria-checked', 'true');

    await announcements.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: `Saved: "${CONSENT_LABELS.receiveAnnouncements}" is on.` })).toBeVisible();
    await page.reload();
    await expect(announcements).toHaveAttribute('aria-checked', 'true');
    expect(await readDatabase(`users/${customer.uid}/receiveAnnouncements`)).toBe(true);
  });

  test("unsubscribing from a waitlist confirmation's link turns the account's choices off, without signing in", async ({
    page,
    consoleErrors,
  }) => {
    const customer = await newCustomer('unsubscribe');
    await clearSubmissionLimits();
    await page.goto(paths.waitlist);
    await page.getByLabel('Full name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await dismissAlert(page);
    await expect.poll(async () => (await mailsTo(customer.email)).length).toBe(1);
    const link = unsubscribeLinkIn((await mailsTo(customer.email))[0]!);

    await page.goto(link);
    // The page calls the unsubscribe function.
    await expect(page.getByRole('status').filter({ hasText: `${customer.email} will no longer get our marketing emails.` })).toBeVisible({
      timeout: FUNCTION_CALL_TIMEOUT_MS,
    });
    expect(await readDatabase(`users/${customer.uid}/receiveAnnouncements`)).toBe(false);
    expect(await readDatabase(`users/${customer.uid}/receiveAppsMusicTV`)).toBe(false);
    const hash = createHash('sha256').update(customer.email.toLowerCase()).digest('hex');
    expect(await readDatabase(`marketing_optouts/${hash}`)).not.toBeNull();

    // A forged link: the same token with another signature.
    const token = new URL(link, 'http://site.invalid').searchParams.get('token')!;
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await page.goto(`${paths.unsubscribe}?${new URLSearchParams({ token: forged }).toString()}`);
    await expect(page.getByRole('alert')).toHaveText('This link is not valid.');
    expectRefusedRequests(consoleErrors, 403);
  });
});

test.describe('half-made accounts', () => {
  test('an account without a profile is sent to "Complete your profile", prefilled, and goes on once it is saved', async ({ page }) => {
    const email = uniqueEmail('half');
    const uid = await createAccount(email, 'half-made-1', { profile: false });
    await signInThroughPage(page, { email, password: 'half-made-1' }, `${paths.signIn}?next=${encodeURIComponent(paths.orderHistory)}`);
    await expect(page).toHaveURL(`${paths.completeProfile}?next=${encodeURIComponent(paths.orderHistory)}`);
    const form = page.getByRole('form', { name: 'Complete your profile' });
    await expect(form).toContainText(email);
    await expect(form.getByLabel('Country')).toHaveValue('US');

    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect(form.getByRole('alert')).toContainText('Please fill in all required fields.');

    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Month').selectOption('December');
    await form.getByLabel('Day').selectOption('9');
    await form.getByLabel('Year').selectOption('1985');
    await form.getByLabel('Phone number').fill('6195550188');
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(paths.orderHistory);
    expect(await readDatabase(`users/${uid}`)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      phoneNumber: '+16195550188',
      country: 'US',
      birthDate: 'December/9/1985',
      receiveAnnouncements: false,
      receiveAppsMusicTV: false,
    });

    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(paths.dashboard);
  });

  test('the sign-up form, tried again for an account whose profile was not written, finishes it instead of "already in use"', async ({
    page,
    consoleErrors,
  }) => {
    const input = validSignUp();
    const uid = await createAccount(input.email, input.password, { profile: false });
    await page.goto(paths.signUp);
    await fillSignUp(page, input);
    await submitSignUp(page);
    await expectAlert(page, { title: 'Welcome!', text: /successfully created/, icon: 'success' });
    await expect(page).toHaveURL(paths.dashboard);
    expect(await readDatabase(`users/${uid}`)).toMatchObject({ firstName: input.firstName, email: input.email });
    expectRefusedRequests(consoleErrors); // Auth's "email exists" to the first try
  });

  test('the sign-up form with a wrong password for an existing address still says "already in use" and signs nobody in', async ({
    page,
    consoleErrors,
  }) => {
    const input = validSignUp();
    const uid = await createAccount(input.email, 'someone-elses-1', { profile: false });
    await page.goto(paths.signUp);
    await fillSignUp(page, input);
    await submitSignUp(page);
    await expectAlert(page, { title: 'Error', text: /already exists/, icon: 'error' });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY)).toBeNull();
    expect(await readDatabase(`users/${uid}`)).toBeNull();
    expectRefusedRequests(consoleErrors);
  });
});

test.describe('visitor words', () => {
  test('a visitor on /dashboard is sent to sign in, "Sign in to continue", never "expired", and comes back after signing in', async ({
    page,
  }) => {
    const customer = await newCustomer('visitor');
    await page.goto(paths.dashboard);
    await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.dashboard)}`);
    await expect(page.getByText('Sign in to continue.')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/expired/i);
    await expect(alertDialog(page)).toHaveCount(0);
    await signInThroughPage(page, customer);
    await expect(page).toHaveURL(paths.dashboard);
  });

  test('a session that ended (a stored user id Auth no longer knows) still gets the "Inactive Session" dialog', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'ended-session'), STORED_USER_ID_KEY);
    await page.goto(paths.devPanel);
    await expectAlert(page, { title: 'Inactive Session', text: 'Your session has expired, login please', icon: 'error' });
    await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.devPanel)}`);
  });
});
