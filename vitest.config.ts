import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

const APP_TEST_FILES = ['src/**/*.test.{ts,tsx}'];
const APP_COMPONENTS = { environment: 'jsdom', setupFiles: ['./src/vitest.setup.ts'], restoreMocks: true };

/** The app's test files that replace one of its modules (vi.mock): a replaced module must not
 *  outlive its file, so these run in an environment of their own. */
const SOURCE = fileURLToPath(new URL('./src', import.meta.url));
const MOCKING_FILES = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(join(SOURCE, file), 'utf8')))
  .map((file) => join('src', file));

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
        // Setting up jsdom took more of the suite's time than the tests did (73 s of 193 s), once
        // per file. The files that replace modules (vi.mock) keep a fresh environment each; the
        // others share one per worker (docs/decisions/0141-one-jsdom-per-worker.md).
        {
          extends: true,
          test: { ...APP_COMPONENTS, name: 'unit', include: APP_TEST_FILES, exclude: MOCKING_FILES, isolate: false },
        },
        {
          extends: true,
          test: { ...APP_COMPONENTS, name: 'unit (own modules)', include: MOCKING_FILES },
        },
        // The Node tests share their modules within a worker (ESLint with the typed config, which two
        // files probe, loads once per worker, not once per file; docs/decisions/0130-test-suite-time-round-2.md).
        {
          extends: true,
          test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts', 'emulators/*.test.ts'], isolate: false },
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
