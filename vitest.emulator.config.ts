import { defineConfig } from 'vitest/config';

/** The database emulator's three suites in one run: the rules engine's and the server's unit
 *  tests, and the conformance suite that talks to a running emulator through the real SDKs. */
export default defineConfig({
  test: {
    projects: [
      'emulators/rtdb/src/rules/vitest.config.ts',
      'emulators/rtdb/src/vitest.config.ts',
      'tests/emulator/vitest.config.ts',
      'functions/vitest.config.mts',
    ],
  },
});
