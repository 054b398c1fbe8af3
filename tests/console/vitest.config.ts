// The staff console's reads against the project's database emulator with the real Firebase SDK: a
// list read one page at a time (src/features/staff/lists). Part of `npm run test:emulator`.
// Run from the repository root:  npx vitest run --config tests/console/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';

export default defineConfig(
  nodeSuite(
    new URL('../..', import.meta.url),
    {
      name: 'console-reads',
      include: ['tests/console/**/*.test.ts'],
      globalSetup: ['tests/console/global-setup.ts'],
    },
    // The console's modules use the '@' alias.
    { resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } } },
  ),
);
