import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/** Component and unit tests of the app (jsdom), of the build scripts and the local stack's root
 *  modules (Node), the functions' pure tests, and the database emulator's rules engine and server
 *  code. The emulator, rules and e2e suites have their own. */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default, one worker fewer than the cores, is a single worker on the 2-core CI
      // machine; two threads took the suite from 87 s to 55 s there (docs/decisions/0107-test-suite-time.md).
      maxWorkers: availableParallelism(),
      pool: 'threads',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['./src/vitest.setup.ts'],
            restoreMocks: true,
          },
        },
        {
          extends: true,
          test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts', 'emulators/*.test.ts'] },
        },
        // The functions' pure tests; those against the local services run in `npm run test:emulator`.
        'functions/vitest.config.mts',
        // The database emulator's own unit suites: its rules engine, and its data, hash, query and
        // trigger code (no emulator running).
        'emulators/rtdb/src/rules/vitest.config.ts',
        'emulators/rtdb/src/vitest.config.ts',
      ],
    },
  }),
);
