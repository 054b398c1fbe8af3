// The package's own tests (src/: the body reader on a bare server) and the origin gate as each of
// the three services applies it (services/: a foreign page's requests are refused, the site's and
// Node's are served). Each test file starts what it calls on free ports. Run from the repository root:  npx vitest run --config emulators/http/vitest.config.ts
import { defineConfig } from 'vitest/config';
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';

export default defineConfig(
  nodeSuite(new URL('.', import.meta.url), { name: 'emulator-http', include: ['src/**/*.test.ts', 'services/**/*.test.ts'] }),
);
