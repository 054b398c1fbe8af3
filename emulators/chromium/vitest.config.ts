// Its own config, or Vitest run here finds the repository's. `npm test` in this folder.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { name: 'chromium', include: ['src/**/*.test.ts'] },
});
