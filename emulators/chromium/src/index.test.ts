// The browser every suite starts: the headless shell at HEADLESS_CHROMIUM_PATH takes the suites'
// flags and renders a page, and a machine with Chromium elsewhere names it in the environment.
import { chromium } from '@playwright/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './index';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the headless shell', () => {
  it('starts with the suites’ flags and renders a page', async () => {
    const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: HEADLESS_CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.setContent('<main><h1>Leopard</h1></main>');
      await expect(page.locator('h1').textContent()).resolves.toBe('Leopard');
    } finally {
      await browser.close();
    }
  }, 30_000);

  it('is found where the environment says, when it says', async () => {
    vi.stubEnv('HEADLESS_CHROMIUM_PATH', '/opt/chromium/headless_shell');
    vi.stubEnv('CHROMIUM_PATH', '/opt/chromium/chrome');
    const moved = await import('./index');
    expect(moved.HEADLESS_CHROMIUM_PATH).toBe('/opt/chromium/headless_shell');
    expect(moved.CHROMIUM_PATH).toBe('/opt/chromium/chrome');
  });
});
