import { test as base, expect } from '@playwright/test';

/** E2E_CPU_THROTTLE=4 runs every page's scripts four times slower (Chrome DevTools' CPU
 *  throttling): a race with hydration or a timer that a loaded CI machine hits now and then is
 *  hit every time (docs/decisions/0147-three-playwright-workers.md). Off by default. */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

/** How long a page may take to show the answer of a call to a function. Every function has a
 *  worker before the tests start (emulators/functions-warm-up.ts), but a function called twice at
 *  once gets a second, which loads the functions' code in a new process (1.1 to 5.3 s of CPU each
 *  during one e2e run, measured per process; docs/decisions/0148-e2e-stack-ready-before-the-tests.md), so on a
 *  loaded two-core machine the answer can take longer than an assertion's 7 s. */
export const FUNCTION_CALL_TIMEOUT_MS = 20_000;

/** Every page test fails if the page logs a console error or throws. */
export const test = base.extend<{ consoleErrors: string[]; cpuThrottle: void }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  cpuThrottle: [
    async ({ page }, use) => {
      if (CPU_THROTTLE > 1) {
        const devtools = await page.context().newCDPSession(page);
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect };
