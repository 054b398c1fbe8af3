// Security-rules test matrix for database.rules.json.
// Run from the repository root:  npx vitest run --config tests/rules/vitest.config.ts
// It starts the project's RTDB emulator (emulators/rtdb) once; set FIREBASE_DATABASE_EMULATOR_HOST=host:port
// to run the same tests against another emulator (e.g. the official one).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';

export default defineConfig(
  nodeSuite(
    new URL('../..', import.meta.url),
    {
      name: 'database-rules',
      include: ['tests/rules/**/*.test.ts'],
      globalSetup: ['tests/rules/global-setup.ts'],
      // Every test file works in its own database namespace (its own project id), so files run in
      // parallel; the tests inside one file run one after another (they share its database).
      // Threads that keep their modules between files: the Firebase SDK and rules-unit-testing load
      // once per worker, not once per file in a process of its own. Nothing a file leaves behind is
      // global (its apps carry its project id), and the stage took 30 s of CPU where forked, isolated
      // files took 55 s (docs/decisions/0130-test-suite-time-round-2.md).
      pool: 'threads',
      isolate: false,
      maxWorkers: 4,
      // The SDK logs a warning for every refused write; those refusals are what the tests expect.
      onConsoleLog(log) {
        if (/FIREBASE WARNING: .*(permission_denied|Permission denied)/i.test(log)) return false;
        return undefined;
      },
    },
    // Modules of src imported by the rules tests may use the '@' alias.
    { resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } } },
  ),
);
