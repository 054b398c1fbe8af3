// `npm run staff:grant` against firebase-tools' real Auth emulator and our database emulator,
// started once for this file on free ports as one stack's pair (so it never meets a running
// `npm start`): the claim it sets is the one a fresh sign-in's ID token carries, the record
// staff_roles/<uid> says the same, other claims survive, `none` takes the role away and ends the
// person's sessions, and every mistake is answered in words. The argument parsing is checked on its
// own first.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { stopProcessGroup } from '@leopard/emulator-http';
import { start as startDatabaseEmulator, type RunningEmulator } from '@leopard/rtdb-emulator';
import { BASE_PORTS, HOST, PROJECT_ID, localStack } from '../emulators/ports';
import { STAFF_ROLES_PATH } from '../src/data/staff';
import { DatabaseUnreachable, GrantError, USAGE, UsageError, explainFailure, main, parseGrantArgs, setStaffRole } from './staff-grant';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('parseGrantArgs', () => {
  test('an email and a role: the local stack at offset 0 by default', () => {
    expect(parseGrantArgs(['Staff@Leopard.test', 'admin'], {})).toEqual({
      email: 'staff@leopard.test',
      role: 'admin',
      target: {
        kind: 'local',
        offset: 0,
        authHost: `${HOST}:${BASE_PORTS.auth}`,
        databaseHost: `${HOST}:${BASE_PORTS.database}`,
        databaseUrl: `http://${HOST}:${BASE_PORTS.database}?ns=${PROJECT_ID}-default-rtdb`,
        projectId: PROJECT_ID,
      },
    });
  });

  test('the stack of LEOPARD_PORT_OFFSET, and --port-offset over it (both spellings)', () => {
    expect(parseGrantArgs(['a@b.co', 'support'], { LEOPARD_PORT_OFFSET: '500' }).target).toMatchObject({
      kind: 'local',
      offset: 500,
      authHost: `${HOST}:${BASE_PORTS.auth + 500}`,
      databaseHost: `${HOST}:${BASE_PORTS.database + 500}`,
    });
    expect(parseGrantArgs(['a@b.co', 'none', '--port-offset', '100'], { LEOPARD_PORT_OFFSET: '500' }).target).toMatchObject({
      offset: 100,
    });
    expect(parseGrantArgs(['--port-offset=200', 'a@b.co', 'none'], {}).target).toMatchObject({ offset: 200 });
  });

  test('--project names a real project, without emulator addresses, and its default database', () => {
    expect(parseGrantArgs(['a@b.co', 'admin', '--project', 'leopard-prod'], { LEOPARD_PORT_OFFSET: '500' })).toEqual({
      email: 'a@b.co',
      role: 'admin',
      target: { kind: 'project', projectId: 'leopard-prod', databaseUrl: 'https://leopard-prod-default-rtdb.firebaseio.com' },
    });
  });

  test('--database-url names the database of a project elsewhere (both spellings)', () => {
    const url = 'https://leopard-prod-default-rtdb.europe-west1.firebasedatabase.app';
    for (const argv of [
      ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', url],
      ['a@b.co', 'admin', `--database-url=${url}/`, '--project=leopard-prod'],
    ]) {
      expect(parseGrantArgs(argv, {}).target).toEqual({ kind: 'project', projectId: 'leopard-prod', databaseUrl: url });
    }
  });

  const mistakes: { argv: string[]; env?: Record<string, string>; says: RegExp }[] = [
    { argv: [], says: /Give an email and a role/ },
    { argv: ['a@b.co'], says: /Give an email and a role/ },
    { argv: ['a@b.co', 'admin', 'extra'], says: /Give an email and a role/ },
    { argv: ['a@b.co', 'Admin'], says: /Unknown role "Admin": use admin, support, none/ },
    { argv: ['a@b.co', 'owner'], says: /Unknown role "owner"/ },
    { argv: ['a@b.co', 'admin '], says: /Unknown role "admin "/ },
    { argv: ['not-an-email', 'admin'], says: /"not-an-email" is not an email address/ },
    { argv: ['admin', 'a@b.co'], says: /"admin" is not an email address/ },
    { argv: ['a@b.co', 'admin', '--project'], says: /--project needs a value/ },
    { argv: ['a@b.co', 'admin', '--project', 'demo-leopard'], says: /demo project.*leave out --project/ },
    { argv: ['a@b.co', 'admin', '--project', 'Not_A_Project'], says: /not a Firebase project id/ },
    { argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--port-offset', '1'], says: /do not go together/ },
    { argv: ['a@b.co', 'admin', '--port-offset', 'ten'], says: /--port-offset must be a whole number/ },
    { argv: ['a@b.co', 'admin', '--port-offset', '60000'], says: /Port offset 60000 puts/ },
    { argv: ['a@b.co', 'admin'], env: { LEOPARD_PORT_OFFSET: 'x' }, says: /LEOPARD_PORT_OFFSET must be a whole number/ },
    { argv: ['a@b.co', 'admin', '--force'], says: /Unknown option --force/ },
    { argv: ['a@b.co', 'admin', '--database-url', 'https://x-default-rtdb.firebaseio.com'], says: /--database-url goes with --project/ },
    { argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url'], says: /--database-url needs a value/ },
    { argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', 'leopard'], says: /"leopard" is not a URL/ },
    {
      argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', 'http://leopard-prod-default-rtdb.firebaseio.com'],
      says: /is not a Realtime Database address/,
    },
    {
      argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', 'https://evil.example/leopard'],
      says: /is not a Realtime Database address/,
    },
  ];
  test.for(mistakes.map((m) => [`${JSON.stringify(m.argv)}${m.env ? ` ${JSON.stringify(m.env)}` : ''}`, m] as const))(
    '%s → a usage error that says what to change',
    ([, { argv, env, says }]) => {
      expect(() => parseGrantArgs(argv, env ?? {})).toThrow(UsageError);
      expect(() => parseGrantArgs(argv, env ?? {})).toThrow(says);
    },
  );

  test('the usage line names the roles of src/data/staff.ts', () => {
    expect(USAGE).toBe(
      'Usage: npm run staff:grant -- <email> <admin|support|none> [--project <id> [--database-url <url>]] [--port-offset N]',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Against the Auth emulator
// ---------------------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface AuthEmulator {
  port: number;
  /** The --port-offset whose stack has its Auth emulator on `port`. */
  offset: number;
  stop(): Promise<void>;
}

/** A free port for Auth whose stack's database port is free too. */
async function freeStackPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const database = port - BASE_PORTS.auth + BASE_PORTS.database;
    if (database >= 1024 && (await isFree(database))) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** firebase-tools' Auth emulator alone, on free ports (hub and logging too), for PROJECT_ID: the
 *  project the script uses for the local stack. */
async function startAuthEmulator(): Promise<AuthEmulator> {
  const [port, hub, logging] = [await freeStackPort(), await freePort(), await freePort()];
  const directory = mkdtempSync(join(tmpdir(), 'staff-grant-'));
  const config = join(directory, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port },
        hub: { host: HOST, port: hub },
        logging: { host: HOST, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const output: string[] = [];
  const child: ChildProcess = spawn('npx', ['firebase', 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_DATABASE_EMULATOR_HOST: '' },
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = () => {
    rmSync(directory, { recursive: true, force: true });
    return stopProcessGroup(child);
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited (${child.exitCode}):\n${output.join('')}`);
    const ready = await fetch(`http://${HOST}:${port}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, offset: port - BASE_PORTS.auth, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The Auth emulator was not ready within 90 s:\n${output.join('')}`);
}

let emulator: AuthEmulator;
let databaseEmulator: RunningEmulator;
let app: App;
let auth: Auth;
let database: Database;
const savedHosts = { auth: process.env.FIREBASE_AUTH_EMULATOR_HOST, database: process.env.FIREBASE_DATABASE_EMULATOR_HOST };

/** Points this process's Admin SDK at the file's emulators (the command points it at its target). */
function useTestEmulators() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${HOST}:${emulator.port}`;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${HOST}:${databaseEmulator.port}`;
}

beforeAll(async () => {
  emulator = await startAuthEmulator();
  const stack = localStack(emulator.offset);
  databaseEmulator = await startDatabaseEmulator({ port: stack.ports.database, host: HOST, quiet: true, coverage: false, viewer: false });
  useTestEmulators();
  app = initializeApp({ projectId: PROJECT_ID, databaseURL: stack.databaseUrl }, 'staff-grant-test');
  auth = getAuth(app);
  database = getDatabase(app);
}, 120_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  if (emulator) await emulator.stop();
  if (databaseEmulator) await databaseEmulator.stop();
  for (const [name, saved] of [
    ['FIREBASE_AUTH_EMULATOR_HOST', savedHosts.auth],
    ['FIREBASE_DATABASE_EMULATOR_HOST', savedHosts.database],
  ] as const) {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  }
}, 30_000);

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
let counter = 0;

/** A fresh account in the emulator, with `claims` already set. */
async function account(claims: Record<string, unknown> | null = null): Promise<{ uid: string; email: string }> {
  const email = `person-${Date.now().toString(36)}-${counter++}@leopard.test`;
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
  const response = await fetch(
    `http://${HOST}:${emulator.port}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
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

describe('setStaffRole', () => {
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
      'no-database',
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

describe('main (the command)', () => {
  beforeEach(() => useTestEmulators());

  test('grants at the stack of --port-offset, and says when the role applies', async () => {
    const person = await account();
    const { code, out, err } = await run([person.email.toUpperCase(), 'admin', '--port-offset', String(emulator.offset)]);
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
    expect((await run([person.email, 'support', '--port-offset', String(emulator.offset)])).code).toBe(0);
    const token = await signIn(person.email);
    await nextSecond();
    const { code, out, err } = await run([person.email, 'none', '--port-offset', String(emulator.offset)]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`${person.email} (uid ${person.uid}) now has no staff role in the local stack`);
    expect(out).toContain('ended at once: the database and the staff function refuse the tokens they hold');
    expect(await recordOf(person.uid)).toBeNull();
    expect(await isRevoked(token)).toBe(true);
  });

  test('finds the stack through LEOPARD_PORT_OFFSET', async () => {
    const person = await account();
    const { code } = await run([person.email, 'support'], { LEOPARD_PORT_OFFSET: String(emulator.offset) });
    expect(code).toBe(0);
    expect(await tokenClaims(person.email)).toMatchObject({ role: 'support' });
    expect(await recordOf(person.uid)).toBe('support');
  });

  test('the same role twice: nothing changed, and it says so', async () => {
    const person = await account();
    expect((await run([person.email, 'support', '--port-offset', String(emulator.offset)])).code).toBe(0);
    const { code, out } = await run([person.email, 'support', '--port-offset', String(emulator.offset)]);
    expect(code).toBe(0);
    expect(out).toContain('already has support');
    expect(out).toContain('nothing changed');
  });

  test('an unknown email → exit 1 with the reason', async () => {
    const { code, out, err } = await run(['nobody-here@leopard.test', 'admin', '--port-offset', String(emulator.offset)]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/No account has the email nobody-here@leopard.test/);
  });

  test('a bad role → exit 2 with the usage, before anything is contacted', async () => {
    const { code, err } = await run(['a@b.co', 'superuser']);
    expect(code).toBe(2);
    expect(err).toContain('Unknown role "superuser"');
    expect(err).toContain(USAGE);
  });

  test('no stack at that offset → exit 1, telling to start it', async () => {
    const offset = (await freePort()) - BASE_PORTS.auth;
    const { code, err } = await run(['a@b.co', 'admin', '--port-offset', String(offset)]);
    expect(code).toBe(1);
    expect(err).toContain(`Could not reach the Auth emulator at ${HOST}:${BASE_PORTS.auth + offset}`);
    expect(err).toContain(`npm start -- --port-offset ${offset}`);
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

describe('npm run staff:grant', () => {
  test('the package script runs the command end to end', async () => {
    const person = await account();
    const child = spawn('npm', ['run', '--silent', 'staff:grant', '--', person.email, 'admin', '--port-offset', String(emulator.offset)], {
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
  }, 60_000);
});
