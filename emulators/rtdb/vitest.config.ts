// The package's own suites in one run, from its folder (`npm test` here, or
// `npm test -w @leopard/rtdb-emulator`): the rules engine's and the server's unit tests (no
// emulator running) and the conformance suite through the real SDKs. The repository's `npm test`
// runs the same three configs as projects of its own stages (the unit tests in `test:unit`,
// conformance in `test:emulator`), so no stage starts a Vitest of its own for them.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker more than the cores, as the repository's emulator stage: conformance files wait on
    // the emulator they talk to (docs/decisions/0107-test-suite-time.md).
    maxWorkers: availableParallelism() + 1,
    projects: ['src/rules/vitest.config.ts', 'src/vitest.config.ts', 'conformance/vitest.config.ts'],
  },
});
