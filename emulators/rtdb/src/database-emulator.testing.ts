/**
 * One database emulator for a whole vitest run, shared by the suites that need one (the emulator
 * conformance suite and the rules matrix). Each test file then works in namespaces of its own, so
 * files run in parallel without seeing each other's data.
 *
 * - FIREBASE_DATABASE_EMULATOR_HOST=host:port set: that emulator is used (e.g. the official one on a
 *   machine that can run it); nothing is started or stopped.
 * - Otherwise the project's emulator (emulators/rtdb) is started on a free port.
 */
import type { TestProject } from 'vitest/node';
import { start } from './index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the run's database emulator, e.g. "127.0.0.1:9000". */
    testDatabaseHost: string;
  }
}

export interface TestDatabase {
  /** host:port to hand to the SDKs, e.g. "127.0.0.1:41234". */
  hostPort: string;
  stop(): Promise<void>;
}

/** Waits until something answers HTTP at hostPort: any answer means the server is up. */
async function probe(hostPort: string, suite: string): Promise<void> {
  const url = `http://${hostPort}/.json?ns=probe`;
  let lastError: unknown;
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.text();
      return;
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`[${suite}] the database emulator at ${hostPort} does not answer (GET ${url}): ${String(lastError)}`);
}

export async function startTestDatabase(suite: string): Promise<TestDatabase> {
  const external = process.env.FIREBASE_DATABASE_EMULATOR_HOST?.trim();
  if (external) {
    await probe(external, suite);
    return { hostPort: external, stop: async () => {} };
  }
  const server = await start({ port: 0, host: '127.0.0.1', quiet: true });
  const hostPort = `127.0.0.1:${server.port}`;
  await probe(hostPort, suite);
  return { hostPort, stop: () => server.stop() };
}

/** A suite's global setup: starts (or finds) the run's database and hands its host:port to the test
 *  files, which read it with `inject('testDatabaseHost')`. */
export async function provideTestDatabase(project: TestProject, suite: string): Promise<TestDatabase> {
  const database = await startTestDatabase(suite);
  project.provide('testDatabaseHost', database.hostPort);
  return database;
}
