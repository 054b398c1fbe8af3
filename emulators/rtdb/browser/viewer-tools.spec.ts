/**
 * The data viewer's tools from the Emulator Suite UI's data tab (emulators/rtdb/README.md, "Data
 * viewer"): filter a node's children with a query, a table view of a list of records, clone, rename
 * a key, edit a priority, and import with or without Functions triggers. Each is checked through
 * the REST API, and driven only through what a person uses: labels, roles and the keyboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { useEmulator } from './harness.testing';
import { axeViolations, openViewer, ownerRest } from './viewer.testing';

const emulator = useEmulator();
const rest = ownerRest(emulator);
const OWNER = { Authorization: 'Bearer owner' };

/** The keys shown under a node of the tree, in the order shown. */
async function shownChildren(page: Page, path: string): Promise<string[]> {
  const items = page.locator(`li[data-node="${path}"] > ul > li[data-node]`);
  return (await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-node') ?? ''))).map((p) => p.slice(path.length + 1));
}

let seq = 0;
const freshNs = () => `tools-${Date.now().toString(36)}-${++seq}`;

const USERS = {
  alice: { age: 31, city: 'Paris' },
  bob: { age: 25, city: 'Oslo' },
  carol: { age: 40 },
  dave: { age: 31, city: 'Lima' },
};

test('filters children with a query, by keyboard alone, and the filter stays live', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, '', { users: USERS, scores: { a: 7, b: 3, c: 9, d: 'n/a' } });
  await openViewer(page, emulator, ns);

  // Expand /users and open its filter, with the keyboard only.
  await page.getByRole('button', { exact: true, name: 'Expand /users' }).focus();
  await page.keyboard.press('Enter');
  const filterUsers = page.getByRole('button', { exact: true, name: 'Filter children of /users' });
  await expect(filterUsers).toBeVisible();
  await filterUsers.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Filter children' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Order by')).toBeFocused();
  await expect(dialog.getByLabel('Child path')).toBeHidden();
  // Order by child "age", start at 30, the first 2.
  await page.keyboard.press('c');
  await expect(dialog.getByLabel('Order by')).toHaveValue('child');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Child path')).toBeFocused();
  await page.keyboard.type('age');
  await page.keyboard.press('Tab'); // Equal to
  await page.keyboard.press('Tab'); // Start at
  await expect(dialog.getByLabel('Start at')).toBeFocused();
  await page.keyboard.type('30');
  await page.keyboard.press('Tab'); // End at
  await page.keyboard.press('Tab'); // Limit
  await expect(dialog.getByLabel('Limit')).toBeFocused();
  await page.keyboard.press('f');
  await expect(dialog.getByLabel('Limit')).toHaveValue('first');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Number of children')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter'); // Apply
  await expect(dialog).toBeHidden();
  await expect(filterUsers).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('Filtered /users by child age, start at 30, first 2: 2 children match.');

  // The children the REST query picks, in the index's order (ties by key).
  const picked = await rest('GET', ns, 'users', undefined, '&orderBy="age"&startAt=30&limitToFirst=2');
  expect(Object.keys(picked as object).sort()).toEqual(['alice', 'dave']);
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['alice', 'dave']);
  await expect(page.getByText('Filtered by child age, start at 30, first 2: 2 children.')).toBeVisible();

  // Live: a write elsewhere that enters the window shows, and pushes the last one out.
  await rest('PUT', ns, 'users/erin', { age: 30 });
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['erin', 'alice']);
  await rest('PATCH', ns, 'users/erin', { age: 20 });
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['alice', 'dave']);
  expect(await axeViolations(page)).toEqual([]);

  // Clearing, by keyboard: every child again, and focus back on the filter button.
  await page.getByRole('button', { exact: true, name: 'Clear the filter on /users' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
  await expect(page.getByRole('button', { exact: true, name: 'Filter children of /users' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('Showing every child of /users.');
});

test('filters by equal to, by value with the last N, and by a range of keys', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, '', { users: USERS, scores: { a: 7, b: 3, c: 9, d: 'n/a' } });
  await openViewer(page, emulator, ns);
  await page.getByRole('button', { exact: true, name: 'Expand /users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter children' });

  await page.getByRole('button', { exact: true, name: 'Filter children of /users' }).click();
  await dialog.getByLabel('Order by').selectOption('child');
  await dialog.getByLabel('Child path').fill('age');
  await dialog.getByLabel('Equal to').fill('31');
  await dialog.getByRole('button', { exact: true, name: 'Apply' }).click();
  expect(Object.keys((await rest('GET', ns, 'users', undefined, '&orderBy="age"&equalTo=31')) as object).sort()).toEqual(['alice', 'dave']);
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['alice', 'dave']);
  await page.getByRole('button', { exact: true, name: 'Expand /scores' }).click();
  await page.getByRole('button', { exact: true, name: 'Filter children of /scores' }).click();
  await dialog.getByLabel('Order by').selectOption('value');
  await dialog.getByLabel('Limit').selectOption('last');
  await dialog.getByLabel('Number of children').fill('3');
  await dialog.getByRole('button', { exact: true, name: 'Apply' }).click();
  // Numbers before strings: the last three are 7, 9 and "n/a".
  await expect.poll(() => shownChildren(page, '/scores')).toEqual(['a', 'c', 'd']);
  // Order by key, a range of keys.
  await page.getByRole('button', { exact: true, name: 'Filter children of /users' }).click();
  await dialog.getByLabel('Order by').selectOption('key');
  await dialog.getByLabel('Equal to').fill('');
  await dialog.getByLabel('Start at').fill('b');
  await dialog.getByLabel('End at').fill('d');
  await dialog.getByRole('button', { exact: true, name: 'Apply' }).click();
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['bob', 'carol']);

  // Bounds that cannot go together are explained in the dialog, which stays open; nothing changes.
  await page.getByRole('button', { exact: true, name: 'Filter children of /users' }).click();
  await dialog.getByLabel('Equal to').fill('carol');
  await dialog.getByRole('button', { exact: true, name: 'Apply' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Equal to cannot be combined with start at or end at');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => shownChildren(page, '/users')).toEqual(['bob', 'carol']);
});

test('shows a list of records as a live table', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, 'users', USERS);
  await openViewer(page, emulator, ns);
  await page.getByRole('button', { exact: true, name: 'Expand /users' }).click();
  const toggle = page.getByRole('button', { exact: true, name: 'Table view of /users' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toBeFocused();

  const table = page.getByRole('region', { name: 'Children of /users as a table' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Key', 'age', 'city']);
  await expect(table.getByRole('rowheader')).toHaveText(['alice', 'bob', 'carol', 'dave']);
  await expect(table.getByRole('row', { name: /^bob/ }).getByRole('cell')).toHaveText(['25', '"Oslo"']);
  // carol has no city: an empty cell.
  await expect(table.getByRole('row', { name: /^carol/ }).getByRole('cell')).toHaveText(['40', '']);

  // Live: changed fields, new fields (a new column) and new records appear without a reload.
  await rest('PATCH', ns, 'users/bob', { city: 'Rome' });
  await expect(page.locator('[data-cell="/users/bob/city"]')).toHaveText('"Rome"');
  await rest('PUT', ns, 'users/erin', { age: 22, email: 'erin@example.com', address: { city: 'Bern', zip: '3000' } });
  await expect(table.getByRole('columnheader')).toHaveText(['Key', 'address', 'age', 'city', 'email']);
  await expect(table.getByRole('row', { name: /^erin/ }).getByRole('cell')).toHaveText(['{2 fields}', '22', '', '"erin@example.com"']);
  await rest('DELETE', ns, 'users/alice');
  await expect(table.getByRole('rowheader')).toHaveText(['bob', 'carol', 'dave', 'erin']);

  // The table shows what a filter picks.
  await page.getByRole('button', { exact: true, name: 'Filter children of /users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter children' });
  await dialog.getByLabel('Order by').selectOption('child');
  await dialog.getByLabel('Child path').fill('age');
  await dialog.getByLabel('End at').fill('30');
  await dialog.getByRole('button', { exact: true, name: 'Apply' }).click();
  await expect(table.getByRole('rowheader')).toHaveText(['erin', 'bob']);
  expect(await axeViolations(page)).toEqual([]);

  // And back to the tree.
  await toggle.click();
  await expect(page.getByRole('region', { name: 'Children of /users as a table' })).toHaveCount(0);
  await expect(page.getByRole('button', { exact: true, name: 'Expand /users/bob' })).toBeVisible();
});

test('clones a node, renames a key in one update (by keyboard), and edits a priority', async ({ page }) => {
  const ns = freshNs();
  await rest('PUT', ns, 'users', { ...USERS, alice: { ...USERS.alice, '.priority': 3 } });
  await openViewer(page, emulator, ns);
  await page.getByRole('button', { exact: true, name: 'Expand /users' }).click();

  // Clone: a sibling with a copy of everything, priority included.
  await page.getByRole('button', { exact: true, name: 'Clone /users/alice' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone' });
  await expect(clone.getByLabel('New key')).toHaveValue('alice-copy');
  await expect(clone.getByLabel('New key')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await clone.getByRole('button', { exact: true, name: 'Clone' }).click();
  await expect(clone).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Cloned /users/alice to /users/alice-copy.');
  expect(await rest('GET', ns, 'users/alice-copy', undefined, '&format=export')).toEqual({ age: 31, city: 'Paris', '.priority': 3 });
  expect(await rest('GET', ns, 'users/alice', undefined, '&format=export')).toEqual({ age: 31, city: 'Paris', '.priority': 3 });
  await expect(page.getByRole('button', { exact: true, name: 'Expand /users/alice-copy' })).toBeVisible();
  // A key that is taken, or not a key, is refused and nothing is written.
  await page.getByRole('button', { exact: true, name: 'Clone /users/alice' }).click();
  await clone.getByLabel('New key').fill('bob');
  await clone.getByRole('button', { exact: true, name: 'Clone' }).click();
  await expect(clone.getByRole('alert')).toHaveText('/users/bob already exists; choose a key that is free.');
  await clone.getByLabel('New key').fill('a/b');
  await clone.getByRole('button', { exact: true, name: 'Clone' }).click();
  await expect(clone.getByRole('alert')).toContainText('has none of . # $ / [ ]');
  await clone.getByRole('button', { exact: true, name: 'Cancel' }).click();
  expect(await rest('GET', ns, 'users/bob')).toEqual(USERS.bob);

  // Rename, keyboard only, while a REST event stream watches /users: one patch event carries the
  // new key and the removal of the old one, so no client sees both or neither.
  const events: string[] = [];
  const stream = new AbortController();
  const res = await fetch(`${emulator.url}/users.json?ns=${ns}`, {
    headers: { ...OWNER, Accept: 'text/event-stream' },
    signal: stream.signal,
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) events.push(decoder.decode(chunk));
    } catch {
      /* aborted at the end of the test */
    }
  })();
  await expect.poll(() => events.join('')).toContain('event: put');

  await page.getByRole('button', { exact: true, name: 'Expand /users/bob' }).click();
  await page.getByRole('button', { exact: true, name: 'Rename /users/bob' }).focus();
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await expect(rename.getByLabel('New key')).toBeFocused();
  await expect(rename.getByLabel('New key')).toHaveValue('bob');
  await page.keyboard.type('robert'); // the old key is selected: typing replaces it
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Renamed /users/bob to /users/robert.');
  await expect(page.getByRole('button', { exact: true, name: 'Rename /users/robert' })).toBeFocused();
  // What was open stays open under the new key.
  await expect(page.locator('[data-value="/users/robert/city"]')).toHaveText('"Oslo"');
  expect(await rest('GET', ns, 'users/bob')).toBeNull();
  expect(await rest('GET', ns, 'users/robert')).toEqual(USERS.bob);
  await expect.poll(() => events.join('')).toContain('event: patch');
  const patches = events
    .join('')
    .split('\n\n')
    .filter((e) => e.startsWith('event: patch'))
    .map((e) => JSON.parse(e.slice(e.indexOf('data: ') + 6)) as unknown);
  expect(patches).toEqual([{ path: '/', data: { robert: USERS.bob, bob: null } }]);
  stream.abort();
  await reading;

  // Priority: shown as it is, set to a number, to a string, and removed.
  await page.getByRole('button', { exact: true, name: 'Priority of /users/alice' }).click();
  const priority = page.getByRole('dialog', { name: 'Priority' });
  await expect(priority.getByLabel('Priority')).toHaveValue('3');
  await priority.getByLabel('Priority').fill('12.5');
  await priority.getByRole('button', { exact: true, name: 'Save' }).click();
  await expect(priority).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Set the priority of /users/alice to 12.5.');
  expect(await rest('GET', ns, 'users/alice', undefined, '&format=export')).toEqual({ age: 31, city: 'Paris', '.priority': 12.5 });
  await page.getByRole('button', { exact: true, name: 'Priority of /users/carol' }).click();
  await expect(priority.getByLabel('Priority')).toHaveValue('');
  await priority.getByLabel('Priority').fill('vip');
  await priority.getByLabel('Priority').press('Enter');
  await expect(priority).toBeHidden();
  expect(await rest('GET', ns, 'users/carol', undefined, '&format=export')).toEqual({ age: 40, '.priority': 'vip' });
  // The priority orders children for the SDKs' default order.
  expect(Object.keys((await rest('GET', ns, 'users', undefined, '&orderBy="$priority"&limitToLast=1')) as object)).toEqual(['carol']);
  await page.getByRole('button', { exact: true, name: 'Priority of /users/alice' }).click();
  await priority.getByLabel('Priority').fill('');
  await priority.getByRole('button', { exact: true, name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Removed the priority of /users/alice.');
  expect(await rest('GET', ns, 'users/alice', undefined, '&format=export')).toEqual({ age: 31, city: 'Paris' });
});

test('imports with or without Functions triggers, as chosen', async ({ page }) => {
  const ns = freshNs();
  // A registered database trigger on /imported/{id}. No Functions emulator runs here, so every
  // event the emulator sends fails at once and is counted: the count tells whether a write fired it.
  const registration = await fetch(`${emulator.url}/.settings/functionTriggers.json?ns=${ns}`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({
      name: 'projects/demo-tools/locations/_/functions/onImported',
      path: '/imported/{id}',
      event: 'providers/google.firebase.database/eventTypes/ref.write',
      topic: 'projects/demo-tools/topics/onImported',
    }),
  });
  expect(registration.status).toBe(200);
  const fired = async () => {
    const t = (await (await fetch(`${emulator.url}/.inspect/triggers.json`)).json()) as {
      delivered: number;
      failed: number;
      pending: number;
    };
    return t.delivered + t.failed + t.pending;
  };
  const before = await fired();

  await openViewer(page, emulator, ns);
  const file = { name: 'two.json', mimeType: 'application/json', buffer: Buffer.from('{"x": {"n": 1}, "y": {"n": 2}}') };
  await page.getByLabel('Location').fill('/imported');
  await page.getByLabel('File').setInputFiles(file);
  const runTriggers = page.getByLabel('Run Functions database triggers for the imported data');
  await expect(runTriggers).not.toBeChecked();
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported two.json at /imported (replaced, no triggers).');
  expect(await rest('GET', ns, 'imported')).toEqual({ x: { n: 1 }, y: { n: 2 } });
  expect(await fired()).toBe(before);

  // With the box ticked the same import fires the trigger once per child that changed.
  await rest('DELETE', ns, 'imported', undefined, '&disableTriggers=true');
  await runTriggers.check();
  await page.getByLabel('File').setInputFiles(file);
  await page.getByRole('button', { exact: true, name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported two.json at /imported (replaced, triggers run).');
  expect(await rest('GET', ns, 'imported')).toEqual({ x: { n: 1 }, y: { n: 2 } });
  await expect.poll(fired).toBe(before + 2);
});
