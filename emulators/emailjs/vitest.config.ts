// The EmailJS stand-in's tests: each starts its own stand-in on a free port and calls it over HTTP,
// as the functions' mail module does. Run from the repository root:
// npx vitest run --config emulators/emailjs/vitest.config.ts
import { nodeSuite } from '@leopard/emulator-http/vitest-suite';
import { defineConfig } from 'vitest/config';

export default defineConfig(nodeSuite(new URL('.', import.meta.url), { name: 'emailjs-stand-in', include: ['src/**/*.test.ts'] }));
