// Unit tests of the security-rules engine (pure functions, no server needed).
// Run from the repository root:  npx vitest run --config emulators/rtdb/src/rules/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Keep vite's cache in the repository's node_modules, not beside the sources.
  cacheDir: fileURLToPath(new URL('../../../../node_modules/.vite/rtdb-rules', import.meta.url)),
  test: {
    name: 'rtdb-rules',
    environment: 'node',
    include: ['**/*.test.ts'],
    passWithNoTests: false,
  },
});
