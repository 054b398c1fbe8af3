// For the handler tests only (nothing in index.ts imports it): the local services a test file runs
// against, each on free ports of 127.0.0.1, and the life of them over one file. The project's
// database emulator with a firebase-admin app on it, firebase-tools' Auth emulator as
// `firebase emulators:start` runs it, and the EmailJS stand-in checking the private key.
// billing.testing.ts adds the Stripe stand-in and serves the store's functions.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { start as startEmailJs, type RunningEmailJs } from '@leopard/emailjs-stand-in';
import { start as startDatabase } from '@leopard/rtdb-emulator';
import type { MailSettings } from './mail';

/** What a test file starts once and empties before each test. */
export interface Started {
  reset(): Promise<void> | void;
  close(): Promise<void>;
}

/** A test file's services: `start` runs in beforeAll, `reset` before each test, `close` in
 *  afterAll. The object is filled in by beforeAll: read its fields inside tests and hooks.
 *  Starting firebase-tools or syncing the Stripe catalogue takes seconds, more on a busy machine;
 *  hence the hooks' time. */
export function useForFile<T extends Started>(start: () => Promise<T>): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  }, 120_000);
  afterAll(async () => {
    await started.close?.();
  }, 30_000);
  beforeEach(async () => {
    await started.reset();
  }, 30_000);
  return started;
}

export interface DatabaseApp extends Started {
  /** firebase-admin's app, and its database on the emulator (project and namespace `demo-<name>`). */
  app: App;
  database: Database;
  /** The emulator's address. */
  url: string;
}

/** The project's database emulator and a firebase-admin app on it; `reset` empties the database. */
export async function startDatabaseApp(name: string): Promise<DatabaseApp> {
  const emulator = await startDatabase({ port: 0, quiet: true });
  const app = initializeApp({ projectId: `demo-${name}`, databaseURL: `${emulator.url}?ns=demo-${name}` }, `${name}-${Date.now()}`);
  const database = getDatabase(app);
  return {
    app,
    database,
    url: emulator.url,
    async reset() {
      await database.ref().set(null);
    },
    async close() {
      await deleteApp(app);
      await emulator.stop();
    },
  };
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

/** Calls the Auth emulator's REST API as the web SDK does (`accounts:signUp`, …). */
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

export interface MailStandIn extends Started {
  emailjs: RunningEmailJs;
  /** The functions' mail settings for the stand-in, with its private key. */
  mail: MailSettings;
}

/** The EmailJS stand-in, accepting only `privateKey`, and the settings that send through it with
 *  every link built from `siteUrl`. */
export async function startMailStandIn(
  privateKey: string,
  siteUrl: string,
  options: { requirePrivateKey?: boolean } = {},
): Promise<MailStandIn> {
  const emailjs = await startEmailJs({ port: 0, quiet: true, privateKey, ...options });
  const mail: MailSettings = {
    privateKey,
    publicKey: 'test-public-key',
    serviceId: 'test-service',
    templateId: 'test-template',
    apiUrl: emailjs.url,
    siteUrl,
  };
  return { emailjs, mail, reset: () => emailjs.reset(), close: () => emailjs.stop() };
}
