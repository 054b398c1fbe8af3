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
  'src/billing/billing-endpoints.test.ts',
  'src/billing/billing-mail.test.ts',
  'src/billing/charge-events.test.ts',
  'src/billing/manage-subscription.test.ts',
  'src/billing/subscription-lifecycle.test.ts',
  'src/billing/trade-in-credit.test.ts',
  'src/checkout/checkout-handler.test.ts',
  'src/checkout/unpaid-checkout.test.ts',
  'src/http/rate-limit.test.ts',
  'src/jobs/*.test.ts',
  'src/orders/*.test.ts',
  'src/webhook/webhook-handler.test.ts',
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
