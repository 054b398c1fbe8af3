import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './index';

export interface ServiceSuite {
  /** The folder of the `*.spec.ts` files. */
  testDir: string;
  /** Where a failed test leaves its page (error-context.md). */
  outputDir: string;
  workers: number;
}

/** The Playwright config of a local service's browser suite in the headless shell. No global
 *  stack: every spec starts what it calls on free ports, so the suite runs beside anything on
 *  fixed ports. No trace, as in the site's suite (playwright.config.ts): recording it for every test
 *  cost time, and `--trace retain-on-failure` records it when hunting a failure. */
export function serviceBrowserSuite({ testDir, outputDir, workers }: ServiceSuite): PlaywrightTestConfig {
  return defineConfig({
    testDir,
    testMatch: '**/*.spec.ts',
    fullyParallel: false,
    forbidOnly: true,
    retries: 0,
    workers,
    reporter: 'list',
    timeout: 45_000,
    expect: { timeout: 10_000 },
    outputDir,
    use: {
      trace: 'off',
      ...devices['Desktop Chrome'],
      launchOptions: { executablePath: HEADLESS_CHROMIUM_PATH, args: HEADLESS_CHROMIUM_FLAGS },
    },
  });
}
