import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** `npm run test:emulator`: the local services' suites in one run (the database emulator's
 *  conformance suite through the real SDKs; the Stripe and EmailJS stand-ins; the HTTP layer they
 *  share), the functions' tests that run against them, and the staff console's paged reads
 *  (tests/console). The database emulator's pure unit suites
 *  run in `npm run test:unit`. */
export default defineConfig({
  test: {
    // One worker more than the cores, not Vitest's one fewer: files wait on the services they start
    // (firebase-tools takes seconds). On the 2-core CI machine: 45 s with one, 28 s with two, and
    // for today's suite 98 s and 98 s with three against 103 s and 106 s with two
    // (docs/decisions/0107-test-suite-time.md).
    maxWorkers: availableParallelism() + 1,
    projects: [
      'emulators/rtdb/conformance/vitest.config.ts',
      'emulators/stripe/vitest.config.ts',
      'emulators/emailjs/vitest.config.ts',
      'emulators/http/vitest.config.ts',
      'functions/vitest.emulator.config.mts',
      // The staff console's reads through the browser SDK, under the project's rules.
      'tests/console/vitest.config.ts',
    ],
  },
});
