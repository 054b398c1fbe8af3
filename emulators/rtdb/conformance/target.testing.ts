// Where the conformance suite's emulator is (handed over by global-setup.ts), and fresh names to
// work under there, so test files can share the emulator and run in parallel.
import { inject } from 'vitest';

/** host:port of the emulator under test. */
export const EMULATOR_HOST: string = inject('testDatabaseHost');
const lastColon = EMULATOR_HOST.lastIndexOf(':');
export const EMULATOR_HOSTNAME = EMULATOR_HOST.slice(0, lastColon).replace(/^\[|\]$/g, '');
export const EMULATOR_PORT = Number(EMULATOR_HOST.slice(lastColon + 1));

export const PROJECT_ID = 'demo-rtdb-conformance';

let seq = 0;
/** A short unique id usable as a key, namespace or project id (lowercase letters, digits, '-'). */
export function uniqueId(prefix = 't'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}${seq}`;
}

/** A fresh namespace name: every test file (or test) works in its own database. */
export function uniqueNs(prefix = 'test'): string {
  return uniqueId(prefix);
}
