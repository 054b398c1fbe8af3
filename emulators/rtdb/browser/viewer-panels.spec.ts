/**
 * The data viewer's parts that viewer.spec.ts and viewer-tools.spec.ts pass over (emulators/rtdb/README.md,
 * "Data viewer"): the rules' coverage summary, the list of namespaces, Refresh, a refused write that
 * keeps what was typed, a table wider than its columns; and the viewer served by the package's bin
 * (`node src/run.mjs`, its bundle in node_modules/.cache). Driven only through what a person uses:
 * labels, roles and the keyboard.
 */
import { expect, test } from '@playwright/test';
import { spawnEmulator } from '../src/emulator-process.testing';
import { useEmulator } from './harness.testing';
import { openViewer, ownerRest, valueAt } from './viewer.testing';

const emulator = useEmulator();
const rest = ownerRest(emulator);
const OWNER = { Authorization: 'Bearer owner' };

let seq = 0;
const freshNs = () => `panels-${Date.now().toString(36)}-${++seq}`;

test('the rules panel sums up coverage and counts again on Reload; the namespace field offers every namespace', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, 'open', 1);
  await fetch(`${emulator.url}/.settings/rules.json?ns=${ns}`, {
    method: 'PUT',
    headers: OWNER,
    body: JSON.stringify({ rules: { '.read': 'auth != null', '.write': false } }),
  });
  await openViewer(page, emulator, ns);
  const summary = page.getByText(/^Coverage since these rules were loaded:/);
  await expect(summary).toHaveText(
    'Coverage since these rules were loaded: 0 of 2 rules and 0 of 3 subexpressions evaluated (0 evaluations).',
  );
  // A signed-out read is judged by `.read`: Reload shows it counted.
  expect((await fetch(`${emulator.url}/open.json?ns=${ns}`)).status).toBe(401);
  await page.getByRole('button', { exact: true, name: 'Reload' }).click();
  await expect(summary).toHaveText(
    /^Coverage since these rules were loaded: 1 of 2 rules and \d+ of 3 subexpressions evaluated \(1 evaluations\)\.$/,
  );
  await expect(page.getByRole('link', { name: 'as JSON' }).last()).toHaveAttribute('href', `/.inspect/coverage.json?ns=${ns}`);

  // The field's suggestions are the emulator's namespaces, this one and one made after the page opened.
  const other = freshNs();
  await rest('PUT', other, 'x', true);
  await page.getByLabel('Database (namespace)').focus();
  await expect(page.locator(`#ns-list option[value="${other}"]`)).toBeAttached();
  await expect(page.locator(`#ns-list option[value="${ns}"]`)).toBeAttached();
});

test('Refresh fetches what is open again', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, '', { a: { b: 1 } });
  // No live stream: the page is left to Refresh (the stream request is held unanswered).
  await page.route(
    (url) => url.pathname === '/.json' && url.searchParams.get('auth') === 'owner',
    () => undefined,
  );
  await openViewer(page, emulator, ns);
  await page.getByRole('button', { exact: true, name: 'Expand /a' }).click();
  await expect(valueAt(page, '/a/b')).toHaveText('1');
  await rest('PUT', ns, 'a/b', 2);
  await page.getByRole('button', { exact: true, name: 'Refresh' }).click();
  await expect(page.getByRole('status')).toHaveText('Refreshed.');
  await expect(valueAt(page, '/a/b')).toHaveText('2');
});

test('a write the server refuses keeps the dialog open with what was typed; a key is asked for', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, 'list', { first: 1 });
  await openViewer(page, emulator, ns);
  await page.getByRole('button', { exact: true, name: 'Add a child to /list' }).click();
  const add = page.getByRole('dialog', { name: 'Add a child' });
  await add.getByLabel('Value').fill('{"kept": true}');
  await add.getByRole('button', { exact: true, name: 'Save' }).click();
  // The key field is required: the browser keeps the dialog open and the value as typed.
  await expect(add).toBeVisible();
  await add.getByLabel('Key').fill('  ');
  await add.getByRole('button', { exact: true, name: 'Save' }).click();
  await expect(add.getByRole('alert')).toHaveText('Give the new child a key.');
  // `.` is not allowed in a key: the server's refusal is shown, nothing is written, nothing typed is lost.
  await add.getByLabel('Key').fill('a.b');
  await add.getByRole('button', { exact: true, name: 'Save' }).click();
  await expect(add.getByRole('alert')).toHaveText(/^Not saved \(400: /);
  await expect(add.getByLabel('Key')).toHaveValue('a.b');
  await expect(add.getByLabel('Value')).toHaveValue('{"kept": true}');
  expect(await rest('GET', ns, 'list')).toEqual({ first: 1 });
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();
});

test('a table wider than 30 columns shows the first 30 and says how many more there are', async ({ page }) => {
  const ns = freshNs();
  const wide: Record<string, number> = {};
  for (let i = 0; i < 33; i++) wide[`f${String(i).padStart(2, '0')}`] = i;
  await rest('PUT', ns, 'rows', { one: wide, two: 'plain' });
  await openViewer(page, emulator, ns);
  await page.getByRole('button', { exact: true, name: 'Expand /rows' }).click();
  await page.getByRole('button', { exact: true, name: 'Table view of /rows' }).click();
  const table = page.getByRole('table', { name: 'Children of /rows as a table' });
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveCount(32); // Key, (value), f00 … f29
  await expect(headers.nth(1)).toHaveText('(value)');
  await expect(headers.last()).toHaveText('f29');
  await expect(page.getByText('3 more columns not shown.')).toBeVisible();
  await expect(table.getByRole('row', { name: /^two/ })).toContainText('"plain"');
});

test("the package's bin serves the viewer from its cached bundle", async ({ page }) => {
  const bin = await spawnEmulator();
  try {
    const base = `http://${bin.hostPort}`;
    const ns = freshNs();
    await ownerRest({ url: base })('PUT', ns, 'from', 'the bin');
    await openViewer(page, { url: base }, ns);
    await expect(valueAt(page, '/from')).toHaveText('"the bin"');
    await expect(page.locator('#live')).toHaveText('Live: streaming changes');
  } finally {
    await bin.stop();
  }
});
