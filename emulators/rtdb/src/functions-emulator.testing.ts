/**
 * firebase-tools' Functions emulator (`firebase emulators:start --only functions`) running a
 * functions project against this repository's database emulator, on free ports, for the trigger
 * tests and the benchmark. firebase-tools reads ports only from a config file, so a config naming
 * the project's functions folder is written under node_modules/.cache for every start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcessGroup } from '@leopard/emulator-http';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The fixture project with v1 and v2 database triggers (emulators/rtdb/test-fixtures). */
export const TRIGGER_FIXTURE_FUNCTIONS = fileURLToPath(new URL('../test-fixtures/functions-project/functions', import.meta.url));

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface FunctionsEmulator {
  /** "127.0.0.1:<port>" */
  host: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export interface FunctionsEmulatorOptions {
  /** The functions folder (default: the trigger fixture). */
  functionsDir?: string;
  project: string;
  /** The database emulator, "host:port": the functions' Admin SDK writes there. */
  databaseHost: string;
  /** The namespace of the functions' database (their v1 `ref()` triggers and `admin.database()`). */
  databaseNamespace: string;
  timeoutMs?: number;
}

export async function startFunctionsEmulator(o: FunctionsEmulatorOptions): Promise<FunctionsEmulator> {
  const [functions, hub, logging, eventarc, tasks] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const dir = join(root, 'node_modules', '.cache', 'rtdb-emulator-functions', `${process.pid}-${functions}`);
  mkdirSync(dir, { recursive: true });
  const config = {
    functions: { source: relative(dir, o.functionsDir ?? TRIGGER_FIXTURE_FUNCTIONS) },
    emulators: {
      functions: { host: '127.0.0.1', port: functions },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      eventarc: { host: '127.0.0.1', port: eventarc },
      tasks: { host: '127.0.0.1', port: tasks },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const file = join(dir, 'firebase.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  const child = spawn(
    join(root, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'functions', '--project', o.project, '--config', file],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: {
        ...process.env,
        FIREBASE_DATABASE_EMULATOR_HOST: o.databaseHost,
        // For demo projects firebase-tools builds the functions' databaseURL from this.
        DATABASE_URL: `https://${o.databaseNamespace}.firebaseio.com`,
        GCLOUD_PROJECT: o.project,
      },
    },
  );
  // firebase-tools and its function workers share this process group: never leave them behind,
  // even when this process ends without calling stop().
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', killGroup);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const host = `127.0.0.1:${functions}`;
  const stop = async () => {
    await stopProcessGroup(child);
    process.off('exit', killGroup);
    // Function workers outlive firebase-tools' own shutdown at times.
    killGroup();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (o.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`firebase emulators:start exited with ${child.exitCode}:\n${out}`);
    if (/All emulators ready/.test(out)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Functions emulator was not ready in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { host, child, output: () => out, stop };
}
