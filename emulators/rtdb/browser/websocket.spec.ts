import { expect, test } from '@playwright/test';
import { openPage, trackTransports, useEmulatorPage } from './harness.testing';

const { emulator, site } = useEmulatorPage();

test('the SDK connects over WebSocket by default and round-trips a value', async ({ page }) => {
  const transports = trackTransports(page);
  await openPage(page, site);
  const ns = `smoke-${Date.now()}`;
  const key = await page.evaluate(([host, ns]) => window.rtdb.connect({ host, ns }), [emulator.hostPort, ns] as const);
  await page.evaluate((key) => window.rtdb.listen(key, 'a'), key);
  await page.evaluate((key) => window.rtdb.set(key, 'a', { b: 1 }), key);
  await expect.poll(() => page.evaluate((key) => window.rtdb.values[`${key}:a`].at(-1), key)).toEqual({ b: 1 });
  expect(transports.webSockets.length).toBe(1);
  expect(transports.longPollRequests).toEqual([]);
});
