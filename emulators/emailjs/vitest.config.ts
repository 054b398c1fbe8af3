// The EmailJS stand-in's tests: each starts its own stand-in on a free port and calls it over HTTP,
// as the functions' mail module does. Run from the repository root:
// npx vitest run --config emulators/emailjs/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/emailjs-stand-in', import.meta.url)),
  test: {
    name: 'emailjs-stand-in',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 15_000,
    retry: 0,
    allowOnly: false,
    passWithNoTests: false,
  },
});
