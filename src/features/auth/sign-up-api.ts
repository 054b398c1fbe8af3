/** The Firebase side of sign-up: the services sign-up-steps.ts runs, over src/firebase. */
import { getAuthClient, getDatabaseClient } from '@/firebase/clients';
import type { SignUpServices } from './sign-up-steps';

type Apis = [typeof import('./auth-api'), typeof import('@/firebase/users-api')];
let apis: Promise<Apis> | undefined;

/** Firebase's SDK loads on the first attempt, not with the page (docs/decisions/0082-where-the-auth-state-lives.md). Both modules
 *  load before the account is created (and checkSetup has loaded the database SDK they use), so a
 *  failed download cannot leave an account without a profile; a failed one is tried again on the
 *  next attempt. */
function loadApis(): Promise<Apis> {
  if (!apis) {
    apis = Promise.all([import('./auth-api'), import('@/firebase/users-api')]);
    apis.catch(() => (apis = undefined));
  }
  return apis;
}

export const firebaseSignUpServices: SignUpServices = {
  checkSetup: async () => {
    await Promise.all([getAuthClient(), getDatabaseClient()]);
  },
  createAccount: async (email, password) => (await loadApis())[0].createAccount(email, password),
  resumeAccount: async (email, password) => (await loadApis())[0].resumeAccount(email, password),
  writeProfile: async (uid, profile) => (await loadApis())[1].createUserRecord(uid, profile),
  now: () => new Date(),
};
