// The cloud functions' unit tests: pure parts, and handlers served over HTTP on a free port with
// nothing behind them (node environment). Part of `npm run test:unit`. The tests that need the
// local services run in `npm run test:emulator` (vitest.emulator.config.mts); the functions
// running in the Functions emulator are tested end to end by tests/e2e/checkout-api.spec.ts.
// Run: npx vitest run --config functions/vitest.config.mts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The tests that start the database emulator, firebase-tools' Auth emulator or a stand-in (the
 *  billing, account and staff harnesses of *.testing.ts, the EmailJS stand-in). A new test that
 *  does belongs here; scripts/test-suites.test.ts checks the list against what each test imports. */
export const LOCAL_SERVICE_TESTS = [
  'src/account/*.test.ts',
  'src/staff/*.test.ts',
  'src/submissions/*.test.ts',
  'src/mail/mail.test.ts',
  'src/billing-endpoints.test.ts',
  'src/billing-mail.test.ts',
  'src/charge-events.test.ts',
  'src/checkout-handler.test.ts',
  'src/checkout-summary.test.ts',
  'src/cleanup.test.ts',
  'src/guest-orders.test.ts',
  'src/manage-subscription.test.ts',
  'src/rate-limit.test.ts',
  'src/staff-counters.test.ts',
  'src/subscription-lifecycle.test.ts',
  'src/term-notices.test.ts',
  'src/trade-in-credit.test.ts',
  'src/webhook-handler.test.ts',
];

export default defineConfig({
  test: {
    name: 'functions',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: LOCAL_SERVICE_TESTS,
    allowOnly: false,
    passWithNoTests: false,
  },
});
