/**
 * A page that stays open while the emulator restarts on the same port: its listeners get
 * updates again once the SDK has reconnected, over either transport.
 */
import { expect, test } from '@playwright/test';
import { openPage, useEmulatorPage } from './harness.testing';

const { emulator, site } = useEmulatorPage();

for (const transport of ['websocket', 'long-polling'] as const) {
  test(`a tab survives an emulator restart on the same port (${transport})`, async ({ page }) => {
    await openPage(page, site);
    const ns = `restart-${transport}-${Date.now().toString(36)}`;
    const put = async (value: unknown) => {
      const res = await fetch(`${emulator.url}/feed.json?ns=${ns}`, { method: 'PUT', body: JSON.stringify(value) });
      expect(res.status).toBe(200);
    };
    const key = await page.evaluate(
      ([host, ns, transport]) => window.rtdb.connect({ host, ns, transport: transport === 'long-polling' ? 'long-polling' : undefined }),
      [emulator.hostPort, ns, transport] as const,
    );
    const id = await page.evaluate((key) => window.rtdb.listen(key, 'feed'), key);
    await put('before');
    await expect.poll(() => page.evaluate((id) => window.rtdb.values[id].at(-1), id)).toBe('before');

    await emulator.restart({ downMs: 1500 });
    await expect.poll(() => page.evaluate((key) => window.rtdb.connected[key].includes(false), key)).toBe(true);
    // After the restart the database is empty (no data file); the listener sees that, then new writes.
    await expect.poll(() => page.evaluate((key) => window.rtdb.connected[key].at(-1), key), { timeout: 20_000 }).toBe(true);
    await put('after');
    await expect.poll(() => page.evaluate((id) => window.rtdb.values[id].at(-1), id), { timeout: 10_000 }).toBe('after');
    // And the page's own writes reach the new emulator.
    await page.evaluate((key) => window.rtdb.set(key, 'feed', 'from the page'), key);
    expect(await (await fetch(`${emulator.url}/feed.json?ns=${ns}`)).json()).toBe('from the page');
  });
}
