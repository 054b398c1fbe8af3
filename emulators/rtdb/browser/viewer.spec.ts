/**
 * The emulator's data viewer (emulators/rtdb/viewer/, served at `/` for browsers): it shows a
 * namespace's data, follows writes made elsewhere (REST here) without a reload, edits, deletes,
 * adds, pages large nodes, imports and exports JSON, and shows the rules. Driven only through
 * what a person uses: labels, roles and the keyboard.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { useEmulator } from './harness.testing';
import { axeViolations, openViewer, ownerRest, valueAt } from './viewer.testing';

const emulator = useEmulator();
const rest = ownerRest(emulator);

const RULES = '{\n  // the viewer shows the rules as uploaded\n  "rules": { ".read": "auth != null", ".write": false }\n}\n';

let seq = 0;
const freshNs = () => `viewer-${Date.now().toString(36)}-${++seq}`;

test('shows the data, follows REST writes live, edits and deletes values', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, '', { users: { alice: { name: 'Alice', age: 31 }, bob: { name: 'Bob' } }, motd: 'hello' });
  await openViewer(page, emulator, ns);

  // The data, lazily: top-level keys first, a node's children once it is expanded.
  await expect(valueAt(page, '/motd')).toHaveText('"hello"');
  await expect(page.getByRole('button', { exact: true, name: 'Expand /users' })).toHaveAttribute('aria-expanded', 'false');
  await expect(valueAt(page, '/users/alice/name')).toHaveCount(0);
  await page.getByRole('button', { exact: true, name: 'Expand /users' }).click();
  await page.getByRole('button', { exact: true, name: 'Expand /users/alice' }).click();
  await expect(valueAt(page, '/users/alice/name')).toHaveText('"Alice"');
  await expect(valueAt(page, '/users/alice/age')).toHaveText('31');
  await expect(page.locator('#live')).toHaveText('Live: streaming changes');

  // A write through REST appears without a reload, in visible nodes at any depth.
  await rest('PUT', ns, 'users/alice/age', 32);
  await expect(valueAt(page, '/users/alice/age')).toHaveText('32');
  await rest('PATCH', ns, 'users/alice', { city: 'Paris' });
  await expect(valueAt(page, '/users/alice/city')).toHaveText('"Paris"');
  await rest('PUT', ns, 'news', 'new top-level key');
  await expect(valueAt(page, '/news')).toHaveText('"new top-level key"');

  // Edit a value: the dialog shows the current value as JSON; a number stays a number.
  await page.getByRole('button', { exact: true, name: 'Edit /users/alice/age' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit' });
  await expect(edit.getByLabel('Value')).toHaveValue('32');
  await edit.getByLabel('Value').fill('33');
  await edit.getByRole('button', { exact: true, name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(valueAt(page, '/users/alice/age')).toHaveText('33');
  expect(await rest('GET', ns, 'users/alice/age')).toBe(33);
  await expect(page.getByRole('status')).toHaveText('Saved /users/alice/age.');

  // Text that is not JSON is saved as a string. (Keyboard only: expand, edit, save.)
  await page.getByRole('button', { exact: true, name: 'Expand /users/bob' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { exact: true, name: 'Collapse /users/bob' })).toBeFocused();
  await page.getByRole('button', { exact: true, name: 'Edit /users/bob/name' }).focus();
  await page.keyboard.press('Enter');
  await edit.getByLabel('Value').fill('Robert');
  await edit.getByLabel('Value').press('Tab');
  await page.keyboard.press('Enter'); // Save, by keyboard
  await expect(valueAt(page, '/users/bob/name')).toHaveText('"Robert"');

  // Add a child.
  await page.getByRole('button', { exact: true, name: 'Add a child to /users' }).click();
  const add = page.getByRole('dialog', { name: 'Add a child' });
  await add.getByLabel('Key').fill('carol');
  await add.getByLabel('Value').fill('{"name": "Carol"}');
  await add.getByRole('button', { exact: true, name: 'Save' }).click();
  await expect(page.getByRole('button', { exact: true, name: 'Expand /users/carol' })).toBeVisible();
  expect(await rest('GET', ns, 'users/carol')).toEqual({ name: 'Carol' });

  // Delete one value, after confirming.
  await page.getByRole('button', { exact: true, name: 'Delete /motd' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete?' });
  await expect(confirm).toContainText('/motd');
  await confirm.getByRole('button', { exact: true, name: 'Delete' }).click();
  await expect(valueAt(page, '/motd')).toHaveCount(0);
  expect(await rest('GET', ns, 'motd')).toBeNull();
  // Cancelling deletes nothing.
  await page.getByRole('button', { exact: true, name: 'Delete /news' }).click();
  await confirm.getByRole('button', { exact: true, name: 'Cancel' }).click();
  await expect(valueAt(page, '/news')).toHaveText('"new top-level key"');
  // A delete elsewhere disappears live.
  await rest('DELETE', ns, 'users/bob');
  await expect(page.getByRole('button', { exact: true, name: 'Expand /users/bob' })).toHaveCount(0);
});

test('imports a JSON file, exports a location, pages a large node, shows the rules', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, 'keep', true);
  await fetch(`${emulator.url}/.settings/rules.json?ns=${ns}`, { method: 'PUT', headers: { Authorization: 'Bearer owner' }, body: RULES });
  await openViewer(page, emulator, ns);
  await expect(page.locator('#rules')).toHaveText(RULES);
  await expect(page.getByRole('link', { name: 'Rules coverage report' })).toHaveAttribute('href', `/.inspect/coverage?ns=${ns}`);

  // Import (replace) at /catalog, with priorities as an export carries them.
  const items: Record<string, unknown> = {};
  for (let i = 0; i < 120; i++) items[`item${String(i).padStart(3, '0')}`] = { n: i, '.priority': i };
  await page.getByLabel('Location').fill('/catalog');
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'catalog.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(items)) });
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported catalog.json at /catalog (replaced, no triggers).');
  const stored = (await (
    await fetch(`${emulator.url}/catalog/item007.json?ns=${ns}&format=export`, { headers: { Authorization: 'Bearer owner' } })
  ).json()) as unknown;
  expect(stored).toEqual({ n: 7, '.priority': 7 });

  // The large node is shown 50 children at a time.
  await page.getByRole('button', { exact: true, name: 'Expand /catalog' }).click();
  await expect(page.getByRole('button', { exact: true, name: 'Expand /catalog/item049' })).toBeVisible();
  await expect(page.getByRole('button', { exact: true, name: 'Expand /catalog/item050' })).toHaveCount(0);
  await page.getByRole('button', { exact: true, name: 'Show more children of /catalog' }).click();
  await expect(page.getByRole('button', { exact: true, name: 'Expand /catalog/item099' })).toBeVisible();
  await page.getByRole('button', { exact: true, name: 'Show more children of /catalog' }).click();
  await expect(page.getByRole('button', { exact: true, name: 'Expand /catalog/item119' })).toBeVisible();
  await expect(page.getByRole('button', { exact: true, name: 'Show more children of /catalog' })).toHaveCount(0);

  // Merge: only the file's top-level keys are written.
  await page.getByLabel('Location').fill('/');
  await page.getByLabel('Merge into it').check();
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'more.json', mimeType: 'application/json', buffer: Buffer.from('{"extra": {"a": 1}}') });
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('button', { exact: true, name: 'Expand /extra' })).toBeVisible();
  expect(await rest('GET', ns, 'keep')).toBe(true);

  // A file that is not JSON is refused with a message.
  await page.getByLabel('File').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{nope') });
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('status')).toContainText('bad.json is not JSON');

  // Export a location: a download of its export-format JSON.
  await page.getByLabel('Location').fill('/catalog/item007');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { exact: true, name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${ns}-catalog-item007.json`);
  expect(JSON.parse(readFileSync(await download.path(), 'utf8'))).toEqual({ n: 7, '.priority': 7 });
});

test('other clients keep the plain-text answer at /; the page opens another namespace', async ({ page }) => {
  const plain = await fetch(`${emulator.url}/`);
  expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
  const a = freshNs();
  const b = freshNs();
  await rest('PUT', a, 'x', 'in a');
  await rest('PUT', b, 'y', 'in b');
  await openViewer(page, emulator, a);
  await expect(valueAt(page, '/x')).toHaveText('"in a"');
  await page.getByLabel('Database (namespace)').fill(b);
  await page.getByLabel('Database (namespace)').press('Enter');
  await expect(valueAt(page, '/y')).toHaveText('"in b"');
  await expect(valueAt(page, '/x')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('ns')).toBe(b);

  // No accessibility violations axe can find, with a node expanded and with the edit dialog open.
  await rest('PUT', b, 'obj', { a: 1, b: 'two' });
  await page.getByRole('button', { exact: true, name: 'Expand /obj' }).click();
  await expect(valueAt(page, '/obj/b')).toHaveText('"two"');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { exact: true, name: 'Edit /obj/a' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit' })).toBeHidden();
});

test('without REST streaming it polls, and still follows writes', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, 'n', 1);
  // An emulator without streaming answers the stream request with plain JSON.
  await page.route(
    (url) => url.pathname === '/.json' && url.searchParams.get('auth') === 'owner',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }),
  );
  await openViewer(page, emulator, ns);
  await expect(page.locator('#live')).toHaveText(/^Live: polling every 2 s/);
  await rest('PUT', ns, 'n', 2);
  await expect(valueAt(page, '/n')).toHaveText('2', { timeout: 5000 });
});

test('denied requests appear live, with the caller and the rule that said no; no value is shown', async ({ page }) => {
  const ns = freshNs();
  const secret = 'VIEWER-SECRET-93b2';
  await fetch(`${emulator.url}/.settings/rules.json?ns=${ns}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({
      rules: { notes: { $uid: { '.read': 'auth != null && auth.uid === $uid', '.write': 'auth != null && auth.uid === $uid' } } },
    }),
  });
  await rest('PUT', ns, 'notes/alice', secret);
  await openViewer(page, emulator, ns);
  const panel = page.getByRole('region', { exact: true, name: 'Denied requests' });
  await expect(page.getByText('No request has been denied.')).toBeVisible();

  // bob (an unsigned test token, as the emulators accept) reads alice's note, then writes it.
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const bob = `${b64({ alg: 'none' })}.${b64({ sub: 'bob', user_id: 'bob', iat: 1, exp: 4_000_000_000 })}.`;
  expect((await fetch(`${emulator.url}/notes/alice.json?ns=${ns}&auth=${bob}`)).status).toBe(401);
  expect(
    (await fetch(`${emulator.url}/notes/alice.json?ns=${ns}&auth=${bob}`, { method: 'PUT', body: JSON.stringify(secret) })).status,
  ).toBe(401);

  await expect(page.getByText('2 denied requests, 2 new; the newest 2 below.')).toBeVisible();
  const rows = page.getByRole('region', { name: 'Denied requests, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('rest-put');
  await expect(rows.nth(1)).toContainText('/notes/alice');
  await expect(rows.nth(1)).toContainText('uid bob');
  await expect(rows.nth(1)).toContainText('/notes/$uid .write: auth != null && auth.uid === $uid');
  await expect(rows.nth(1)).toContainText('false: auth.uid === $uid');
  await expect(rows.nth(2)).toContainText('rest-get');
  await expect(panel).not.toContainText(secret);
  expect(await axeViolations(page)).toEqual([]);

  // Importing with "run triggers" ticked sends a plain write; unticked, disableTriggers=true.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') sent.push(new URL(r.url()).searchParams.get('disableTriggers') ?? 'absent');
  });
  await page.getByLabel('Location').fill('/imported');
  const file = { name: 'one.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') };
  await page.getByLabel('File').setInputFiles(file);
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported one.json at /imported (replaced, no triggers).');
  await page.getByLabel('Run Functions database triggers for the imported data').check();
  await page.getByLabel('File').setInputFiles(file);
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported one.json at /imported (replaced, triggers run).');
  expect(sent).toEqual(['true', 'absent']);
});
