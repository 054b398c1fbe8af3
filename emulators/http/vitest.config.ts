// The package's own tests (src/: the body reader on a bare server) and the origin gate as each of
// the three services applies it (services/: a foreign page's requests are refused, the site's and
// Node's are served). Each test file starts what it calls on free ports. Run from the repository root:  npx vitest run --config emulators/http/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/emulator-http', import.meta.url)),
  test: {
    name: 'emulator-http',
    environment: 'node',
    include: ['src/**/*.test.ts', 'services/**/*.test.ts'],
    sequence: { concurrent: false, shuffle: false },
    testTimeout: 15_000,
    hookTimeout: 20_000,
    retry: 0,
    allowOnly: false,
    passWithNoTests: false,
  },
});
