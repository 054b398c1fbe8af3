import { LOCAL_STACK } from '../../emulators/local-config';
import { startStack } from '../../emulators/stack';

/** The browser tests run against the built site served by `vite preview`, on the full local stack
 *  (database emulator with the real rules, Auth and Functions emulators, demo data), at the
 *  suite's own port offset (playwright.config.ts), so it runs beside `npm start`. The site is
 *  built for that stack here, while the services start. */
export default async function globalSetup() {
  const stack = await startStack({
    web: 'preview',
    buildPreview: true,
    // The tests start all at once; none should wait for a function's first worker.
    warmFunctions: true,
    portOffset: LOCAL_STACK.offset,
    verbose: !!process.env.STACK_VERBOSE,
  });
  return () => stack.stop();
}
