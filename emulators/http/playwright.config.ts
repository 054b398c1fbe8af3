import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from '../../scripts/chromium';

/** The origin gate of the three services in Debian's Chromium: a page on another origin tries
 *  them all (browser/). No global stack: the spec starts every service and both pages on free
 *  ports. `npm run test:emulator:browser` runs it after the database emulator's browser suite. */
export default defineConfig({
  testDir: fileURLToPath(new URL('browser', import.meta.url)),
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 1,
  reporter: 'list',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: fileURLToPath(new URL('../../test-results/emulator-http-browser', import.meta.url)),
  use: {
    // No trace, as in the site's suite (playwright.config.ts): recording it for every test cost
    // time, and `--trace retain-on-failure` records it when hunting a failure.
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: HEADLESS_CHROMIUM_PATH,
      args: HEADLESS_CHROMIUM_FLAGS,
    },
  },
});
