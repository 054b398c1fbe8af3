// The Stripe stand-in's tests: each file starts its own stand-in and drives it with the real
// `stripe` SDK and plain HTTP, as the cloud functions and a browser do. Nothing else runs.
// Run from the repository root:  npx vitest run --config emulators/stripe/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/stripe-stand-in', import.meta.url)),
  test: {
    name: 'stripe-stand-in',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: true,
    sequence: { concurrent: false, shuffle: false },
    testTimeout: 15_000,
    hookTimeout: 20_000,
    teardownTimeout: 10_000,
    retry: 0,
    allowOnly: false,
    passWithNoTests: false,
  },
});
