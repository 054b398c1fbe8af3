// Unit tests of the security-rules engine (pure functions, no server needed).
// Run from the repository root:  npx vitest run --config emulators/rtdb/src/rules/vitest.config.ts
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';
import { defineConfig } from 'vitest/config';

export default defineConfig(nodeSuite(new URL('.', import.meta.url), { name: 'rtdb-rules', include: ['**/*.test.ts'] }));
