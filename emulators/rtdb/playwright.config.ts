import { fileURLToPath } from 'node:url';
import { serviceBrowserSuite } from '@leopard/chromium/testing/suite';

/** Browser conformance tests of the database emulator in Debian's Chromium (browser/): every test
 *  file starts its own emulator and serves its own tiny page (browser/harness.testing.ts).
 *  `npm run test:browser` here, or the repository's `npm run test:emulator:browser`. */
export default serviceBrowserSuite({
  testDir: fileURLToPath(new URL('browser', import.meta.url)),
  outputDir: fileURLToPath(new URL('../../test-results/emulator-browser', import.meta.url)),
  workers: process.env.CI ? 2 : 4,
});
