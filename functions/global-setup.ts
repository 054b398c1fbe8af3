// The functions' emulator suite starts one firebase-tools Auth emulator and hands it to every test
// file that makes accounts (src/testing/shared-auth.testing.ts): each start cost about 11 s of CPU, most of it
// ajv compiling the emulator's request validators, and six files started their own
// (docs/decisions/0143-one-auth-emulator-for-the-functions-suite.md). They share it safely because every account they make
// has its own address. The clean-up, which deletes every idle account of its project, has a
// project of its own on it; email-privacy, which changes the settings of the project that API-key
// calls reach (the emulator's default one), still starts its own.
import type { TestProject } from 'vitest/node';
import { SHARED_AUTH_PROJECT, startAuthEmulator } from './src/testing/auth-emulator.testing';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Auth emulator, in project SHARED_AUTH_PROJECT: host:port and its URL. */
    sharedAuth: { host: string; url: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const auth = await startAuthEmulator(SHARED_AUTH_PROJECT);
  project.provide('sharedAuth', { host: auth.host, url: auth.url });
  return auth.stop;
}
