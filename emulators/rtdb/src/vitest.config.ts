// Unit tests of the emulator server's data, hash and query code (no network).
// Run from the repository root:  npx vitest run --config emulators/rtdb/src/vitest.config.ts
// (the rules engine has its own config in rules/; the end-to-end suite is emulators/rtdb/conformance/).
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';
import { defineConfig } from 'vitest/config';

export default defineConfig(nodeSuite(new URL('.', import.meta.url), { name: 'rtdb-server', include: ['*.test.ts'] }));
