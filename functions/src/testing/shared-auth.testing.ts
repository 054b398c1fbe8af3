// For the tests only: the Auth emulator that the suite's global setup started
// (functions/global-setup.ts), as a test file sees it.
import { inject } from 'vitest';
import { SHARED_AUTH_PROJECT } from './auth-emulator.testing';

export interface SharedAuth {
  /** host:port, for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** Its address, for the REST API (identityToolkit). */
  url: string;
  /** The project its ID tokens are for: the firebase-admin app that checks them must be in it. */
  projectId: string;
}

/** The shared Auth emulator, with the Admin SDK pointed at it (set before the SDK's first use). */
export function sharedAuthEmulator(): SharedAuth {
  const { host, url } = inject('sharedAuth');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return { host, url, projectId: SHARED_AUTH_PROJECT };
}
