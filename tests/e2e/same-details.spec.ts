/** What one person's details read like wherever they are shown: staff
 *  see a customer's phone number as the customer sees it on their profile, written by the one
 *  formatter both screens use (src/data/phone-number.ts). */
import { paths } from '../../src/config/paths';
import { updateDatabase } from './auth.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { createAccountWithRole, signInAt } from './staff.testing';

test('staff see a customer\'s phone number as the customer sees it: "+1 619 555 0188"', async ({ browser, page }) => {
  const customer = await createAccountWithRole('phone', null);
  await updateDatabase({
    [`users/${customer.uid}/firstName`]: 'Ada',
    [`users/${customer.uid}/lastName`]: 'Lovelace',
    [`users/${customer.uid}/phoneNumber`]: '+16195550188',
    [`users/${customer.uid}/country`]: 'US',
  });
  const own = await (await browser.newContext()).newPage();
  await signInAt(own, customer, paths.profileSettings);
  const ownRow = own
    .getByRole('region', { name: 'Your profile' })
    .locator('div')
    .filter({ hasText: /^Phone number/ });
  await expect(ownRow).toContainText('+1 619 555 0188');
  await own.context().close();

  const staff = await createAccountWithRole('phone-staff', 'support');
  await signInAt(page, staff, `${paths.staffCustomers}?email=${encodeURIComponent(customer.email)}`);
  const facts = page.getByRole('region', { name: 'Profile and card' });
  await expect(facts.getByRole('definition').nth(1)).toHaveText('+1 619 555 0188', { timeout: FUNCTION_CALL_TIMEOUT_MS });
});
