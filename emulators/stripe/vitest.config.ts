// The Stripe stand-in's tests: each file starts its own stand-in and drives it with the real
// `stripe` SDK and plain HTTP, as the cloud functions and a browser do. Nothing else runs.
// Run from the repository root:  npx vitest run --config emulators/stripe/vitest.config.ts
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';
import { defineConfig } from 'vitest/config';

export default defineConfig(nodeSuite(new URL('.', import.meta.url), { name: 'stripe-stand-in', include: ['src/**/*.test.ts'] }));
