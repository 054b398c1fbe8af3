/**
 * `npm run staff:grant` against the local stack this suite already runs: firebase-tools' real Auth
 * emulator and our database emulator, in the project the command targets locally (demo-leopard),
 * reached the way an operator reaches `npm start`'s, by its port offset. The file once started a
 * pair of its own (the Auth emulator's start alone costs about 11 s of CPU); the only other Auth
 * emulator of `npm test` is in another project, whose accounts an API-key sign-in cannot reach
 * (docs/decisions/0130-test-suite-time-round-2.md). The claim it sets is the one a fresh sign-in's
 * ID token carries, the record staff_roles/<uid> says the same, other claims survive, `none` takes
 * the role away and ends the person's sessions, and every mistake is answered in words. Every
 * account here has its own address, so no other test meets it. The argument parsing is checked in
 * scripts/staff-grant.test.ts.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { freePort } from '@leopard/rtdb-emulator/testing/functions-emulator';
import { LOCAL_STACK } from '../../emulators/local-config';
import { BASE_PORTS, HOST, PROJECT_ID } from '../../emulators/ports';
import { DatabaseUnreachable, GrantError, explainFailure, main, parseGrantArgs, setStaffRole } from '../../scripts/staff-grant';
import { STAFF_ROLES_PATH } from '../../src/data/staff';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OFFSET = String(LOCAL_STACK.offset);

let app: App;
let auth: Auth;
let database: Database;

/** Points this worker's Admin SDK at the suite's stack (the command points it at its target). */
function useTestEmulators() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = LOCAL_STACK.authHost;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = LOCAL_STACK.databaseHost;
}

test.beforeAll(() => {
  useTestEmulators();
  app = initializeApp({ projectId: PROJECT_ID, databaseURL: LOCAL_STACK.databaseUrl }, `staff-grant-${Math.random()}`);
  auth = getAuth(app);
  database = getDatabase(app);
});

test.afterAll(async () => {
  if (app) await deleteApp(app);
});

/** staff_roles/<uid>: the role the rules and the staff function count. */
async function recordOf(uid: string): Promise<unknown> {
  return (await database.ref(`${STAFF_ROLES_PATH}/${uid}`).get()).val();
}

/** Waits for the next whole second: revocation compares whole seconds of a token's sign-in time. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
}

/** Whether Auth refuses the ID token as revoked, as the staff function does. */
function isRevoked(token: string): Promise<boolean> {
  return auth.verifyIdToken(token, true).then(
    () => false,
    (error: { code?: string }) => error.code === 'auth/id-token-revoked',
  );
}

const PASSWORD = 'leopard-test';

/** A fresh account in the emulator, with `claims` already set. */
async function account(claims: Record<string, unknown> | null = null): Promise<{ uid: string; email: string }> {
  const email = `staff-grant-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.leopard.test`;
  const user = await auth.createUser({ email, password: PASSWORD, emailVerified: true });
  if (claims) await auth.setCustomUserClaims(user.uid, claims);
  return { uid: user.uid, email };
}

/** The claims of the ID token the person gets on signing in again, as the rules will see them. */
async function tokenClaims(email: string): Promise<Record<string, unknown>> {
  const idToken = await signIn(email);
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A fresh ID token of the person. */
async function signIn(email: string): Promise<string> {
  const response = await fetch(`${LOCAL_STACK.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Runs the command in this process, collecting what it prints. */
async function run(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { log: (line) => out.push(line), error: (line) => err.push(line), env });
  // The command points this process's Admin SDK at its target; the test's own app stays on ours.
  useTestEmulators();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test.describe('setStaffRole', () => {
  test('admin, then support, then none: each in a fresh ID token, other claims kept', async () => {
    const person = await account({ beta: true, plan: 'gold' });

    expect(await setStaffRole(auth, database, person.email, 'admin')).toMatchObject({ uid: person.uid, before: null, after: 'admin' });
    expect(await tokenClaims(person.email)).toMatchObject({ role: 'admin', beta: true, plan: 'gold' });
    expect(await recordOf(person.uid)).toBe('admin');

    expect(await setStaffRole(auth, database, person.email, 'support')).toMatchObject({ before: 'admin', after: 'support' });
    expect(await tokenClaims(person.email)).toMatchObject({ role: 'support', beta: true });
    expect(await recordOf(person.uid)).toBe('support');

    expect(await setStaffRole(auth, database, person.email, 'none')).toMatchObject({ before: 'support', after: null });
    const claims = await tokenClaims(person.email);
    expect(claims).not.toHaveProperty('role');
    expect(claims).toMatchObject({ beta: true, plan: 'gold' });
    expect((await auth.getUser(person.uid)).customClaims).toEqual({ beta: true, plan: 'gold' });
    expect(await recordOf(person.uid)).toBeNull();
  });

  test('none and a lower role end what the person had at once: the record goes and their tokens are revoked; a higher role does not', async () => {
    const person = await account();
    await setStaffRole(auth, database, person.email, 'admin');
    const adminToken = await signIn(person.email);
    await nextSecond();
    expect(await setStaffRole(auth, database, person.email, 'support')).toMatchObject({ revoked: true });
    expect(await isRevoked(adminToken)).toBe(true);

    const supportToken = await signIn(person.email);
    await nextSecond();
    expect(await setStaffRole(auth, database, person.email, 'admin')).toMatchObject({ revoked: false });
    expect(await isRevoked(supportToken)).toBe(false);

    const lastToken = await signIn(person.email);
    await nextSecond();
    expect(await setStaffRole(auth, database, person.email, 'none')).toMatchObject({ revoked: true });
    expect(await isRevoked(lastToken)).toBe(true);
    expect(await recordOf(person.uid)).toBeNull();
  });

  test('a claim without a record (given before the records existed) is counted as no role, and a grant writes the record', async () => {
    const person = await account({ role: 'admin' });
    expect(await setStaffRole(auth, database, person.email, 'admin')).toMatchObject({ before: null, after: 'admin' });
    expect(await recordOf(person.uid)).toBe('admin');
  });

  test('none on an account whose only claim was the role leaves no claims at all', async () => {
    const person = await account({ role: 'admin' });
    await setStaffRole(auth, database, person.email, 'none');
    expect((await auth.getUser(person.uid)).customClaims ?? {}).toEqual({});
  });

  test('a forged-looking role already on the account is replaced, and reported as no staff role before', async () => {
    const person = await account({ role: 'Admin' });
    expect(await setStaffRole(auth, database, person.email, 'support')).toMatchObject({ before: null, after: 'support' });
    expect(await tokenClaims(person.email)).toMatchObject({ role: 'support' });
  });

  test('a database that does not answer → nothing changed, and the command says where it looked', async () => {
    const person = await account();
    const dead = await freePort();
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${HOST}:${dead}`;
    const elsewhere = initializeApp(
      { projectId: PROJECT_ID, databaseURL: `http://${HOST}:${dead}?ns=${PROJECT_ID}-default-rtdb` },
      `no-database-${Math.random()}`,
    );
    try {
      await expect(setStaffRole(auth, getDatabase(elsewhere), person.email, 'admin', 1000)).rejects.toThrow(DatabaseUnreachable);
    } finally {
      await deleteApp(elsewhere);
      useTestEmulators();
    }
    expect((await auth.getUser(person.uid)).customClaims ?? {}).toEqual({});
    const local = parseGrantArgs([person.email, 'admin', '--port-offset', '7'], {}).target;
    expect(explainFailure(new DatabaseUnreachable(), local)).toBe(
      `Could not reach the database emulator at ${HOST}:${BASE_PORTS.database + 7}. Start the local stack first (npm start -- --port-offset 7), or name its offset with --port-offset or LEOPARD_PORT_OFFSET. Nothing was changed.`,
    );
    const project = parseGrantArgs([person.email, 'admin', '--project', 'leopard-prod'], {}).target;
    expect(explainFailure(new DatabaseUnreachable(), project)).toMatch(
      /^The database at https:\/\/leopard-prod-default-rtdb\.firebaseio\.com did not answer: check --database-url/,
    );
  });

  test('an email no account has → a GrantError that says so, and nobody changed', async () => {
    await expect(setStaffRole(auth, database, 'nobody-here@leopard.test', 'admin')).rejects.toThrow(GrantError);
    await expect(setStaffRole(auth, database, 'nobody-here@leopard.test', 'admin')).rejects.toThrow(
      /No account has the email nobody-here@leopard.test/,
    );
  });
});

test.describe('main (the command)', () => {
  test.beforeEach(() => useTestEmulators());

  test('grants at the stack of --port-offset, and says when the role applies', async () => {
    const person = await account();
    const { code, out, err } = await run([person.email.toUpperCase(), 'admin', '--port-offset', OFFSET]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`${person.email} (uid ${person.uid}) now has admin in the local stack`);
    expect(out).toContain('(before: no staff role)');
    expect(out).toMatch(/applies once their ID token refreshes: ask them to sign out and sign in again/);
    expect(await tokenClaims(person.email)).toMatchObject({ role: 'admin' });
    expect(await recordOf(person.uid)).toBe('admin');
  });

  test('none: the role ends at once, and it says so', async () => {
    const person = await account();
    expect((await run([person.email, 'support', '--port-offset', OFFSET])).code).toBe(0);
    const token = await signIn(person.email);
    await nextSecond();
    const { code, out, err } = await run([person.email, 'none', '--port-offset', OFFSET]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`${person.email} (uid ${person.uid}) now has no staff role in the local stack`);
    expect(out).toContain('ended at once: the database and the staff function refuse the tokens they hold');
    expect(await recordOf(person.uid)).toBeNull();
    expect(await isRevoked(token)).toBe(true);
  });

  test('finds the stack through LEOPARD_PORT_OFFSET', async () => {
    const person = await account();
    const { code } = await run([person.email, 'support'], { LEOPARD_PORT_OFFSET: OFFSET });
    expect(code).toBe(0);
    expect(await tokenClaims(person.email)).toMatchObject({ role: 'support' });
    expect(await recordOf(person.uid)).toBe('support');
  });

  test('the same role twice: nothing changed, and it says so', async () => {
    const person = await account();
    expect((await run([person.email, 'support', '--port-offset', OFFSET])).code).toBe(0);
    const { code, out } = await run([person.email, 'support', '--port-offset', OFFSET]);
    expect(code).toBe(0);
    expect(out).toContain('already has support');
    expect(out).toContain('nothing changed');
  });

  test('an unknown email → exit 1 with the reason', async () => {
    const { code, out, err } = await run(['nobody-here@leopard.test', 'admin', '--port-offset', OFFSET]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/No account has the email nobody-here@leopard.test/);
  });

  test('--project ignores the emulator variable and asks for Google credentials when there are none', async () => {
    const person = await account();
    const saved = process.env.GOOGLE_APPLICATION_CREDENTIALS;
    process.env.GOOGLE_APPLICATION_CREDENTIALS = join(tmpdir(), 'no-such-key-file.json');
    try {
      const { code, err } = await run([person.email, 'admin', '--project', 'leopard-real-project']);
      expect(code).toBe(1);
      expect(err).toMatch(/No usable Google credentials for project leopard-real-project: set GOOGLE_APPLICATION_CREDENTIALS/);
      expect(err).toContain('gcloud auth application-default login');
    } finally {
      if (saved === undefined) delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
      else process.env.GOOGLE_APPLICATION_CREDENTIALS = saved;
    }
    // The emulators' account was not touched: the grant did not go there.
    expect((await auth.getUser(person.uid)).customClaims ?? {}).toEqual({});
    expect(await recordOf(person.uid)).toBeNull();
  });
});

test('npm run staff:grant: the package script runs the command end to end', async () => {
  test.setTimeout(60_000);
  const person = await account();
  const child = spawn('npm', ['run', '--silent', 'staff:grant', '--', person.email, 'admin', '--port-offset', OFFSET], {
    cwd: root,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_DATABASE_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(out).toContain(`${person.email} (uid ${person.uid}) now has admin`);
  expect(code).toBe(0);
  expect(await tokenClaims(person.email)).toMatchObject({ role: 'admin' });
  expect(await recordOf(person.uid)).toBe('admin');
});
