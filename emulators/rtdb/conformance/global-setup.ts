// Global setup for the RTDB emulator conformance suite. Everything else in the suite talks to the
// emulator only through the public SDKs, raw WebSockets and HTTP, so it can be pointed at another
// emulator with FIREBASE_DATABASE_EMULATOR_HOST (see emulators/rtdb/src/database-emulator.testing.ts).
// The chosen host:port is handed to the test workers through `provide('rtdbHost', ...)`.
import type { TestProject } from 'vitest/node';
import { startTestDatabase } from '../src/database-emulator.testing';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the emulator under test, e.g. "127.0.0.1:9000". */
    rtdbHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await startTestDatabase('rtdb conformance');
  project.provide('rtdbHost', database.hostPort);
  return database.stop;
}
