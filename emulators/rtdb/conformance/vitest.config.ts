// Conformance suite for a Firebase Realtime Database emulator. Every test file works in its own
// namespace(s), so files run in parallel safely.
// Run from the repository root:  npx vitest run --config emulators/rtdb/conformance/vitest.config.ts
// Point it at another emulator (e.g. the official one) with FIREBASE_DATABASE_EMULATOR_HOST=host:port.
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  nodeSuite(new URL('.', import.meta.url), {
    name: 'rtdb-emulator-conformance',
    include: ['*.test.ts'],
    globalSetup: ['global-setup.ts'],
    setupFiles: ['vitest.setup.ts'],
  }),
);
