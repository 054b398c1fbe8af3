// For the staff tests only (nothing in index.ts imports it): the `staff` and `spacePass` handlers
// served over real HTTP against the database emulator, firebase-tools' Auth emulator (real ID
// tokens with real custom claims, real verification links), the EmailJS stand-in (checking the
// private key) and the Stripe stand-in. Accounts are made the way the site makes them: signed up
// through Auth's REST API, their claims set with the Admin SDK, signed in again for a fresh token.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { start as startEmailJs, type RunningEmailJs } from '../../../emulators/emailjs/server';
import type { StaffRole } from '../../../src/data/staff';
import { startBackends, type Backends } from '../billing-test-harness';
import type { MailSettings } from '../mail';
import { handleSpacePass } from '../space-pass';
import { post, type JsonAnswer } from '../test-server';
import type { StaffDependencies } from './context';
import { handleStaff } from './handler';

export const SITE = 'http://127.0.0.1:4173';
export const PRIVATE_KEY = 'emailjs_private_staff_test';
const PASSWORD = 'staff-test-password';

export interface TestAccount {
  uid: string;
  email: string;
  token: string;
}

export interface StaffHarness extends Backends {
  auth: Auth;
  emailjs: RunningEmailJs;
  urls: { staff: string; spacePass: string };
  /** The staff function's dependencies: a test may change `mail` (e.g. to a deploy without mail). */
  deps: StaffDependencies;
  configuredMail: MailSettings;
  /** A new account, verified unless told, with the role claim given (a string may be anything). */
  account(options?: { role?: StaffRole | string; verified?: boolean; claims?: Record<string, unknown> }): Promise<TestAccount>;
  /** A fresh ID token for the account, carrying its claims as they are now. */
  signIn(account: Pick<TestAccount, 'email'>): Promise<string>;
  /** POSTs to the staff function with the token, if any. */
  call(token: string | null, body: unknown, headers?: Record<string, string>): Promise<JsonAnswer>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningAuth {
  host: string;
  url: string;
  stop(): Promise<void>;
}

/** firebase-tools' Auth emulator alone, on free ports, as `firebase emulators:start` runs it. */
export async function startAuthEmulator(projectId: string): Promise<RunningAuth> {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const directory = mkdtempSync(join(tmpdir(), 'leopard-auth-'));
  const at = (port: number) => ({ host: '127.0.0.1', port });
  const config = { emulators: { auth: at(auth), hub: at(hub), logging: at(logging), ui: { enabled: false }, singleProjectMode: true } };
  writeFileSync(join(directory, 'firebase.json'), JSON.stringify(config));
  const cli = join(dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js');
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: directory,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGINT');
      const kill = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
    rmSync(directory, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${auth}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited:\n${output.join('')}`);
    if (
      await fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host: `127.0.0.1:${auth}`, url, stop };
}

export async function identityToolkit(url: string, method: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`accounts:${method} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A test file's staff backends: started in beforeAll, emptied before each test (accounts stay:
 *  each test makes its own), closed in afterAll. Read its fields inside tests and hooks. */
export function useStaffHarness(name: string): StaffHarness {
  const harness = {} as StaffHarness;
  let authEmulator: RunningAuth | undefined;
  beforeAll(async () => {
    const projectId = `demo-${name}`;
    authEmulator = await startAuthEmulator(projectId);
    // The Admin SDK talks to the Auth emulator, which signs nothing: set before its first use.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator.host;
    const backends = await startBackends(name, { secretKey: `sk_test_${name.replace(/\W/g, '_')}` });
    const emailjs = await startEmailJs({ port: 0, quiet: true, privateKey: PRIVATE_KEY });
    const auth = getAuth(backends.app);
    const configuredMail: MailSettings = {
      privateKey: PRIVATE_KEY,
      publicKey: 'staff-public-key',
      serviceId: 'staff-service',
      templateId: 'staff-template',
      apiUrl: emailjs.url,
      siteUrl: SITE,
    };
    const deps: StaffDependencies = {
      auth,
      database: backends.database,
      stripe: () => backends.stripe,
      stripeMode: 'test',
      mail: configuredMail,
      siteOrigins: [SITE],
    };
    const urls = {
      staff: await backends.servers.serve('staff', (request, response) => handleStaff(request, response, deps)),
      spacePass: await backends.servers.serve('spacePass', (request, response) =>
        handleSpacePass(request, response, { database: backends.database, siteOrigins: [SITE] }),
      ),
    };
    const signIn = async ({ email }: Pick<TestAccount, 'email'>) =>
      (await identityToolkit(authEmulator!.url, 'signInWithPassword', { email, password: PASSWORD, returnSecureToken: true }))
        .idToken as string;
    Object.assign(harness, backends, {
      auth,
      emailjs,
      urls,
      deps,
      configuredMail,
      signIn,
      async account({ role, verified = true, claims = {} }: { role?: string; verified?: boolean; claims?: Record<string, unknown> } = {}) {
        const email = `person-${randomUUID().slice(0, 8)}@example.com`;
        const created = await identityToolkit(authEmulator!.url, 'signUp', { email, password: PASSWORD, returnSecureToken: true });
        const uid = created.localId as string;
        if (verified) await auth.updateUser(uid, { emailVerified: true });
        const all = role === undefined ? claims : { ...claims, role };
        if (Object.keys(all).length > 0) await auth.setCustomUserClaims(uid, all);
        return { uid, email, token: await signIn({ email }) };
      },
      call(token: string | null, body: unknown, headers: Record<string, string> = {}) {
        return post(urls.staff, body, { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers });
      },
    });
    const reset = backends.reset;
    harness.reset = async () => {
      deps.mail = configuredMail;
      emailjs.reset();
      await reset();
    };
    const close = backends.close;
    harness.close = async () => {
      await close();
      await emailjs.stop();
    };
  }, 120_000);
  afterAll(async () => {
    await harness.close?.();
    await authEmulator?.stop();
  }, 30_000);
  beforeEach(async () => {
    await harness.reset();
  });
  return harness;
}
