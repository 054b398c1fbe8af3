// For the tests only (nothing in index.ts imports it): firebase-tools' Auth emulator as
// `firebase emulators:start` runs it, and its REST API as the web SDK calls it. Free of Vitest's
// runtime, so the suite's global setup (functions/global-setup.ts) can start one too.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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

/** The project of the one Auth emulator that the suite's global setup starts for every test file
 *  that makes accounts (functions/global-setup.ts). */
export const SHARED_AUTH_PROJECT = 'demo-accounts';
