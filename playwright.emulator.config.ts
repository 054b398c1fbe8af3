import { defineConfig, devices } from '@playwright/test';

import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './scripts/chromium';

/** Browser conformance tests of the database emulator (emulators/rtdb) in Debian's Chromium.
 *  No global stack: every test file starts its own emulator on a free port and serves its own
 *  tiny page (emulators/rtdb/browser/harness.testing.ts), so this runs beside anything on fixed ports.
 *  `npm run test:emulator:browser`. */
export default defineConfig({
  testDir: 'emulators/rtdb/browser',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : 4,
  reporter: 'list',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/emulator-browser',
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
