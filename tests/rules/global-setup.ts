// Global setup of the rules suite: one database emulator for all test files
// (see emulators/rtdb/src/database-emulator.testing.ts). The host:port is handed to the test files through
// provide('rulesDatabaseHost', ...).
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTestDatabase } from '@leopard/rtdb-emulator/testing/database-emulator';
import { writeRulesCoverage } from '@leopard/rtdb-emulator/testing/rules-coverage';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the database emulator the rules tests run against. */
    rulesDatabaseHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await startTestDatabase('rules tests');
  project.provide('rulesDatabaseHost', database.hostPort);
  return async () => {
    // Where to find the rules coverage report of database.rules.json (before the emulator stops).
    const lines = process.env.FIREBASE_DATABASE_EMULATOR_HOST
      ? [
          `Rules coverage: per namespace (the project id of each test file) at http://${database.hostPort}/.inspect/coverage?ns=<project id>`,
        ]
      : await writeRulesCoverage(database.hostPort, fileURLToPath(new URL('../../database.rules.json', import.meta.url)));
    console.log(`\n${lines.join('\n')}\n`);
    await database.stop();
  };
}
