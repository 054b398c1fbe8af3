// Global setup for the RTDB emulator conformance suite. Everything else in the suite talks to the
// emulator only through the public SDKs, raw WebSockets and HTTP, so it can be pointed at another
// emulator with FIREBASE_DATABASE_EMULATOR_HOST (see emulators/rtdb/src/database-emulator.testing.ts).
import type { TestProject } from 'vitest/node';
import { provideTestDatabase } from '../src/database-emulator.testing';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return (await provideTestDatabase(project, 'rtdb conformance')).stop;
}
