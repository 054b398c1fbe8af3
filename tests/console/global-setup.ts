// One database emulator for the console's read tests; each file works in a namespace of its own.
import type { TestProject } from 'vitest/node';
import { provideTestDatabase } from '@leopard/rtdb-emulator/testing/database-emulator';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return (await provideTestDatabase(project, 'console reads')).stop;
}
