import { defineConfig, devices } from '@playwright/test';

import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from '@leopard/chromium';
import { E2E_PORT_OFFSET, PORT_OFFSET_VARIABLE, localStack, portOffsetFrom } from './emulators/ports';

// The suite's own stack, away from `npm start`'s; the global setup, the workers (which inherit
// this environment) and emulators/local-config.ts all read the offset from here.
const stack = localStack(portOffsetFrom(process.env, E2E_PORT_OFFSET));
process.env[PORT_OFFSET_VARIABLE] = String(stack.offset);

/** End-to-end tests: Debian's Chromium against the built site (`vite build --mode emulators`,
 *  which builds for this suite's stack) served by `vite preview` on the local stack; the global
 *  setup builds the site and starts the stack. `npm run test:e2e` runs scripts/ensure-chromium.sh
 *  first, which installs Chromium when missing. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three on two cores: the tests mostly wait on the browser and the stack. Playwright's default
  // there (half the cores: one) took 13.5 min where two took 9.6 (same 448 tests), and three took
  // 403 s and 417 s where two took 442 s and 478 s (docs/decisions/0147-three-playwright-workers.md, which
  // also tells how the waits too short for three were found: four workers).
  workers: 3,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: stack.siteUrls.preview,
    // No trace and no screenshot: keeping them for a test that fails costs time in every test that
    // passes (the trace is recorded for all), and CI keeps nothing of a run. The auth, every-page
    // and account-trust specs took 140 s with the trace, 133 s with a screenshot on failure only
    // and 128 s with neither (docs/decisions/0142-no-playwright-trace-by-default.md). A failed test
    // still leaves error-context.md (the page as it was); to hunt a failure with its trace:
    // `npm run test:e2e -- --trace retain-on-failure`.
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: HEADLESS_CHROMIUM_PATH,
      args: HEADLESS_CHROMIUM_FLAGS,
    },
  },
  globalSetup: './tests/e2e/global-setup.ts',
});
