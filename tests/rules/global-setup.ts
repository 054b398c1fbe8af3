// Global setup of the rules suite: one database emulator for all test files
// (see tests/support/database-emulator.ts). The host:port is handed to the test files through
// provide('rulesDatabaseHost', ...).
import type { TestProject } from 'vitest/node';
import { startTestDatabase } from '../support/database-emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the database emulator the rules tests run against. */
    rulesDatabaseHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await startTestDatabase('rules tests');
  project.provide('rulesDatabaseHost', database.hostPort);
  return database.stop;
}
