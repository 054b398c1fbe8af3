/**
 * The staff Overview on the local stack (docs/decisions/0112-staff-counters-by-trigger.md): its
 * figures are staff_figures as the triggers keep them, not sums the browser makes of every order,
 * and an admin's Recount mends them and says by how much, at 1,280 and 375 px, axe clean; support
 * sees the button disabled with the reason. Other tests make orders and accounts meanwhile, which
 * move the figures, so each check is that the page says what staff_figures holds.
 */
import type { Page } from '@playwright/test';
import { formatUsd } from '../../src/catalog/money';
import { paths } from '../../src/config/paths';
import { STAFF_FIGURES_PATH, type StaffFigures } from '../../src/data/staff';
import { readDatabase, updateDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { createAccountWithRole, signInAt } from './staff.testing';

const figureValue = (page: Page, label: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .first();

/** What the three figures say on the page, and what staff_figures holds, in the page's words. */
async function shownAndStored(page: Page): Promise<[string[], string[]]> {
  const stored = ((await readDatabase(STAFF_FIGURES_PATH)) ?? {}) as Partial<StaffFigures>;
  const shown = await Promise.all(
    ['Active plans', 'Monthly recurring revenue', 'Customers'].map(async (label) => (await figureValue(page, label).textContent()) ?? ''),
  );
  const count = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');
  return [shown, [count(stored.activePlans), formatUsd(stored.mrrCents ?? 0), count(stored.customers)]];
}

async function expectFiguresFromDatabase(page: Page) {
  await expect
    .poll(async () => {
      const [shown, stored] = await shownAndStored(page);
      return shown.join(' | ') === stored.join(' | ') ? 'same' : `page ${shown.join(' | ')}, database ${stored.join(' | ')}`;
    })
    .toBe('same');
}

test('Overview shows the figures the triggers keep, and an admin’s Recount mends them and says by how much, at 1,280 and 375 px', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = await createAccountWithRole('admin', 'admin');
  await signInAt(page, admin, paths.staff);

  // Figures no sum of the orders could give: the page can only be reading staff_figures.
  await updateDatabase({
    [`${STAFF_FIGURES_PATH}/activePlans`]: 900_000,
    [`${STAFF_FIGURES_PATH}/mrrCents`]: 7_654_321_00,
    [`${STAFF_FIGURES_PATH}/customers`]: 800_000,
  });
  await expect(figureValue(page, 'Active plans')).toHaveText(/^900,0\d\d$/);
  await expectFiguresFromDatabase(page);

  await page.getByRole('button', { name: 'Recount' }).click();
  const found = page.getByRole('status').filter({ hasText: /^Recount done/ });
  await expect(found).toContainText(
    /values were off and are now mended: .*Active plans −8\d\d,\d{3}; Monthly recurring revenue −\$7,\d{3},\d{3}\.\d\d; Customers −[\d,]+\./,
    {
      timeout: FUNCTION_CALL_TIMEOUT_MS,
    },
  );
  expect(((await readDatabase(STAFF_FIGURES_PATH)) as StaffFigures).activePlans).toBeLessThan(100_000);
  await expectFiguresFromDatabase(page);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('button', { name: 'Recount' })).toBeVisible();
  await expect(found).toBeVisible();
  await expect(figureValue(page, 'Customers')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});

test('support sees the figures and the Recount button disabled, with the reason', async ({ page }) => {
  const support = await createAccountWithRole('support', 'support');
  await signInAt(page, support, paths.staff);
  await expectFiguresFromDatabase(page);
  const recount = page.getByRole('button', { name: 'Recount' });
  await expect(recount).toBeDisabled();
  await expect(recount).toHaveAccessibleDescription('Only an admin can do this.');
});
