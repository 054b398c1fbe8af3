// The functions' tests that run against the local services: the project's database emulator,
// firebase-tools' Auth emulator and the Stripe and EmailJS stand-ins, each started on free ports
// by the test file. Part of `npm run test:emulator`; the functions' pure unit tests are in
// vitest.config.mts (`npm run test:unit`).
// Run: npx vitest run --config functions/vitest.emulator.config.mts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LOCAL_SERVICE_TESTS } from './vitest.config.mjs';

export default defineConfig({
  test: {
    name: 'functions-emulator',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: LOCAL_SERVICE_TESTS,
    // One Auth emulator for every file that makes accounts (global-setup.ts).
    globalSetup: ['global-setup.ts'],
    // A file starts its own database emulator and stand-ins (seconds on a busy machine); its tests
    // pay Stripe's round trips through the stand-in.
    hookTimeout: 120_000,
    testTimeout: 30_000,
    allowOnly: false,
    passWithNoTests: false,
  },
});
