// For the staff tests only (nothing in index.ts imports it): the `staff` and `spacePass` handlers
// served over real HTTP against the backends of auth.testing.ts: the database emulator,
// firebase-tools' Auth emulator (real ID tokens with real custom claims, real verification links),
// the EmailJS stand-in (checking the private key) and the Stripe stand-in.
import { STAFF_ROLES_PATH, isStaffRole, type StaffRole } from '../../../src/data/staff';
import { SITE } from '../testing/backends.testing';
import { startAuthBackends, type AuthBackends, type TestAccount } from '../testing/auth.testing';
import { useForFile } from '../testing/emulators.testing';
import type { JsonAnswer } from '../http/http.testing';
import type { MailSettings } from '../mail';
import { handleSpacePass } from './space-pass';
import type { StaffDependencies } from './context';
import { handleStaff } from './handler';

export { SITE, type TestAccount };
export const PRIVATE_KEY = 'emailjs_private_staff_test';

export interface StaffHarness extends Omit<AuthBackends, 'signIn'> {
  urls: { staff: string; spacePass: string };
  /** The staff function's dependencies: a test may change `mail` (e.g. to a deploy without mail). */
  deps: StaffDependencies;
  configuredMail: MailSettings;
  /** A new account, verified unless told, with the role claim given (a string may be anything);
   *  a staff role is also recorded at staff_roles/<uid>, as the server records it. */
  account(options?: { role?: StaffRole | string; verified?: boolean; claims?: Record<string, unknown> }): Promise<TestAccount>;
  /** A fresh ID token for the account, carrying its claims as they are now. */
  signIn(account: Pick<TestAccount, 'email'>): Promise<string>;
  /** POSTs to the staff function with the token, if any. */
  call(token: string | null, body: unknown, headers?: Record<string, string>): Promise<JsonAnswer>;
}

/** A test file's staff backends (see useForFile): accounts stay across tests, each test makes its
 *  own; `deps.mail` is put back before each test. */
export function useStaffHarness(name: string): StaffHarness {
  return useForFile(async () => {
    const base = await startAuthBackends(name, PRIVATE_KEY);
    const deps: StaffDependencies = {
      auth: base.auth,
      database: base.database,
      stripe: () => base.stripe,
      stripeMode: 'test',
      mail: base.mail,
      siteOrigins: [SITE],
    };
    const urls = {
      staff: await base.servers.serve('staff', (request, response) => handleStaff(request, response, deps)),
      spacePass: await base.servers.serve('spacePass', (request, response) =>
        handleSpacePass(request, response, { database: base.database, siteOrigins: [SITE] }),
      ),
    };
    return {
      ...base,
      urls,
      deps,
      configuredMail: base.mail,
      signIn: ({ email }: Pick<TestAccount, 'email'>) => base.signIn(email),
      async account({ role, verified = true, claims = {} }: { role?: string; verified?: boolean; claims?: Record<string, unknown> } = {}) {
        const account = await base.signUp({ verified, claims: role === undefined ? claims : { ...claims, role } });
        // A staff role is the claim and the server's record of it, as grantRole and staff:grant leave it.
        if (isStaffRole(role)) await base.database.ref(`${STAFF_ROLES_PATH}/${account.uid}`).set(role);
        return account;
      },
      call: (token: string | null, body: unknown, headers: Record<string, string> = {}) => base.postAs(urls.staff, token, body, headers),
      async reset() {
        deps.mail = base.mail;
        await base.reset();
      },
    };
  });
}
