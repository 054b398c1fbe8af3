/**
 * The whole local stack on one machine, with no account and no network: the project's Realtime
 * Database emulator (in this process), firebase-tools' Auth and Functions emulators, demo data,
 * and the website (Vite dev server or a preview of the build). Used by `npm start` and by the
 * end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { start as startDatabase } from './rtdb/src/index.ts';
import { start as startEmailJs } from './emailjs/server.ts';
import { start as startStripe } from './stripe/server.ts';
import {
  DATABASE_NAMESPACE,
  DATABASE_URL,
  EMAILJS_URL,
  FUNCTIONS_URL,
  HOST,
  PORTS,
  PROJECT_ID,
  STRIPE_SECRET_KEY,
  STRIPE_URL,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_WEBHOOK_URL,
  firebaseEmulators,
} from './local-config.ts';
import { seedDemoData } from './seed.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export type WebMode = 'dev' | 'preview' | 'none';

export interface Service {
  name: string;
  url: string;
  note?: string;
}

export interface Stack {
  services: Service[];
  stop(): Promise<void>;
}

export class PortInUseError extends Error {}

/** Every port the stack listens on, with what it is for (for a clear message when one is taken). */
function portsToCheck(web: WebMode): [number, string][] {
  const firebasePorts = Object.entries(firebaseEmulators)
    .filter(([name, entry]) => name !== 'database' && typeof entry === 'object' && entry.port)
    .map(([name, entry]) => [(entry as { port: number }).port, `firebase-tools ${name} emulator`] as [number, string]);
  const webPort: [number, string][] =
    web === 'dev' ? [[PORTS.dev, 'Vite dev server']] : web === 'preview' ? [[PORTS.preview, 'Vite preview server']] : [];
  return [[PORTS.database, 'Realtime Database emulator'], [PORTS.emailjs, 'EmailJS stand-in'], [PORTS.stripe, 'Stripe stand-in'], ...firebasePorts, ...webPort];
}

function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new PortInUseError(`Port ${port} (${what}) is already in use. Stop whatever is using it — another \`npm start\` or test run? — and try again.`)),
    );
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

async function waitForHttp(url: string, what: string, child: ChildProcess | null, output: string[], timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${what} exited (code ${child.exitCode}) before it was ready:\n${output.slice(-30).join('\n')}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${output.slice(-30).join('\n')}`);
}

/** Starts a child in its own process group (so its own children stop with it), keeping its output. */
function spawnService(command: string, args: string[], env: NodeJS.ProcessEnv, verbose: boolean, label: string) {
  const output: string[] = [];
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      if (verbose) console.log(`[${label}] ${line}`);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return { child, output };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

export interface StackOptions {
  web: WebMode;
  /** Print every line the child services log. */
  verbose?: boolean;
  /** Called as each step completes, for progress output. */
  onProgress?: (message: string) => void;
}

/** KEY=value lines of a dotenv file; surrounding quotes are dropped, nothing is expanded. */
function readDotenv(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).trim().replace(/^(["'])(.*)\1$/, '$2')]),
  );
}

/** The functions read their Stripe settings from these files; they must name the stand-in and the
 *  credentials it accepts, or checkout fails later with a far less clear error. */
function assertFunctionsEnvMatches() {
  const files: [string, Record<string, string>][] = [
    ['functions/.secret.local', { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET }],
    [`functions/.env.${PROJECT_ID}`, { STRIPE_API_BASE_URL: STRIPE_URL }],
  ];
  for (const [file, expected] of files) {
    if (!existsSync(`${root}/${file}`)) continue;
    const env = readDotenv(`${root}/${file}`);
    for (const [key, value] of Object.entries(expected)) {
      if (env[key] !== value) {
        throw new Error(`${file} has ${key}=${env[key] ?? '(missing)'}, but the local Stripe stand-in expects ${value} (emulators/local-config.ts)`);
      }
    }
  }
}

/** The browser build reads its emulator addresses from .env.emulators; they must match ours. */
function assertEnvMatches() {
  const env = readDotenv(`${root}/.env.emulators`);
  const expected: Record<string, string> = {
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_DATABASE_URL: DATABASE_URL,
    VITE_DATABASE_EMULATOR_HOST: `${HOST}:${PORTS.database}`,
    VITE_AUTH_EMULATOR_URL: `http://${HOST}:${PORTS.auth}`,
    VITE_FUNCTIONS_URL: FUNCTIONS_URL,
    VITE_EMAILJS_ORIGIN: EMAILJS_URL,
  };
  for (const [key, value] of Object.entries(expected)) {
    if (env[key] !== value) throw new Error(`.env.emulators has ${key}=${env[key] ?? '(missing)'}, but the stack serves ${value}`);
  }
  assertFunctionsEnvMatches();
}

export async function startStack({ web, verbose = false, onProgress = () => {} }: StackOptions): Promise<Stack> {
  assertEnvMatches();
  for (const [port, what] of portsToCheck(web)) await assertPortFree(port, what);

  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => {});
    stoppers.length = 0;
  };

  try {
    const database = await startDatabase({ port: PORTS.database, host: HOST, quiet: !verbose });
    stoppers.push(() => database.stop());
    const rules = await fetch(`${database.url}/.settings/rules.json?ns=${DATABASE_NAMESPACE}`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: readFileSync(`${root}/database.rules.json`, 'utf8'),
    });
    if (!rules.ok) throw new Error(`database.rules.json was rejected: ${await rules.text()}`);
    onProgress('Realtime Database emulator ready, rules loaded');

    const emailjs = await startEmailJs({ port: PORTS.emailjs, host: HOST, quiet: !verbose });
    stoppers.push(() => emailjs.stop());
    onProgress('EmailJS stand-in ready');

    // Before the functions start, so their first Stripe call finds it listening.
    const stripe = await startStripe({
      port: PORTS.stripe,
      host: HOST,
      quiet: !verbose,
      secretKey: STRIPE_SECRET_KEY,
      webhookUrl: STRIPE_WEBHOOK_URL,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
    });
    stoppers.push(() => stripe.stop());
    onProgress('Stripe stand-in ready');

    const build = spawnService('npm', ['run', 'build', '--silent', '-w', 'functions'], {}, verbose, 'functions build');
    await new Promise<void>((resolve, reject) =>
      build.child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Building functions/ failed:\n${build.output.join('\n')}`)))),
    );

    const firebase = spawnService(
      'npx',
      ['firebase', 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID],
      {
        FIREBASE_DATABASE_EMULATOR_HOST: `${HOST}:${PORTS.database}`,
        // For demo projects firebase-tools builds the functions' databaseURL from this; without it
        // the Admin SDK would write to namespace "demo-leopard" instead of ours.
        DATABASE_URL: `https://${DATABASE_NAMESPACE}.firebaseio.com`,
      },
      verbose,
      'firebase',
    );
    stoppers.push(() => stopChild(firebase.child));
    await waitForHttp(`http://${HOST}:${PORTS.auth}/`, 'The Auth emulator', firebase.child, firebase.output);
    await waitForHttp(`${FUNCTIONS_URL}/health`, 'The Functions emulator', firebase.child, firebase.output);
    onProgress('Auth and Functions emulators ready');

    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${HOST}:${PORTS.auth}`;
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${HOST}:${PORTS.database}`;
    const { seeded } = await seedDemoData(PROJECT_ID, DATABASE_URL);
    onProgress(seeded ? 'Demo data written' : 'Database not empty: demo data left as it was');

    const services: Service[] = [];
    if (web !== 'none') {
      const port = web === 'dev' ? PORTS.dev : PORTS.preview;
      const args =
        web === 'dev'
          ? ['vite', '--mode', 'emulators', '--host', HOST, '--port', String(port), '--strictPort']
          : ['vite', 'preview', '--host', HOST, '--port', String(port), '--strictPort'];
      const site = spawnService('npx', args, {}, verbose, 'web');
      stoppers.push(() => stopChild(site.child));
      await waitForHttp(`http://${HOST}:${port}/`, 'The website', site.child, site.output);
      services.push({ name: 'Website', url: `http://${HOST}:${port}` });
    }
    services.push(
      { name: 'Realtime Database emulator', url: database.url, note: `namespace ${DATABASE_NAMESPACE}` },
      { name: 'Auth emulator', url: `http://${HOST}:${PORTS.auth}` },
      { name: 'Functions emulator', url: FUNCTIONS_URL },
      { name: 'EmailJS stand-in', url: emailjs.url, note: `received mail at ${emailjs.url}/__received` },
      { name: 'Stripe stand-in', url: stripe.url, note: 'test checkout; card payments are simulated' },
    );
    return { services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
