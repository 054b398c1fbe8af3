import type { Locator, Page } from '@playwright/test';

import { expect } from './fixtures.testing';

/** The app has started: React has taken #root (`__reactContainer$…`). Parts of the page may
 *  still be plain pre-rendered HTML (each page hydrates behind its own Suspense boundary). */
export async function appStarted(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$'))))
    .toBe(true);
}

/** React has committed this element (it carries its fiber, `__reactFiber$…`): the part of the
 *  page it belongs to has hydrated. */
export async function hydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
}

/** Clicks the element once React has taken it: on a pre-rendered page a click before hydration
 *  does nothing, and a loaded machine makes a test click that early. */
export async function clickHydrated(element: Locator): Promise<void> {
  await hydrated(element);
  await element.click();
}
