// `rtdb-emulator exec`: the emulator runs for the length of one command, which finds it through
// the environment the Admin SDK and @firebase/rules-unit-testing read (emulators/rtdb/README.md#exec),
// and whose exit status becomes the emulator's. Each test runs `node emulators/rtdb/src/run.mjs exec`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const runMjs = fileURLToPath(new URL('../src/run.mjs', import.meta.url));
const external = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);
const dirs: string[] = [];

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `rtdb-emulator exec <args>` from the repository root, with the suite's emulator variables unset. */
function exec(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [runMjs, 'exec', '--port', '0', '--no-config', '--quiet', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FIREBASE_DATABASE_EMULATOR_HOST: '',
        FIREBASE_EMULATOR_HUB: '',
        GCLOUD_PROJECT: '',
        RTDB_EMULATOR_PORT: '',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`exec did not finish within 30 s: ${stderr}`));
    }, 30_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(external)('rtdb-emulator exec', () => {
  test("exits with the command's status", async () => {
    expect((await exec(['--', process.execPath, '-e', 'process.exit(0)'])).code).toBe(0);
    expect((await exec(['--', process.execPath, '-e', 'process.exit(3)'])).code).toBe(3);
    // One argument without `--` is a shell command, as with `firebase emulators:exec`.
    expect((await exec(['exit 7'])).code).toBe(7);
    const missing = await exec(['--', 'no-such-command-rtdb-exec']);
    expect(missing.code).toBe(127);
    expect(missing.stderr).toMatch(/could not run no-such-command-rtdb-exec/);
  });

  test('the command gets the database and hub addresses and the project; rules-unit-testing and the Admin SDK find the emulator', async () => {
    const script = `
      import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
      import { initializeApp } from 'firebase-admin/app';
      import { getDatabase } from 'firebase-admin/database';
      const { FIREBASE_DATABASE_EMULATOR_HOST: db, FIREBASE_EMULATOR_HUB: hub, GCLOUD_PROJECT: project } = process.env;
      const emulators = await (await fetch('http://' + hub + '/emulators')).json();
      const env = await initializeTestEnvironment({ database: { rules: '{"rules": {".read": true, "x": {".write": "auth != null"}}}' } });
      const denied = await env.unauthenticatedContext().database().ref('x').set(1).then(() => 'written', (e) => e.code ?? e.message);
      await env.authenticatedContext('u1').database().ref('x').set(2);
      // rules-unit-testing works in the namespace named like the project.
      const admin = getDatabase(initializeApp({ projectId: project, databaseURL: 'http://' + db + '?ns=' + project }));
      const seen = (await admin.ref('x').get()).val();
      console.log(JSON.stringify({ db, hub, project, emulators, denied, seen, envDatabase: env.emulators.database }));
      await env.cleanup();
      process.exit(0);
    `;
    const r = await exec(['--project', 'demo-exec', '--', process.execPath, '--input-type=module', '-e', script]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(out.db).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(out.hub).toBe(out.db);
    expect(out.project).toBe('demo-exec');
    const [host, port] = (out.db as string).split(':');
    expect(out.emulators).toMatchObject({ database: { host, port: Number(port) } });
    expect(out.envDatabase).toEqual({ host, port: Number(port) });
    expect(out.denied).toBe('PERMISSION_DENIED');
    expect(out.seen).toBe(2);
  });

  test('--export-on-exit writes what the command left once it has exited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtdb-exec-'));
    dirs.push(dir);
    const script = `await fetch('http://' + process.env.FIREBASE_DATABASE_EMULATOR_HOST + '/kept.json?ns=exp', { method: 'PUT', body: '{"a":1}' }); process.exit(5);`;
    const r = await exec(['--export-on-exit', dir, '--', process.execPath, '--input-type=module', '-e', script]);
    expect(r.code).toBe(5);
    const file = join(dir, 'database_export', 'exp.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ kept: { a: 1 } });
  });
});
