/**
 * Reply keeps who answered an inquiry and when, and Export CSV takes the list out as it is filtered
 * (docs/decisions/0152-staff-export-and-recorded-reply.md):
 * support presses Reply (the mail program's link), the card says who replied and when, after a
 * reload too, and the inquiry is Answered; the Answered inbox exported downloads a dated CSV with it
 * and without the others. At 1,280 and 375 px. Other tests write inquiries at the same time, so the
 * file is checked for this test's inquiries only.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { nextPushId } from '@leopard/rtdb-emulator/push-id';
import { paths } from '../../src/config/paths';
import { submissionIndex } from '../../src/data/list-index';
import { csvRecords } from '../../scripts/bench/export-throughput';
import { updateDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { createAccountWithRole, signInAt } from './staff.testing';

/** Inquiries as submitForm stores them from now on: the state and the list keys beside the fields. */
async function storeInquiries(names: Record<string, 'new' | 'archived'>): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const records: Record<string, unknown> = {};
  for (const [name, status] of Object.entries(names)) {
    // A push id of its time, as submitForm's: the inbox orders the newest first by key, and other
    // tests' inquiries written meanwhile would push a key of another shape off the first page.
    const createdAt = Date.now();
    const id = nextPushId(createdAt);
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    ids[name] = id;
    records[`submissions/contact/${id}`] = {
      name,
      email,
      phone: '+1 (619) 555-0100',
      city: 'San Diego',
      message: '=HYPERLINK("http://evil.example","Click")',
      createdAt,
      page: '/contact',
      status,
      ...submissionIndex({ kind: 'contact', status, email, name }),
    };
  }
  await updateDatabase(records);
  return ids;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const) {
  test(`at ${viewport.width} px: Reply records who answered and when, and Export CSV of the Answered inbox downloads it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const tag = randomUUID().slice(0, 8);
    const [answered, waiting, archived] = [`Ada Reply ${tag}`, `Bea Waiting ${tag}`, `Cy Archived ${tag}`];
    await storeInquiries({ [answered]: 'new', [waiting]: 'new', [archived]: 'archived' });
    const support = await createAccountWithRole('support', 'support');
    await signInAt(page, support, paths.staffInbox);

    const card = page.getByRole('article', { name: answered });
    const reply = card.getByRole('link', { name: new RegExp(`^Reply to ${answered}`) });
    await expect(reply).toHaveAttribute('href', /^mailto:ada\.reply\./);
    await reply.click();
    const repliedBy = (within: Locator) => within.getByRole('definition').filter({ hasText: `by ${support.email}, ` });
    await expect(repliedBy(card)).toBeVisible({ timeout: FUNCTION_CALL_TIMEOUT_MS });
    await expect(card.getByText('Answered', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article', { name: answered }).getByText('Answered', { exact: true })).toBeVisible();
    await expect(repliedBy(page.getByRole('article', { name: answered }))).toBeVisible();

    await page.getByRole('button', { name: /^Answered \(/ }).click();
    await expect(page.getByRole('article', { name: waiting })).toHaveCount(0);
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    const box = (await exportButton.boundingBox())!;
    expect(box.x + box.width, 'the button fits the screen').toBeLessThanOrEqual(viewport.width);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: FUNCTION_CALL_TIMEOUT_MS }), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`contact-${new Date().toISOString().slice(0, 10)}.csv`);
    const rows = csvRecords(readFileSync((await download.path())!, 'utf8'));
    const ours = rows.filter((row) => row.name.endsWith(tag));
    expect(ours).toEqual([
      expect.objectContaining({
        name: answered,
        status: 'answered',
        repliedBy: support.email,
        repliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        message: `'=HYPERLINK("http://evil.example","Click")`,
      }),
    ]);
    expect(rows.every((row) => row.status === 'answered')).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: `Saved ${download.suggestedFilename()}.` })).toBeAttached();
    await expectNoAxeViolations(page);
  });
}
