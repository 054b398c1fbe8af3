// Unit tests of the cloud functions' pure parts (node environment). The functions running in the
// Functions emulator are tested end to end by tests/e2e/checkout-api.spec.ts.
// Run: npx vitest run --config functions/vitest.config.mts  (also part of `npm run test:emulator`)
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions-unit',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
    allowOnly: false,
    passWithNoTests: false,
  },
});
