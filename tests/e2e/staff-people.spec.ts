/**
 * The console's customers, audit log and trade-ins, a page at a time
 * (docs/decisions/0151-console-lists-a-page-at-a-time.md#addendum-2026-11-29-customers-the-audit-log-and-trade-ins):
 * customers searched by a name with accents and by an address's beginning, ordered, paged past 25 and
 * opened; the audit log as an admin (the actions the test took, by action, paged) and refused to
 * support; the trade-ins filtered by state. Each run's records carry a tag, so other tests' records
 * in the same stack change nothing here.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Page } from '@playwright/test';
import { DATABASE_URL, PROJECT_ID } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { emailKey, searchKey } from '../../src/data/list-index';
import { submissionIndexFields } from '../../src/data/submission-index-fields';
import { updateDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { callStaffFunction, createAccountWithRole, idTokenOf, signInAt } from './staff.testing';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** Push ids, as the server's push makes them (growing with time), for records written here. */
async function pushIds(path: string, count: number): Promise<string[]> {
  const app = initializeApp({ projectId: PROJECT_ID, databaseURL: DATABASE_URL }, `people-ids-${randomUUID()}`);
  try {
    return Array.from({ length: count }, () => getDatabase(app).ref(path).push().key!);
  } finally {
    await deleteApp(app);
  }
}

/** A count the server keeps (staff_list_counters), as the database has it now; 0 before it is kept. */
async function storedCount(path: string): Promise<number> {
  const app = initializeApp({ projectId: PROJECT_ID, databaseURL: DATABASE_URL }, `people-count-${randomUUID()}`);
  try {
    const value: unknown = (await getDatabase(app).ref(path).get()).val();
    return typeof value === 'number' ? value : 0;
  } finally {
    await deleteApp(app);
  }
}

/** The range's "of N" equals what the server counts: both live, so other tests' records may move
 *  them between two readings; polled until they agree. */
async function expectTotalOf(page: Page, ...paths: string[]) {
  await expect
    .poll(async () => {
      const shown = /^Showing [\d,]+–[\d,]+ of ([\d,]+)$/.exec((await showing(page).textContent()) ?? '')?.[1];
      const counted = (await Promise.all(paths.map(storedCount))).reduce((sum, each) => sum + each, 0);
      return shown !== undefined && Number(shown.replaceAll(',', '')) === counted;
    })
    .toBe(true);
}

const tagOf = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'a');

const showing = (page: Page) => page.getByRole('navigation', { name: /^Pages of / }).getByText(/^Showing /);
const rows = (page: Page) => page.getByRole('group', { name: /page \d+$/ }).getByRole('article');

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(text);
}

for (const viewport of VIEWPORTS) {
  test(`customers at ${viewport.width} px: newest and oldest first, a name with accents, an address's beginning, pages past 25, one opened`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const tag = tagOf();
    // One real account (its line made by the customerIndex trigger from its profile), and 29 lines
    // as the trigger writes them.
    const customer = await createAccountWithRole('customer', null);
    await updateDatabase({
      [`users/${customer.uid}`]: {
        email: customer.email,
        firstName: 'Zoë',
        lastName: `Ångström ${tag}`,
        createdAt: new Date().toISOString(),
      },
    });
    const lines: Record<string, unknown> = {};
    for (let n = 0; n < 29; n++) {
      const name = `Pager ${tag} ${String(n).padStart(2, '0')}`;
      const email = `pager-${tag}-${String(n).padStart(2, '0')}@example.com`;
      lines[`customer_index/pager-${tag}-${n}`] = { name, email, at: Date.now() - n * 60_000, e: emailKey(email), n: searchKey(name) };
    }
    await updateDatabase(lines);

    const staff = await createAccountWithRole('support', 'support');
    await signInAt(page, staff, paths.staffCustomers);
    // Newest first, then oldest first, by when each account was made (other tests add accounts too,
    // so the order is what is checked, not who leads).
    const joined = async () =>
      Promise.all((await rows(page).locator('time').all()).map(async (time) => Date.parse((await time.getAttribute('datetime'))!)));
    const ordered = (times: number[], sign: 1 | -1) =>
      times.length > 1 && times.every((at, i) => i === 0 || sign * (at - times[i - 1]!) >= 0);
    await expect.poll(async () => ordered(await joined(), -1)).toBe(true);
    await expect(showing(page)).toHaveText(/^Showing 1–25( of [\d,]+)?$/);
    await page.getByRole('combobox', { name: 'Order' }).selectOption('Oldest first');
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect.poll(async () => ordered(await joined(), 1)).toBe(true);

    // A name as typed without its accents, in another case, finds it.
    await search(page, `ZOE ANGSTROM ${tag}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(customer.email);
    // An address by its beginning, with its @.
    await search(page, `Pager-${tag}-07@EX`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`pager-${tag}-07@example.com`);

    // 29 matches: 25, then the 4 after them, A–Z.
    await search(page, `pager ${tag}`);
    await expect(showing(page)).toHaveText('Showing 1–25');
    await expect(rows(page).first()).toContainText(`Pager ${tag} 00`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(showing(page)).toHaveText('Showing 26–29');
    await expect(rows(page)).toHaveText([28, 27, 26, 25].reverse().map((n) => new RegExp(`Pager ${tag} ${n}`)));
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expectNoAxeViolations(page);

    // Open the account from its row: the same details the exact-email lookup shows.
    await search(page, `Zoë Ångström ${tag}`);
    await page.getByRole('link', { name: `Open Zoë Ångström ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]uid=${customer.uid}`));
    await expect(page.getByRole('heading', { level: 2, name: customer.email })).toBeFocused({ timeout: FUNCTION_CALL_TIMEOUT_MS });
    await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(customer.uid);
    await expect(page.getByRole('region', { name: 'Profile and card' })).toContainText(`Zoë Ångström ${tag}`);
    // The search is kept: the list is as it was.
    await expect(rows(page)).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

test('the audit log: an admin sees the changes just made, by action and in pages; support is told it is for admins', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await createAccountWithRole('admin', 'admin');
  const token = await idTokenOf(admin);
  // An inquiry moved back and forth 26 times, and one role given: 27 entries of this admin.
  const [inquiry] = await pushIds('submissions/contact', 1);
  const sent = { name: 'Audit Subject', email: `audit-${tagOf()}@example.com`, message: 'Hello', createdAt: Date.now() };
  await updateDatabase({ [`submissions/contact/${inquiry}`]: { ...sent, ...submissionIndexFields('contact', sent) } });
  for (let n = 0; n < 26; n++) {
    const status = n % 2 === 0 ? 'answered' : 'new';
    const call = await callStaffFunction({ action: 'setSubmissionStatus', kind: 'contact', id: inquiry, status }, token);
    expect(call.status).toBe(200);
  }
  const member = await createAccountWithRole('member', null);
  expect((await callStaffFunction({ action: 'grantRole', email: member.email, role: 'support' }, token)).status).toBe(200);

  await signInAt(page, admin, paths.staff);
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(paths.staffAudit);
  const granted = rows(page).filter({ hasText: `user:${member.uid}` });
  await expect(granted).toContainText('Changed a staff role');
  await expect(granted).toContainText(admin.email);
  await expect(granted).toContainText('Admin');
  await expect(granted).toContainText('none → support');
  await expect(granted.locator('time')).toHaveText(/^(just now|\d+ minutes? ago)/);
  await expect(granted.locator('time')).toHaveAttribute('title', /\d{4}, \d{1,2}:\d\d [AP]M [A-Z]/);

  await page.getByRole('combobox', { name: 'Action' }).selectOption('Changed a submission’s state');
  await expect(page).toHaveURL(/[?&]state=setSubmissionStatus/);
  await expect(rows(page).filter({ hasText: 'Changed a staff role' })).toHaveCount(0);
  const mine = rows(page).filter({ hasText: `submissions/contact/${inquiry}` });
  await expect(mine.first()).toBeVisible();
  // Of how many: the server's count of the action's entries, 26 of them this admin's.
  await expect(showing(page)).toHaveText(/^Showing 1–25 of [\d,]+$/);
  await expectTotalOf(page, 'staff_list_counters/audit/setSubmissionStatus');
  expect(await storedCount('staff_list_counters/audit/setSubmissionStatus')).toBeGreaterThanOrEqual(26);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(showing(page)).toHaveText(/^Showing 26–[\d,]+ of [\d,]+$/);
  await expectNoAxeViolations(page);

  // Support: no menu entry, and the address answers that it is for admins.
  const support = await createAccountWithRole('support', 'support');
  const desk = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await signInAt(desk, support, paths.staffAudit);
  await expect(desk.getByText('The audit log is for admins. Only an admin can do this.')).toBeVisible();
  await expect(desk.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(rows(desk)).toHaveCount(0);
  await expectNoAxeViolations(desk);
  await desk.context().close();
});

for (const viewport of VIEWPORTS) {
  test(`trade-ins at ${viewport.width} px: all of them, or one state's`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const tag = tagOf();
    const [awaiting, declined] = await pushIds('all_orders', 2);
    const order = (state: string, email: string) => ({
      product: 'websites',
      tier: 'basic',
      customerEmail: email,
      applicationExist: true,
      modelExistsOn: 'wix',
      tradeIn: state === 'awaiting' ? {} : { status: state },
      tradeInState: state,
    });
    const awaitingEmail = `awaiting-${tag}@example.com`;
    const declinedEmail = `declined-${tag}@example.com`;
    await updateDatabase({
      [`all_orders/${awaiting}`]: order('awaiting', awaitingEmail),
      [`all_orders/${declined}`]: order('declined', declinedEmail),
    });
    const byEmail = (email: string) => rows(page).filter({ has: page.getByRole('link', { name: email, exact: true }) });

    const admin = await createAccountWithRole('admin', 'admin');
    await signInAt(page, admin, paths.staffTradeIns);
    await expect(byEmail(declinedEmail)).toContainText('Wix: declined');
    await expect(byEmail(awaitingEmail)).toContainText('Wix: awaiting review');
    // Newest first: the declined order was made last (other tests' orders may come between).
    const at = (texts: string[], email: string) => texts.findIndex((text) => text.includes(email));
    await expect
      .poll(async () => {
        const texts = await rows(page).allTextContents();
        return at(texts, declinedEmail) < at(texts, awaitingEmail);
      })
      .toBe(true);

    const state = page.getByRole('combobox', { name: 'Trade-in state' });
    await state.selectOption('Declined');
    await expect(page).toHaveURL(/[?&]state=declined/);
    await expect(page.getByRole('heading', { level: 2, name: 'Declined' })).toBeVisible();
    await expect(byEmail(declinedEmail)).toBeVisible();
    await expect(byEmail(awaitingEmail)).toHaveCount(0);
    // Of how many: the declined trade-ins the server counts, this one among them.
    await expectTotalOf(page, 'staff_list_counters/tradeIns/declined');
    await state.selectOption('Awaiting review');
    await expect(byEmail(awaitingEmail)).toBeVisible();
    await expect(byEmail(declinedEmail)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await state.selectOption('All trade-ins');
    await expect(page).toHaveURL(paths.staffTradeIns);
    await expect(byEmail(declinedEmail)).toBeVisible();
    await expectTotalOf(page, 'staff_list_counters/tradeIns/declared');
  });
}
