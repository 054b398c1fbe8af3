// Global setup of the rules suite: one database emulator for all test files, its host:port handed
// to them (see emulators/rtdb/src/database-emulator.testing.ts).
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { provideTestDatabase } from '@leopard/rtdb-emulator/testing/database-emulator';
import { writeRulesCoverage } from '@leopard/rtdb-emulator/testing/rules-coverage';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await provideTestDatabase(project, 'rules tests');
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
