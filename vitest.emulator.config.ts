import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The database emulator's three suites in one run: the rules engine's and the server's unit
 *  tests, and the conformance suite that talks to a running emulator through the real SDKs. */
export default defineConfig({
  test: {
    // One worker per core, not Vitest's one fewer: 45 s → 28 s on the 2-core CI machine
    // (docs/decisions/0107-test-suite-time.md).
    maxWorkers: availableParallelism(),
    projects: [
      'emulators/rtdb/src/rules/vitest.config.ts',
      'emulators/rtdb/src/vitest.config.ts',
      'tests/emulator/vitest.config.ts',
      'functions/vitest.config.mts',
    ],
  },
});
