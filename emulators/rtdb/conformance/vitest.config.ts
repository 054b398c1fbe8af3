// Conformance suite for a Firebase Realtime Database emulator.
// Run from the repository root:  npx vitest run --config emulators/rtdb/conformance/vitest.config.ts
// Point it at another emulator (e.g. the official one) with FIREBASE_DATABASE_EMULATOR_HOST=host:port.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  // Keep vite's cache in the repository's node_modules, not beside the tests.
  cacheDir: fileURLToPath(new URL('../../../node_modules/.vite/rtdb-conformance', import.meta.url)),
  test: {
    name: 'rtdb-emulator-conformance',
    root: here,
    environment: 'node',
    include: ['*.test.ts'],
    globalSetup: ['global-setup.ts'],
    setupFiles: ['vitest.setup.ts'],
    // Every test file works in its own namespace(s), so files can run in parallel safely.
    pool: 'forks',
    fileParallelism: true,
    // Tests inside one file run one after another (they share that file's clients).
    sequence: { concurrent: false, shuffle: false },
    testTimeout: 15_000,
    hookTimeout: 20_000,
    teardownTimeout: 10_000,
    // A failing emulator must never turn into a silently retried green run.
    retry: 0,
    allowOnly: false,
    passWithNoTests: false,
  },
});
