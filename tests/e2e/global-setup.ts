import { startStack } from '../../emulators/stack.ts';

/** The browser tests run against the built site served by `vite preview`, on the full local stack
 *  (database emulator with the real rules, Auth and Functions emulators, demo data). */
export default async function globalSetup() {
  const stack = await startStack({ web: 'preview', verbose: !!process.env.STACK_VERBOSE });
  return () => stack.stop();
}
