// The emulator's command line in a Firebase project directory (emulators/rtdb/README.md, "Run"):
// firebase.json (port, host, rules in the single and the array form, .firebaserc targets, rules
// reloaded when the file changes), and --import / --export-on-exit in the layout of
// `firebase emulators:export`, written on SIGTERM and SIGINT. Each test starts its own
// `node emulators/rtdb/src/run.mjs` in a temporary directory; nothing here uses the suite's
// shared emulator, so this file is skipped when the suite runs against another emulator.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { freePort } from '../src/functions-emulator.testing';

const runMjs = fileURLToPath(new URL('../src/run.mjs', import.meta.url));
const external = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);

interface Running {
  proc: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Sends the signal and resolves with the exit code. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<Running>();
const dirs: string[] = [];

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'rtdb-cli-'));
  dirs.push(d);
  return d;
}

async function run(cwd: string, args: string[] = [], env: Record<string, string> = {}): Promise<Running> {
  const proc = spawn(process.execPath, [runMjs, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RTDB_EMULATOR_PORT: '', GCLOUD_PROJECT: '', ...env },
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 20 s: ${err}`)), 20_000);
    proc.stdout!.on('data', () => {
      const m = /ready on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready: ${err}`));
    });
  });
  const r: Running = {
    proc,
    url,
    stdout: () => out,
    stderr: () => err,
    kill: (signal) =>
      new Promise((resolve) => {
        running.delete(r);
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      }),
  };
  running.add(r);
  return r;
}

async function get(url: string, owner = true): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { headers: owner ? { Authorization: 'Bearer owner' } : {}, signal: AbortSignal.timeout(5000) });
  return { status: res.status, text: await res.text() };
}

async function put(url: string, body: unknown, owner = true): Promise<number> {
  const res = await fetch(url, {
    method: 'PUT',
    body: JSON.stringify(body),
    headers: owner ? { Authorization: 'Bearer owner' } : {},
    signal: AbortSignal.timeout(5000),
  });
  await res.text();
  return res.status;
}

const DENY_ALL = '{ "rules": { ".read": false, ".write": false } }';
const OWN_RULES = '{\n  // comments are fine\n  "rules": { "open": { ".read": true, ".write": true } }\n}\n';

afterEach(async () => {
  await Promise.all([...running].map((r) => r.kill('SIGKILL')));
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(external)('firebase.json', () => {
  test('single form: the port and host of firebase.json; its rules for <project>-default-rtdb only, reloaded when the file changes', async () => {
    const dir = tempDir();
    const port = await freePort();
    writeFileSync(
      join(dir, 'firebase.json'),
      JSON.stringify({ database: { rules: 'database.rules.json' }, emulators: { database: { port, host: '127.0.0.1' } } }),
    );
    writeFileSync(join(dir, 'database.rules.json'), OWN_RULES);
    const emu = await run(dir, ['--project', 'demo-x']);
    expect(emu.url).toBe(`http://127.0.0.1:${port}`);
    // The start-up line says where the rules went, and that every other namespace is open.
    expect(emu.stdout()).toMatch(
      /database\.rules\.json for namespace demo-x-default-rtdb only; every other namespace allows all reads and writes/,
    );
    expect(await get(`${emu.url}/.settings/rules.json?ns=demo-x-default-rtdb`)).toEqual({ status: 200, text: OWN_RULES });
    expect(await put(`${emu.url}/open/a.json?ns=demo-x-default-rtdb`, 1, false)).toBe(200);
    expect(await put(`${emu.url}/closed/a.json?ns=demo-x-default-rtdb`, 1, false)).toBe(401);
    // Any other namespace (a test's fresh one, say) allows everything, as with firebase emulators:start.
    expect(JSON.parse((await get(`${emu.url}/.settings/rules.json?ns=another`)).text)).toEqual({
      rules: { '.read': true, '.write': true },
    });
    expect(await put(`${emu.url}/closed/a.json?ns=another`, 1, false)).toBe(200);

    writeFileSync(join(dir, 'database.rules.json'), DENY_ALL);
    await expect
      .poll(async () => (await get(`${emu.url}/.settings/rules.json?ns=demo-x-default-rtdb`)).text, { timeout: 5000, interval: 100 })
      .toBe(DENY_ALL);
    expect(await put(`${emu.url}/open/a.json?ns=demo-x-default-rtdb`, 1, false)).toBe(401);
    expect(await put(`${emu.url}/open/a.json?ns=another`, 1, false)).toBe(200);
  });

  test('single form: the project comes from --project, else $GCLOUD_PROJECT, else .firebaserc', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ database: { rules: 'r.json' } }));
    writeFileSync(join(dir, 'r.json'), DENY_ALL);
    writeFileSync(join(dir, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-rc' } }));
    const rulesOf = async (url: string, ns: string) => (await get(`${url}/.settings/rules.json?ns=${ns}`)).text;

    const fromRc = await run(dir, ['--port', '0'], { GCLOUD_PROJECT: '' });
    expect(await rulesOf(fromRc.url, 'demo-rc-default-rtdb')).toBe(DENY_ALL);
    await fromRc.kill('SIGTERM');
    const fromEnv = await run(dir, ['--port', '0'], { GCLOUD_PROJECT: 'demo-env' });
    expect(await rulesOf(fromEnv.url, 'demo-env-default-rtdb')).toBe(DENY_ALL);
    expect(await rulesOf(fromEnv.url, 'demo-rc-default-rtdb')).not.toBe(DENY_ALL);
    await fromEnv.kill('SIGTERM');
    const fromFlag = await run(dir, ['--port', '0', '--project', 'demo-flag'], { GCLOUD_PROJECT: 'demo-env' });
    expect(await rulesOf(fromFlag.url, 'demo-flag-default-rtdb')).toBe(DENY_ALL);
    expect(await rulesOf(fromFlag.url, 'demo-env-default-rtdb')).not.toBe(DENY_ALL);
  });

  test('--rules still gives every namespace without rules of its own its rules, beside the single form', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ database: { rules: 'own.json' } }));
    writeFileSync(join(dir, 'own.json'), OWN_RULES);
    writeFileSync(join(dir, 'all.json'), DENY_ALL);
    const emu = await run(dir, ['--port', '0', '--project', 'demo-y', '--rules', 'all.json']);
    expect(emu.stdout()).toMatch(/all\.json for every other namespace/);
    expect((await get(`${emu.url}/.settings/rules.json?ns=demo-y-default-rtdb`)).text).toBe(OWN_RULES);
    expect((await get(`${emu.url}/.settings/rules.json?ns=fresh-one`)).text).toBe(DENY_ALL);
  });

  test('array form: rules per instance and per .firebaserc target; --port and --config win', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'config'));
    writeFileSync(
      join(dir, 'config', 'firebase.json'),
      JSON.stringify({
        database: [
          { instance: 'inst-a', rules: 'a.rules.json' },
          { target: 'main', rules: 'b.rules.json' },
        ],
        emulators: { database: { port: 1 } },
      }),
    );
    writeFileSync(
      join(dir, 'config', '.firebaserc'),
      JSON.stringify({ projects: { default: 'demo-p' }, targets: { 'demo-p': { database: { main: ['inst-b', 'inst-c'] } } } }),
    );
    writeFileSync(join(dir, 'config', 'a.rules.json'), DENY_ALL);
    writeFileSync(join(dir, 'config', 'b.rules.json'), OWN_RULES);
    const emu = await run(dir, ['--config', 'config/firebase.json', '--port', '0']);
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await get(`${emu.url}/.settings/rules.json?ns=inst-a`)).text).toBe(DENY_ALL);
    expect((await get(`${emu.url}/.settings/rules.json?ns=inst-b`)).text).toBe(OWN_RULES);
    expect((await get(`${emu.url}/.settings/rules.json?ns=inst-c`)).text).toBe(OWN_RULES);
    // Namespaces not named get the default (allow all), as with the official emulator.
    expect(JSON.parse((await get(`${emu.url}/.settings/rules.json?ns=other`)).text)).toEqual({ rules: { '.read': true, '.write': true } });
    // The configured instances exist from the start.
    const names = (JSON.parse((await get(`${emu.url}/.inspect/databases.json`)).text) as Array<{ name: string }>).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['inst-a', 'inst-b', 'inst-c']));
  });

  test('a firebase.json that names a missing rules file stops the start with a clear message', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ database: { rules: 'nope.json' } }));
    await expect(run(dir, ['--port', '0'])).rejects.toThrow(/database\.rules names .*nope\.json, which does not exist/);
  });
});

describe.skipIf(external)('--import and --export-on-exit', () => {
  const exportFormat = (v: unknown) => JSON.parse(JSON.stringify(v));

  function writeExport(dir: string, data: Record<string, unknown>, extraMetadata: Record<string, unknown> = {}) {
    mkdirSync(join(dir, 'database_export'), { recursive: true });
    writeFileSync(
      join(dir, 'firebase-export-metadata.json'),
      JSON.stringify({ version: '15.34.2', database: { version: '4.11.2', path: 'database_export' }, ...extraMetadata }),
    );
    for (const [ns, value] of Object.entries(data)) writeFileSync(join(dir, 'database_export', `${ns}.json`), JSON.stringify(value));
  }

  test('import, then export on SIGTERM, round-trips the layout of firebase emulators:export', async () => {
    const dir = tempDir();
    const input = join(dir, 'in');
    const output = join(dir, 'out');
    const one = { users: { alice: { name: 'Alice', '.priority': 2 } }, n: { '.value': 5, '.priority': 'p' } };
    const two = { list: { a: 1, b: true } };
    writeExport(input, { 'demo-one': one, 'demo-two': two });
    // The output directory already holds another emulator's export: it is kept.
    mkdirSync(join(output, 'auth_export'), { recursive: true });
    writeFileSync(join(output, 'auth_export', 'accounts.json'), '{"kind":"identitytoolkit#DownloadAccountResponse","users":[]}');
    writeFileSync(
      join(output, 'firebase-export-metadata.json'),
      JSON.stringify({ version: '15.34.2', auth: { version: '15.34.2', path: 'auth_export' } }),
    );

    const emu = await run(dir, ['--no-config', '--port', '0', '--import', 'in', '--export-on-exit', 'out']);
    expect(JSON.parse((await get(`${emu.url}/.json?ns=demo-one&format=export`)).text)).toEqual(exportFormat(one));
    expect(JSON.parse((await get(`${emu.url}/list.json?ns=demo-two`)).text)).toEqual({ a: 1, b: true });
    expect(await put(`${emu.url}/users/bob.json?ns=demo-one`, { name: 'Bob' })).toBe(200);
    expect(await put(`${emu.url}/x.json?ns=demo-three`, { '.value': 'new', '.priority': 1 })).toBe(200);
    expect(await put(`${emu.url}/list.json?ns=demo-two`, null)).toBe(200); // imported, now empty: still exported
    await get(`${emu.url}/.json?ns=demo-empty`); // never had data: not exported

    expect(await emu.kill('SIGTERM')).toBe(0);
    expect(readdirSync(join(output, 'database_export')).sort()).toEqual(['demo-one.json', 'demo-three.json', 'demo-two.json']);
    expect(JSON.parse(readFileSync(join(output, 'database_export', 'demo-one.json'), 'utf8'))).toEqual({
      ...exportFormat(one),
      users: { alice: { name: 'Alice', '.priority': 2 }, bob: { name: 'Bob' } },
    });
    expect(JSON.parse(readFileSync(join(output, 'database_export', 'demo-three.json'), 'utf8'))).toEqual({
      x: { '.value': 'new', '.priority': 1 },
    });
    expect(JSON.parse(readFileSync(join(output, 'database_export', 'demo-two.json'), 'utf8'))).toBeNull();
    const meta = JSON.parse(readFileSync(join(output, 'firebase-export-metadata.json'), 'utf8'));
    expect(meta).toMatchObject({ version: '15.34.2', auth: { path: 'auth_export' }, database: { path: 'database_export' } });
    expect(existsSync(join(output, 'auth_export', 'accounts.json'))).toBe(true);
    expect(readdirSync(output).sort()).toEqual(['auth_export', 'database_export', 'firebase-export-metadata.json']);

    // And the export imports again: the second run sees the first run's data.
    const again = await run(dir, ['--no-config', '--port', '0', '--import', 'out']);
    expect(JSON.parse((await get(`${again.url}/users/bob.json?ns=demo-one`)).text)).toEqual({ name: 'Bob' });
    expect(JSON.parse((await get(`${again.url}/x.json?ns=demo-three&format=export`)).text)).toEqual({ '.value': 'new', '.priority': 1 });
  });

  test('SIGINT exports too; --export-on-exit without a directory writes back to --import', async () => {
    const dir = tempDir();
    writeExport(dir, { 'demo-a': { v: 1 } });
    const emu = await run(dir, ['--no-config', '--port', '0', '--import', '.', '--export-on-exit']);
    expect(await put(`${emu.url}/v.json?ns=demo-a`, 2)).toBe(200);
    expect(await emu.kill('SIGINT')).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'database_export', 'demo-a.json'), 'utf8'))).toEqual({ v: 2 });
    expect(emu.stderr()).toMatch(/SIGINT: shutting down, exporting to \./);
  });

  test('an import directory without metadata is skipped with a warning, as firebase-tools does', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'database_export'));
    writeFileSync(join(dir, 'database_export', 'demo-a.json'), '{"v":1}');
    const emu = await run(dir, ['--no-config', '--port', '0', '--import', '.']);
    expect((await get(`${emu.url}/v.json?ns=demo-a`)).text).toBe('null');
    expect(emu.stderr()).toMatch(/Could not find import\/export metadata file/);
  });
});
