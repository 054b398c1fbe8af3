import { defineConfig, devices } from '@playwright/test';

import { PORTS } from './emulators/local-config.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = PORTS.preview;

/** End-to-end tests: Debian's Chromium against the built site (`vite build --mode emulators`)
 *  served by `vite preview` on the local stack, which the global setup starts.
 *  `npm run test:e2e` builds first; scripts/ensure-chromium.sh installs Chromium when missing. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  globalSetup: './tests/e2e/global-setup.ts',
});
