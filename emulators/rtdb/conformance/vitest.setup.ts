// Set-up file of every conformance test file (vitest.config.ts): expected denials make the SDKs log
// a warning each; keep the output readable unless asked (RTDB_TEST_VERBOSE=1). firebase-admin loads
// the CommonJS build of the logger, a separate instance.
import { createRequire } from 'node:module';
import { setLogLevel } from 'firebase/app';

if (!process.env.RTDB_TEST_VERBOSE) {
  setLogLevel('error');
  try {
    (createRequire(import.meta.url)('@firebase/logger') as { setLogLevel(l: string): void }).setLogLevel('error');
  } catch {
    /* not resolvable: keep the default level */
  }
}
