import { defineConfig, devices } from '@playwright/test';

import { E2E_PORT_OFFSET, PORT_OFFSET_VARIABLE, localStack, portOffsetFrom } from './emulators/ports';
import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './scripts/chromium';

// The suite's own stack, away from `npm start`'s; the global setup, the workers (which inherit
// this environment) and emulators/local-config.ts all read the offset from here.
const stack = localStack(portOffsetFrom(process.env, E2E_PORT_OFFSET));
process.env[PORT_OFFSET_VARIABLE] = String(stack.offset);

/** End-to-end tests: Debian's Chromium against the built site (`vite build --mode emulators`,
 *  which builds for this suite's stack) served by `vite preview` on the local stack, which the
 *  global setup starts. `npm run test:e2e` builds first; scripts/ensure-chromium.sh installs
 *  Chromium when missing. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two even on two cores: the tests mostly wait on the browser and the stack, and Playwright's
  // default there (half the cores: one) took 13.5 min where two took 9.6 (same 448 tests).
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: stack.siteUrls.preview,
    // A failed test keeps its trace (actions, console, network) but neither the screencast nor the
    // DOM snapshot of every step: recording them for every test cost 6–15 % of the suite's time
    // (docs/decisions/0107-test-suite-time.md); error-context.md still has the page as it was.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: HEADLESS_CHROMIUM_PATH,
      args: HEADLESS_CHROMIUM_FLAGS,
    },
  },
  globalSetup: './tests/e2e/global-setup.ts',
});
