// For the account and staff tests only (nothing in index.ts imports it): real accounts. The
// backends of backends.testing.ts (database emulator, Stripe stand-in) beside firebase-tools' Auth
// emulator (real ID tokens with real custom claims and auth_time, real verification links) and the
// EmailJS stand-in (checking the private key). Accounts are made the way the site makes them:
// signed up through Auth's REST API, changed with the Admin SDK, signed in again for a fresh token.
import { randomUUID } from 'node:crypto';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { RunningEmailJs } from '@leopard/emailjs-stand-in';
import { SITE, startBackends, type Backends, type WebhookHandler } from './backends.testing';
import { identityToolkit } from './auth-emulator.testing';
import { startMailStandIn } from './emulators.testing';
import { post, type JsonAnswer } from '../http/http.testing';
import type { MailSettings } from '../mail';
import { sharedAuthEmulator } from './shared-auth.testing';

/** Every test account's password. */
export const PASSWORD = 'test-account-password';

export interface TestAccount {
  uid: string;
  email: string;
  /** An ID token from a sign-in just now. */
  token: string;
}

export interface AuthBackends extends Backends {
  /** The Admin SDK's Auth, on the Auth emulator. */
  auth: Auth;
  /** The Auth emulator's address, for its REST API (identityToolkit). */
  authUrl: string;
  projectId: string;
  /** The only API key the Stripe stand-in accepts. */
  secretKey: string;
  emailjs: RunningEmailJs;
  /** Mail settings that send through the EmailJS stand-in. */
  mail: MailSettings;
  /** A fresh ID token for the account, carrying its claims as they are now. */
  signIn(email: string): Promise<string>;
  /** A new account signed up through the REST API, its email verified unless told, with `claims`. */
  signUp(options?: { verified?: boolean; claims?: Record<string, unknown> }): Promise<TestAccount>;
  /** POSTs to a function with the ID token as the bearer, if any. */
  postAs(url: string, token: string | null, body: unknown, headers?: Record<string, string>): Promise<JsonAnswer>;
}

/** The backends of backends.testing.ts (namespace `demo-<name>`), the suite's shared Auth emulator
 *  and the EmailJS stand-in accepting `privateKey`. `reset` empties the database, the stand-ins
 *  and the mails; accounts stay (each test makes its own, with its own address). */
export async function startAuthBackends(
  name: string,
  privateKey: string,
  options: { webhook?: WebhookHandler } = {},
): Promise<AuthBackends> {
  const authEmulator = sharedAuthEmulator();
  const { projectId } = authEmulator;
  const secretKey = `sk_test_${name.replace(/\W/g, '_')}`;
  // With the webhook, the stand-in's events are delivered to handleWebhook, which mails through the
  // EmailJS stand-in: that one starts first.
  const { webhook } = options;
  const [backends, mailStandIn] = webhook
    ? await startMailStandIn(privateKey, SITE).then(
        async (mails) =>
          [
            await startBackends(name, {
              secretKey,
              projectId,
              webhook: { handle: webhook, secret: `whsec_${name.replace(/\W/g, '_')}`, mail: mails.mail },
            }),
            mails,
          ] as const,
      )
    : await Promise.all([startBackends(name, { secretKey, projectId }), startMailStandIn(privateKey, SITE)]);
  const auth = getAuth(backends.app);
  const signIn = async (email: string) =>
    (await identityToolkit(authEmulator.url, 'signInWithPassword', { email, password: PASSWORD, returnSecureToken: true }))
      .idToken as string;
  return {
    ...backends,
    auth,
    authUrl: authEmulator.url,
    projectId,
    secretKey,
    emailjs: mailStandIn.emailjs,
    mail: mailStandIn.mail,
    signIn,
    async signUp({ verified = true, claims = {} } = {}) {
      const email = `person-${randomUUID().slice(0, 8)}@example.com`;
      const created = await identityToolkit(authEmulator.url, 'signUp', { email, password: PASSWORD, returnSecureToken: true });
      const uid = created.localId as string;
      if (verified) await auth.updateUser(uid, { emailVerified: true });
      if (Object.keys(claims).length > 0) await auth.setCustomUserClaims(uid, claims);
      return { uid, email, token: await signIn(email) };
    },
    postAs(url, token, body, headers = {}) {
      return post(url, body, { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers });
    },
    async reset() {
      mailStandIn.reset();
      await backends.reset();
    },
    async close() {
      await backends.close();
      await mailStandIn.close();
    },
  };
}
