import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** `npm run test:emulator`: the local services' suites in one run (the database emulator's
 *  conformance suite through the real SDKs; the Stripe and EmailJS stand-ins; the HTTP layer they
 *  share) and the functions' tests that run against them. The database emulator's pure unit suites
 *  run in `npm run test:unit`. */
export default defineConfig({
  test: {
    // One worker per core, not Vitest's one fewer: 45 s → 28 s on the 2-core CI machine
    // (docs/decisions/0107-test-suite-time.md).
    maxWorkers: availableParallelism(),
    projects: [
      'emulators/rtdb/conformance/vitest.config.ts',
      'emulators/stripe/vitest.config.ts',
      'emulators/emailjs/vitest.config.ts',
      'emulators/http/vitest.config.ts',
      'functions/vitest.emulator.config.mts',
    ],
  },
});
