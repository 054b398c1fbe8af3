import { fileURLToPath } from 'node:url';
import { serviceBrowserSuite } from '@leopard/chromium/testing/suite';

/** The origin gate of the three services in Debian's Chromium: a page on another origin tries
 *  them all (browser/); the spec starts every service and both pages. `npm run test:browser` here;
 *  `npm run test:emulator:browser` runs it after the database emulator's browser suite. */
export default serviceBrowserSuite({
  testDir: fileURLToPath(new URL('browser', import.meta.url)),
  outputDir: fileURLToPath(new URL('../../test-results/emulator-http-browser', import.meta.url)),
  workers: 1,
});
