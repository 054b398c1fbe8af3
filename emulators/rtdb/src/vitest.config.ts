// Unit tests of the emulator server's data, hash and query code (no network).
// Run from the repository root:  npx vitest run --config emulators/rtdb/src/vitest.config.ts
// (the rules engine has its own config in rules/; the end-to-end suite is emulators/rtdb/conformance/).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../../../node_modules/.vite/rtdb-server', import.meta.url)),
  test: {
    name: 'rtdb-server',
    environment: 'node',
    include: ['*.test.ts'],
    passWithNoTests: false,
  },
});
