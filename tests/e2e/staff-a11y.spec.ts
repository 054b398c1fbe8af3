/** The console's pages (with an inquiry and an account looked up) and the pass page pass axe (WCAG 2.2 AA) on a desktop window and on a
 *  375 px phone, with their lists loaded; the console's menu stays reachable on the phone. */
import { paths } from '../../src/config/paths';
import { expectRefusedRequests } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';
import { createAccountWithRole, sendContactForm, uniqueVisitorEmail } from './staff.testing';

const PAGES = [
  [paths.staff, 'Staff overview'],
  [paths.staffInbox, 'Inbox'],
  [paths.staffProgrammes, 'Programmes'],
  [paths.staffCustomers, 'Customers'],
  [paths.staffTradeIns, 'Trade-ins'],
  [paths.staffAudit, 'Audit log'],
] as const;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the console passes axe at ${viewport.width} px`, async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const visitor = await (await browser.newContext()).newPage();
    await sendContactForm(visitor, { name: 'Axe Tester', email: uniqueVisitorEmail(), message: 'Hello' });
    await visitor.context().close();

    const staff = await createAccountWithRole('admin', 'admin');
    await openSignedIn(page, staff, paths.staff);
    for (const [path, heading] of PAGES) {
      await page
        .getByRole('navigation', { name: 'Staff console' })
        .getByRole('link', { name: new RegExp(`^${heading === 'Staff overview' ? 'Overview' : heading}`) })
        .click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    await page.goto(`${paths.staffCustomers}?email=${encodeURIComponent(staff.email)}`);
    // lookupCustomer's answer: the staff function checks the token's revocation and the role record first.
    await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible({ timeout: FUNCTION_CALL_TIMEOUT_MS });
    await expectNoAxeViolations(page);
  });
}

test('the pass page of an unknown code passes axe', async ({ page, consoleErrors }) => {
  await page.goto(paths.spacePass('A'.repeat(26)));
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this pass' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The spacePass function's 404, which Chromium logs.
  expectRefusedRequests(consoleErrors, 404);
});
