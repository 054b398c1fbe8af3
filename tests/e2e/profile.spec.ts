import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import {
  createAccount,
  expectAlert,
  expectRefusedRequests,
  lookupAccount,
  oobCodesFor,
  readDatabase,
  signInThroughPage,
  uniqueEmail,
  updateDatabase,
  WRONG_PASSWORD,
} from './auth.testing';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';

const PASSWORD = 'secret-123';
const STORED_USER_ID_KEY = 'currentUserId';

interface Customer {
  uid: string;
  email: string;
}

/** A fresh customer with a profile record (`record` replaces the default one), signed in (a
 *  stored session) and sent to the profile settings. */
async function openProfileAsNewCustomer(page: Page, record?: Record<string, unknown>): Promise<Customer> {
  const email = uniqueEmail('profile');
  const uid = await createAccount(email, PASSWORD);
  await updateDatabase({
    [`users/${uid}`]: record ?? { firstName: 'Ada', lastName: 'Lovelace', email, createdAt: new Date().toISOString() },
  });
  await openSignedIn(page, { email, password: PASSWORD }, paths.profileSettings);
  return { uid, email };
}

function profile(page: Page): Locator {
  return page.getByRole('region', { name: 'Your profile' });
}

/** The row of one entry (its term, value and button). */
function row(page: Page, label: string): Locator {
  return profile(page)
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
}

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Saves the dialog and expects each field to show its error (announced, invalid, described). */
async function expectFieldErrors(form: Locator, errors: Record<string, string | RegExp>): Promise<void> {
  await form.getByRole('button', { name: 'Save' }).click();
  for (const [label, message] of Object.entries(errors)) {
    const input = form.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
  }
  await expect(form.getByRole('alert')).toHaveCount(Object.keys(errors).length);
}

test.describe('Profile settings', () => {
  test('shows the record (legacy names too), masks the password and offers account deletion', async ({ page }) => {
    const email = uniqueEmail('legacy');
    const { uid } = await openProfileAsNewCustomer(page, {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '6195550100',
      email,
      createdAt: new Date().toISOString(),
    });
    await expect(row(page, 'Full name')).toContainText('Grace Hopper');
    await expect(row(page, 'Phone number')).toContainText('+1 619 555 0100');
    await expect(row(page, 'Email')).toContainText(email);
    await expect(row(page, 'Address')).toContainText('Not set');
    await expect(row(page, 'Address').getByRole('button', { name: 'Add New address' })).toBeVisible();
    await expect(row(page, 'Full name').getByRole('button', { name: 'Edit full name' })).toBeVisible();
    await expect(row(page, 'Password')).toContainText('••••••••');
    await expect(row(page, 'Password')).not.toContainText(PASSWORD);
    await expect(page.getByRole('button', { name: 'Delete account' })).toBeVisible();

    // Live: a change of the record elsewhere shows at once.
    await updateDatabase({ [`users/${uid}/address`]: '500 Harbor Dr' });
    await expect(row(page, 'Address')).toContainText('500 Harbor Dr');
    await expect(row(page, 'Address').getByRole('button', { name: 'Edit address' })).toBeVisible();
  });

  test('edits the name, address and phone number, with each validation message', async ({ page }) => {
    const { uid } = await openProfileAsNewCustomer(page);

    await row(page, 'Full name').getByRole('button', { name: 'Edit full name' }).click();
    const name = dialog(page, 'Edit full name');
    await expect(name.getByLabel('First name')).toHaveValue('Ada');
    await name.getByLabel('First name').fill('');
    await name.getByLabel('Last name').fill(' ');
    await expectFieldErrors(name, { 'First name': 'First Name required', 'Last name': 'Last Name required' });
    await name.getByLabel('First name').fill('Grace');
    await expectFieldErrors(name, { 'Last name': 'Last Name required' });
    await name.getByLabel('Last name').fill('Hopper');
    await name.getByRole('button', { name: 'Save' }).click();
    await expect(name).toBeHidden();
    await expect(row(page, 'Full name')).toContainText('Grace Hopper');

    await row(page, 'Address').getByRole('button', { name: 'Add New address' }).click();
    const address = dialog(page, 'Edit address');
    await expectFieldErrors(address, { Address: 'Address required' });
    await address.getByLabel('Address').fill('1 Market St, San Diego');
    await address.getByRole('button', { name: 'Save' }).click();
    await expect(address).toBeHidden();
    await expect(row(page, 'Address')).toContainText('1 Market St, San Diego');

    await row(page, 'Phone number').getByRole('button', { name: 'Add New phone number' }).click();
    const phone = dialog(page, 'Edit phone number');
    const phoneLabel = 'Phone number';
    const phoneError = /Please enter a valid phone number/; // after the field's hint
    await expect(phone.getByLabel('Country')).toHaveValue('US');
    await phone.getByLabel(phoneLabel, { exact: true }).fill('619555014');
    await expectFieldErrors(phone, { [phoneLabel]: phoneError });
    await phone.getByLabel(phoneLabel, { exact: true }).fill('61955501423');
    await expectFieldErrors(phone, { [phoneLabel]: phoneError });
    await phone.getByLabel(phoneLabel, { exact: true }).fill('6195550142');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect(phone).toBeHidden();
    await expect(row(page, 'Phone number')).toContainText('+1 619 555 0142');

    const record = (await readDatabase(`users/${uid}`)) as Record<string, unknown>;
    expect(record).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      address: '1 Market St, San Diego',
      phoneNumber: '+16195550142',
    });
  });

  test('changing the email sends a link to the new address and changes nothing until it is opened', async ({ page }) => {
    const { uid, email } = await openProfileAsNewCustomer(page);
    const newEmail = uniqueEmail('changed');

    await row(page, 'Email').getByRole('button', { name: 'Edit email' }).click();
    const form = dialog(page, 'Change email');
    await expectFieldErrors(form, { 'New email': 'Please enter a valid email', 'Current password': 'Please enter your password' });
    await form.getByLabel('New email').fill('not-an-email@');
    await form.getByLabel('Current password').fill(PASSWORD);
    await expectFieldErrors(form, { 'New email': 'Please enter a valid email' });
    await form.getByLabel('New email').fill(newEmail);
    await form.getByRole('button', { name: 'Save' }).click();

    await expectAlert(page, {
      title: 'Check your inbox',
      text: `We sent a link to ${newEmail}. Your email changes when you open it; until then sign in with ${email}.`,
      icon: 'success',
    });
    await expect(form).toBeHidden();
    await expect(row(page, 'Email')).toContainText(email);
    expect((await lookupAccount(email))?.localId).toBe(uid);
    expect(await lookupAccount(newEmail)).toBeUndefined();
    expect((await oobCodesFor(email)).map((code) => code.requestType)).toContain('VERIFY_AND_CHANGE_EMAIL');
    expect(await readDatabase(`users/${uid}/email`)).toBe(email);
    // The rest of the change (the link, then the new address): tests/e2e/account-trust.spec.ts.
  });

  test('changing the password signs out; the new password works and the old one fails', async ({ page, consoleErrors }) => {
    const { uid, email } = await openProfileAsNewCustomer(page);
    const newPassword = 'brand-new-456';

    await row(page, 'Password').getByRole('button', { name: 'Edit password' }).click();
    const form = dialog(page, 'Change password');
    await expectFieldErrors(form, {
      'Current password': 'Please enter a valid password',
      'New password': 'Please enter a valid password',
    });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password').fill('12345');
    await expectFieldErrors(form, { 'New password': 'Please enter a valid password' });
    await form.getByLabel('New password').fill(newPassword);
    await form.getByRole('button', { name: 'Save' }).click();

    await expectAlert(page, { title: 'Cool!', text: 'Password changed successfully.', icon: 'success' });
    await expect(page).toHaveURL(paths.signIn);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY)).toBeNull();

    await signInThroughPage(page, { email, password: PASSWORD });
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(paths.signIn);
    expectRefusedRequests(consoleErrors);

    await signInThroughPage(page, { email, password: newPassword });
    await expect(page).toHaveURL(paths.dashboard);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY)).toBe(uid);
  });

  test('a wrong current password shows "Oops!" with the provider\'s message in words and changes nothing', async ({
    page,
    consoleErrors,
  }) => {
    const { email } = await openProfileAsNewCustomer(page);

    await row(page, 'Password').getByRole('button', { name: 'Edit password' }).click();
    const passwordForm = dialog(page, 'Change password');
    await passwordForm.getByLabel('Current password').fill('not-my-password');
    await passwordForm.getByLabel('New password').fill('brand-new-456');
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, { title: 'Oops!', text: WRONG_PASSWORD, icon: 'error' });
    await expect(passwordForm.getByLabel('New password')).toHaveValue('brand-new-456');
    await passwordForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(paths.profileSettings);

    const newEmail = uniqueEmail('never');
    await row(page, 'Email').getByRole('button', { name: 'Edit email' }).click();
    const emailForm = dialog(page, 'Change email');
    await emailForm.getByLabel('New email').fill(newEmail);
    await emailForm.getByLabel('Current password').fill('not-my-password');
    await emailForm.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, { title: 'Oops!', text: WRONG_PASSWORD, icon: 'error' });
    await expect(emailForm.getByLabel('New email')).toHaveValue(newEmail);
    expect(await lookupAccount(newEmail)).toBeUndefined();
    expect(await lookupAccount(email)).toBeDefined();
    expectRefusedRequests(consoleErrors);
  });
});
