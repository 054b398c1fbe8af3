/**
 * The console's lists a page at a time (docs/decisions/0151-console-lists-a-page-at-a-time.md):
 * more records than a page, found by a name typed without its accent and by the beginning of an
 * address, filtered, ordered, paged both ways with what is shown said, a new inquiry arriving live on
 * page 1, times said as people say them with the exact one in the title; on a desktop window and a
 * phone, axe clean. Other tests write inquiries at the same time, so each test's records carry a tag
 * of its own and the checks search for it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { nextPushId } from '@leopard/rtdb-emulator/push-id';
import { paths } from '../../src/config/paths';
import { submissionIndex } from '../../src/data/list-index';
import { PROGRAMME_SECTIONS } from '../../src/features/staff/staff-links';
import { updateDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { createAccountWithRole, sendContactForm, signInAt, uniqueVisitorEmail, visitorPage } from './staff.testing';

const MINUTE = 60_000;

/** `count` submissions written as the server writes them (status and index fields beside what was
 *  sent), a minute apart and at most `count` minutes old; every third answered or contacted. */
async function seed(kind: 'contact' | 'waitlist', count: number, person: (n: number) => { name: string; email: string }) {
  const writes: Record<string, unknown> = {};
  const now = Date.now();
  for (let n = 0; n < count; n++) {
    const { name, email } = person(n);
    const createdAt = now - (count - n) * MINUTE;
    const status = n % 3 === 0 ? (kind === 'contact' ? 'answered' : 'contacted') : 'new';
    const sent =
      kind === 'contact'
        ? { name, email, phone: '+1 619 555 0100', city: 'San Diego', message: 'Hello', page: '/contact' }
        : { full__name: name, email, programme: 'builder' };
    writes[`submissions/${kind}/${nextPushId(createdAt)}`] = {
      ...sent,
      createdAt,
      status,
      ...submissionIndex({ kind, programme: 'builder', status, email, name }),
    };
  }
  await updateDatabase(writes);
}

const tagOf = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6);
const pad = (n: number) => String(n).padStart(2, '0');

const showing = (page: Page) => page.getByRole('navigation', { name: /^Pages of / }).getByText(/^Showing /);

test('the inbox: search without the accent, by address, filter, order, pages both ways, a new inquiry live on page 1', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const tag = tagOf();
  await seed('contact', 30, (n) => ({ name: `Zoë ${tag} ${pad(n)}`, email: `${tag}-${pad(n)}@lists.example.com` }));
  const staff = await createAccountWithRole('support', 'support');
  // Everything the database sends the page (the SDK speaks over a WebSocket only).
  const received: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void received.push(String(payload))));
  await signInAt(page, staff, paths.staffInbox);

  // Newest first with every state: a page of 25, and the count of every inquiry.
  await expect(showing(page)).toHaveText(/^Showing 1–25 of [\d,]+$/);
  await expect(page.getByRole('article')).toHaveCount(25);
  // The page is all the browser got: the oldest of the 30, below at least 29 newer ones, never came.
  expect(received.join('')).toContain('"g":"contact"');
  expect(received.join('')).not.toContain(`${tag}-00@`);

  // A name without its accent, in capitals: 30 found, A–Z, 25 to a page.
  const search = page.getByRole('searchbox', { name: 'Search by name or email' });
  await search.fill(`ZOE ${tag}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=ZOE\\+${tag}`));
  await expect(showing(page)).toHaveText('Showing 1–25');
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('name');
  const names = page.getByRole('article').getByRole('heading', { level: 3 });
  await expect(names.first()).toHaveText(`Zoë ${tag} 00`);
  await expect(names).toHaveCount(25);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1–25 inquiries.' })).toBeAttached();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(showing(page)).toHaveText('Showing 26–30');
  await expect(names).toHaveText([25, 26, 27, 28, 29].map((n) => `Zoë ${tag} ${n}`));
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(showing(page)).toHaveText('Showing 1–25');
  await expect(names.first()).toHaveText(`Zoë ${tag} 00`);

  // Filtered to Answered within the search: every third.
  await page.getByRole('button', { name: /^Answered \(/ }).click();
  await expect(page).toHaveURL(/[?&]state=answered/);
  await expect(names).toHaveText([0, 3, 6, 9, 12, 15, 18, 21, 24, 27].map((n) => `Zoë ${tag} ${pad(n)}`));
  await expect(page.getByRole('article').first().getByText('Answered', { exact: true })).toBeVisible();

  // An address by its beginning: one.
  await search.fill(`${tag}-07@LISTS`);
  await expect(page.getByRole('paragraph').filter({ hasText: 'No inquiries match.' })).toBeVisible();
  await page.getByRole('button', { name: /^All \(/ }).click();
  await expect(names).toHaveText([`Zoë ${tag} 07`]);
  const card = page.getByRole('article', { name: `Zoë ${tag} 07` });
  // How long ago, with the exact time and its zone on hover and for a screen reader.
  const time = card.locator('time');
  await expect(time).toHaveText(/^\d+ minutes ago \(.+\)$/);
  await expect(time).toHaveAttribute('title', /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M [A-Z]{2,5}([+-]\d+)?$/);
  await expectNoAxeViolations(page);

  // Escape empties the search; the order is a step Back undoes.
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await page.getByRole('combobox', { name: 'Order' }).selectOption('Oldest first');
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('newest');

  // Newest first, all states: a visitor's inquiry comes in at the top of page 1, live.
  await page.goto(paths.staffInbox);
  await expect(showing(page)).toHaveText(/^Showing 1–25 of/);
  const visitor = await visitorPage(browser);
  const email = uniqueVisitorEmail();
  const name = `Live ${tag}`;
  await sendContactForm(visitor, { name, email, message: 'Arrived while you looked.' });
  await visitor.context().close();
  await expect(page.getByRole('article').first()).toHaveAccessibleName(name);
  await expect(page.getByRole('article')).toHaveCount(25);
  await expect(page.getByRole('article').first().locator('time')).toHaveText(/^just now /);
});

test('a waitlist on a phone (375 px): chosen by its link, searched, paged, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const tag = tagOf();
  await seed('waitlist', 27, (n) => ({ name: `Émile ${tag} ${pad(n)}`, email: `${tag}-${pad(n)}@builders.example.com` }));
  const staff = await createAccountWithRole('admin', 'admin');
  await signInAt(page, staff, `${paths.staffProgrammes}?q=emile+${tag}#${PROGRAMME_SECTIONS.builder}`);

  const list = page.getByRole('region', { name: 'Enterprise builder waitlist' });
  await expect(page.getByRole('link', { name: 'Builder waitlist' })).toHaveAttribute('aria-current', 'true');
  await expect(list.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue(`emile ${tag}`);
  await expect(showing(page)).toHaveText('Showing 1–25');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(showing(page)).toHaveText('Showing 26–27');
  await expect(list.getByRole('article')).toHaveCount(2);

  // Filtered to Contacted: the filter's count is the counters', which the trigger keeps.
  await page.getByRole('button', { name: /^Contacted \(/ }).click();
  await expect(list.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(
    [0, 3, 6, 9, 12, 15, 18, 21, 24].map((n) => `Émile ${tag} ${pad(n)}`),
  );

  // The other lists are a link away; each starts unfiltered.
  await page.getByRole('link', { name: 'Space pre-orders' }).click();
  await expect(page).toHaveURL(`${paths.staffProgrammes}#${PROGRAMME_SECTIONS.preorders}`);
  await expect(page.getByRole('region', { name: 'Space pre-orders' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
