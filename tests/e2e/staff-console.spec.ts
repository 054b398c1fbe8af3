/**
 * The staff console on the local stack (docs/decisions/0108-staff-console.md): who gets in, a
 * visitor's inquiry arriving live and answered, a Space pre-order approved and its pass mailed
 * through the EmailJS stand-in and shown by the pass page, and the database and the `staff`
 * function refusing everyone who is not staff.
 */
import { EMAILJS_URL } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { PASS_CODE_PATTERN } from '../../src/data/staff';
import { readDatabase, signInThroughPage } from './auth.testing';
import { expect, test } from './fixtures.testing';
import {
  callStaffFunction,
  createAccountWithRole,
  idTokenOf,
  NEWEST_PAGE,
  openPreorders,
  readAs,
  sendContactForm,
  sendPreorderForm,
  signInAt,
  uniqueVisitorEmail,
  visitorPage,
} from './staff.testing';

const STAFF_ONLY = 'This area is for Leopard staff';

test.describe('who gets in', () => {
  test('a visitor is sent to sign in, and comes back to the console once signed in as staff', async ({ page }) => {
    const staff = await createAccountWithRole('admin', 'admin');
    await page.goto(paths.staffInbox);
    await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.staffInbox)}`);
    await signInThroughPage(page, staff);
    await expect(page).toHaveURL(paths.staffInbox);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    for (const name of ['Overview', /^Inbox/, 'Programmes', 'Customers', 'Trade-ins'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  for (const [label, role] of [
    ['a customer', null],
    ['an account with a forged role', 'forged'],
  ] as const) {
    test(`${label} sees "${STAFF_ONLY}", not the session dialog, and nothing of the console`, async ({ page }) => {
      const customer = await createAccountWithRole('customer', role);
      await signInAt(page, customer, paths.dashboard);
      await page.goto(paths.staff);
      await expect(page.getByRole('heading', { level: 1, name: STAFF_ONLY })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', paths.dashboard);
      await expect(page.getByText('Inactive Session')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);
      await expect(page).toHaveURL(paths.staff);
    });
  }
});

test('robots.txt keeps crawlers out of the console and the passes; the sitemap lists neither', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Disallow: ${paths.staff}\n`);
  expect(robots).toContain(`Disallow: ${paths.spacePass('')}\n`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toMatch(/\/staff|\/space-pass/);
});

test('a visitor’s new inquiry appears live in the inbox, and staff mark it Answered', async ({ page, browser }) => {
  const staff = await createAccountWithRole('admin', 'admin');
  await signInAt(page, staff, paths.staffInbox);
  const inbox = page.getByRole('heading', { level: 2, name: /^All inquiries/ });
  await expect(inbox).toBeVisible();
  const badge = page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: /^Inbox/ });
  const countOf = async () => Number(/, (\d+) new/.exec((await badge.textContent()) ?? '')?.[1] ?? 0);
  // The badge and the filter read the staffCounters trigger's count, the list a page of the records.
  // Other tests send inquiries at the same time, so the check is that the two counts agree.
  const newFilter = page.getByRole('button', { name: /^New \(/ });
  const filterCount = async () => Number(/\((\d+)\)/.exec((await newFilter.textContent()) ?? '')?.[1] ?? -1);
  const agree = async () => (await countOf()) === (await filterCount());

  const visitor = await visitorPage(browser);
  const email = uniqueVisitorEmail();
  const name = `Ada ${email.slice(8, 16)}`;
  await sendContactForm(visitor, { name, email, message: 'We need an app.\nCan we talk?' });
  await visitor.context().close();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card).toContainText(email);
  await expect(card).toContainText('San Diego');
  await expect(card).toContainText('We need an app.');
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(agree).toBe(true);
  expect(await countOf()).toBeGreaterThan(0);
  await expect(card.getByRole('link', { name: /^Reply/ })).toHaveAttribute(
    'href',
    `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=Re%3A%20your%20inquiry%20to%20Leopard`,
  );

  await card.getByRole('button', { name: /^Mark answered/ }).click();
  await expect(card.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Inquiry from ${name} marked Answered.` })).toBeAttached();
  await expect.poll(agree).toBe(true);

  const stored = Object.values((await readDatabase('submissions/contact')) as Record<string, Record<string, unknown>>).find(
    (record) => record.email === email,
  );
  expect(stored).toMatchObject({ status: 'answered', statusChangedBy: staff.uid, statusChangedAt: expect.any(Number) });

  // Filtered to New, the answered inquiry is not listed.
  await page.getByRole('button', { name: /^New \(/ }).click();
  await expect(page).toHaveURL(`${paths.staffInbox}?state=new`);
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('a Space pre-order, approved: the pass is mailed, and its link shows the pass with the person’s name', async ({ page, browser }) => {
  const staff = await createAccountWithRole('admin', 'admin');
  const visitor = await visitorPage(browser);
  const email = uniqueVisitorEmail();
  const name = `Mae ${email.slice(8, 16)}`;
  await sendPreorderForm(visitor, { name, email });

  await signInAt(page, staff, paths.staffProgrammes);
  const preorders = await openPreorders(page);
  const card = preorders.getByRole('article', { name });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  // Approving mails the person, so it is asked first; Escape cancels with nothing issued.
  await card.getByRole('button', { name: /^Approve/ }).click();
  const ask = page.getByRole('dialog', { name: `Approve the pre-order of ${name}?` });
  await expect(ask).toContainText(`mailed to ${email}`);
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: /^Approve/ }).click();
  await ask.getByRole('button', { name: 'Approve and mail the pass' }).click();
  await expect(card.getByText(/^Pass sent /)).toBeVisible();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  type Mail = { params: Record<string, unknown> };
  const passMail = async () =>
    ((await (await fetch(`${EMAILJS_URL}/__received`)).json()) as Mail[]).find(
      (mail) => mail.params.to_email === email && String(mail.params.message_text).includes('/space-pass/'),
    );
  await expect.poll(passMail).toBeTruthy();
  const text = String((await passMail())!.params.message_text);
  const link = /https?:\/\/\S+\/space-pass\/([A-Z2-7]+)/.exec(text);
  expect(link, text).not.toBeNull();
  const code = link![1]!;
  expect(code).toMatch(PASS_CODE_PATTERN);
  expect(String((await passMail())!.params.message_html)).toContain(paths.spacePass(code));

  // The visitor opens the link from the mail: no account, no Firebase.
  const scripts: string[] = [];
  visitor.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await visitor.goto(new URL(link![0]).pathname);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your Space beta-tester pass' })).toBeVisible();
  await expect(visitor.getByText(name, { exact: true })).toBeVisible();
  await expect(visitor.getByText(code, { exact: true })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(scripts.filter((url) => /firebase|index\.esm/i.test(url))).toEqual([]);
  expect(await visitor.evaluate(() => Object.keys(window).filter((key) => /firebase/i.test(key)))).toEqual([]);

  // Approving again answers the pass that exists: one pass, one mail.
  const again = await callStaffFunction(
    { action: 'decidePreorder', id: await preorderId(email), decision: 'approve' },
    await idTokenOf(staff),
  );
  expect(((await again.json()) as { data: { pass: { code: string } } }).data.pass.code).toBe(code);

  await visitor.goto(paths.spacePass('A'.repeat(26)));
  await expect(visitor.getByRole('heading', { level: 1, name: 'We could not find this pass' })).toBeVisible();
  await visitor.context().close();
});

async function preorderId(email: string): Promise<string> {
  const all = (await readDatabase('submissions/preorder')) as Record<string, { email: string }>;
  return Object.entries(all).find(([, record]) => record.email === email)![0];
}

test('support sees the pre-orders but Approve is disabled, with the reason', async ({ page, browser }) => {
  const support = await createAccountWithRole('support', 'support');
  const visitor = await visitorPage(browser);
  const email = uniqueVisitorEmail();
  const name = `Sal ${email.slice(8, 16)}`;
  await sendPreorderForm(visitor, { name, email });
  await visitor.context().close();

  await signInAt(page, support, paths.staffProgrammes);
  const card = (await openPreorders(page)).getByRole('article', { name });
  const approve = card.getByRole('button', { name: /^Approve/ });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(/Only an admin can do this\./);
});

test.describe('console data is staff’s alone', () => {
  const NODES = ['submissions/contact', 'submissions/waitlist', 'submissions/preorder', 'customer_index', 'all_orders', 'staff_audit'];

  test('the database refuses a visitor and a customer every list, lets staff read them a page at a time, and nobody whole', async () => {
    const customer = await createAccountWithRole('customer', null);
    const forged = await createAccountWithRole('forged', 'forged');
    const admin = await createAccountWithRole('admin', 'admin');
    const [customerToken, forgedToken, adminToken] = await Promise.all([idTokenOf(customer), idTokenOf(forged), idTokenOf(admin)]);
    for (const node of NODES) {
      expect((await readAs(node, undefined, NEWEST_PAGE)).status, `${node} for a visitor`).toBe(401);
      expect((await readAs(node, customerToken, NEWEST_PAGE)).status, `${node} for a customer`).toBe(401);
      expect((await readAs(node, forgedToken, NEWEST_PAGE)).status, `${node} for a forged role`).toBe(401);
      expect((await readAs(node, adminToken, NEWEST_PAGE)).status, `${node} a page for an admin`).toBe(200);
      expect((await readAs(node, adminToken)).status, `${node} whole for an admin`).toBe(401);
    }
    // The accounts are never listed, only read one at a time.
    for (const node of ['users', 'billing']) expect((await readAs(node, adminToken, NEWEST_PAGE)).status, `${node} for an admin`).toBe(401);
    expect((await readAs(`users/${customer.uid}`, adminToken)).status).toBe(200);
  });

  test('the staff function refuses a customer and a visitor', async () => {
    const customer = await createAccountWithRole('customer', null);
    const call = (token?: string) => callStaffFunction({ action: 'lookupCustomer', email: customer.email }, token);
    expect((await call()).status).toBe(401);
    expect((await call(await idTokenOf(customer))).status).toBe(403);
  });
});
