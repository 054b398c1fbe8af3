/**
 * The whole local stack on one machine, with no account and no network: the project's Realtime
 * Database emulator (in this process), firebase-tools' Auth and Functions emulators, demo data,
 * and the website (Vite dev server or a preview of the build). Used by `npm start` and by the
 * end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { start as startEmailJs } from '@leopard/emailjs-stand-in';
import { start as startDatabase } from '@leopard/rtdb-emulator';
import { stopProcessGroup } from '@leopard/emulator-http';
import { start as startStripe } from '@leopard/stripe-stand-in';
import { enableEmailPrivacy } from './auth-email-privacy';
import { warmHttpsFunctions } from './functions-warm-up';
import { EMAILJS_PRIVATE_KEY, MAIL_LINK_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './local-config';
import {
  DATABASE_NAMESPACE,
  HOST,
  PORT_OFFSET_VARIABLE,
  PROJECT_ID,
  browserConnectSources,
  localStack,
  type LocalStack,
  type PortName,
  type SiteServer,
} from './ports';
import { catalogueStripeClient, syncStripeCatalog } from './stripe-catalog-sync';
import { seedDemoData } from './seed';
import { paths } from '../src/config/paths';
import { LOCAL_ORIGINS_RECORD, emulatorsBuildFolder, writeFirebaseFiles } from './stack-files';

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

const SERVICE_NAMES: Record<Exclude<PortName, 'dev' | 'preview'>, string> = {
  database: 'Realtime Database emulator',
  emailjs: 'EmailJS stand-in',
  stripe: 'Stripe stand-in',
  auth: 'firebase-tools auth emulator',
  functions: 'firebase-tools functions emulator',
  hub: 'firebase-tools emulator hub',
  logging: 'firebase-tools logging emulator',
  eventarc: 'firebase-tools eventarc emulator',
  tasks: 'firebase-tools tasks emulator',
};

/** Every port the stack listens on, with what it is for (for a clear message when one is taken). */
function portsToCheck(stack: LocalStack, web: WebMode): [number, string][] {
  const services = Object.entries(SERVICE_NAMES).map(([service, what]) => [stack.ports[service as PortName], what] as [number, string]);
  const webPort: [number, string][] =
    web === 'dev' ? [[stack.ports.dev, 'Vite dev server']] : web === 'preview' ? [[stack.ports.preview, 'Vite preview server']] : [];
  return [...services, ...webPort];
}

function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new PortInUseError(
          `Port ${port} (${what}) is already in use. Stop whatever is using it — another \`npm start\` or test run? — or move this stack with --port-offset.`,
        ),
      ),
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

export interface StackOptions {
  web: WebMode;
  /** Added to every base port of emulators/ports.ts (default 0). */
  portOffset?: number;
  /** What `web: 'preview'` serves; default this stack's emulators build (`emulatorsBuildFolder`, stack-files.ts). */
  previewDir?: string;
  /** With `web: 'preview'`: build the site into `previewDir` while the services start. Starting
   *  firebase-tools leaves one of two cores mostly idle for about 15 s, and the build fills it. */
  buildPreview?: boolean;
  /** Print every line the child services log. */
  verbose?: boolean;
  /** How long after the hosted checkout's Pay the Stripe stand-in delivers its events (ms;
   *  default 0: Pay waits for them), to see the site while the webhook has not been heard yet. */
  stripeWebhookDelayMs?: number;
  /** Start a worker of every HTTPS function before the stack is ready, so that no first call waits
   *  for one (emulators/functions-warm-up.ts): the e2e suite's, whose tests start all at once. */
  warmFunctions?: boolean;
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
      .map((line) => [
        line.slice(0, line.indexOf('=')),
        line
          .slice(line.indexOf('=') + 1)
          .trim()
          .replace(/^(["'])(.*)\1$/, '$2'),
      ]),
  );
}

/** The functions read their Stripe keys and EmailJS private key from this file; they must be the
 *  ones the stand-ins accept, or checkout and mail fail later with a far less clear error. */
function assertFunctionsSecretsMatch() {
  const file = 'functions/.secret.local';
  if (!existsSync(`${root}/${file}`)) return;
  const env = readDotenv(`${root}/${file}`);
  const expected = { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, EMAILJS_PRIVATE_KEY, MAIL_LINK_SECRET };
  for (const [key, value] of Object.entries(expected)) {
    if (env[key] !== value) {
      const standIn = key.startsWith('EMAILJS') ? 'EmailJS' : 'Stripe';
      throw new Error(
        `${file} has ${key}=${env[key] ?? '(missing)'}, but the local ${standIn} stand-in expects ${value} (emulators/local-config.ts)`,
      );
    }
  }
}

/** A build holds its stack's addresses, which scripts/hosting-preview.ts records beside it. */
function assertBuiltFor(stack: LocalStack, directory: string) {
  const record = join(directory, LOCAL_ORIGINS_RECORD);
  const builtFor = existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as string[]) : null;
  if (JSON.stringify(builtFor) === JSON.stringify(browserConnectSources(stack))) return;
  throw new Error(
    `${relative(root, directory)} was ${builtFor ? `built for another stack (its database at ${builtFor[0]})` : 'not built in emulators mode'}, ` +
      `not for this one (offset ${stack.offset}, database at ${browserConnectSources(stack)[0]}): ` +
      `build it with \`${PORT_OFFSET_VARIABLE}=${stack.offset} npx vite build --mode emulators\`.`,
  );
}

type Stoppers = (() => Promise<void>)[];

/** The project's database emulator, in this process, with database.rules.json loaded. */
async function startDatabaseWithRules(stack: LocalStack, verbose: boolean, stoppers: Stoppers) {
  // The project makes firebase.json-less discovery of the functions' database triggers name their
  // routes; the triggers are connected once the Functions emulator is up (startStack).
  const database = await startDatabase({
    port: stack.ports.database,
    host: HOST,
    quiet: !verbose,
    allowedOrigins: stack.siteOrigins,
    project: PROJECT_ID,
  });
  stoppers.push(() => database.stop());
  const rules = await fetch(`${database.url}/.settings/rules.json?ns=${DATABASE_NAMESPACE}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: readFileSync(`${root}/database.rules.json`, 'utf8'),
  });
  if (!rules.ok) throw new Error(`database.rules.json was rejected: ${await rules.text()}`);
  return database;
}

/** The EmailJS and Stripe stand-ins, Stripe with the catalogue synced into it. */
async function startStandIns(
  stack: LocalStack,
  { verbose, stripeWebhookDelayMs, site }: { verbose: boolean; stripeWebhookDelayMs: number; site: SiteServer },
  stoppers: Stoppers,
  onProgress: (message: string) => void,
) {
  // Only the functions send mail, with the private key; a call without it is refused, as EmailJS
  // refuses it with "Use Private Key" on (docs/decisions/0111-submissions-through-the-server.md).
  const emailjs = await startEmailJs({
    port: stack.ports.emailjs,
    host: HOST,
    quiet: !verbose,
    privateKey: EMAILJS_PRIVATE_KEY,
    requirePrivateKey: true,
    allowedOrigins: stack.siteOrigins,
    // Firebase Auth mails its own links (verification, email change, password reset): listed at
    // /__received too, so every link the site sends is where a developer looks for mail.
    authOobCodesUrl: `${stack.authUrl}/emulator/v1/projects/${PROJECT_ID}/oobCodes`,
  });
  stoppers.push(() => emailjs.stop());
  onProgress('EmailJS stand-in ready');

  // Before the functions start, so their first Stripe call finds it listening.
  const stripe = await startStripe({
    port: stack.ports.stripe,
    host: HOST,
    quiet: !verbose,
    secretKey: STRIPE_SECRET_KEY,
    webhookUrl: stack.stripeWebhookUrl,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    allowedOrigins: stack.siteOrigins,
    webhookDelayMs: stripeWebhookDelayMs,
    // Set as the deployer sets it in Stripe's Dashboard (README "Deploying"): without it Stripe,
    // and so the stand-in, refuses the Terms consent every checkout asks for.
    termsOfServiceUrl: new URL(paths.termsOfService, stack.siteUrls[site]).href,
  });
  stoppers.push(() => stripe.stop());
  onProgress('Stripe stand-in ready');
  // The catalogue's Products, Prices and portal configuration, and the demo promotion code, as
  // `npm run stripe:sync -- --seed-demo` makes them (docs/decisions/0113-catalogue-as-stripe-prices.md).
  await syncStripeCatalog(catalogueStripeClient(STRIPE_SECRET_KEY, stripe.url), { seedDemo: true });
  onProgress('Stripe catalogue synced');
  return { emailjs, stripe };
}

/** Runs a build step to its end; its output is in the error when it fails. */
async function runBuild(command: string, args: string[], env: NodeJS.ProcessEnv, verbose: boolean, what: string): Promise<void> {
  const build = spawnService(command, args, env, verbose, what);
  await new Promise<void>((resolve, reject) =>
    build.child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed:\n${build.output.join('\n')}`)))),
  );
}

const buildFunctions = (verbose: boolean) =>
  runBuild('npm', ['run', 'build', '--silent', '-w', 'functions'], {}, verbose, 'Building functions/');

/** `vite build --mode emulators` for this stack's addresses, into `outDir`. */
const buildSiteForStack = (offset: number, outDir: string, verbose: boolean) =>
  runBuild(
    'npx',
    ['vite', 'build', '--mode', 'emulators', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { [PORT_OFFSET_VARIABLE]: String(offset) },
    verbose,
    'Building the site',
  );

/** firebase-tools' Auth and Functions emulators, in a child process, once both answer. */
async function startFirebaseEmulators(stack: LocalStack, web: WebMode, verbose: boolean, stoppers: Stoppers): Promise<void> {
  const firebase = spawnService(
    'npx',
    [
      'firebase',
      'emulators:start',
      '--only',
      'auth,functions',
      '--project',
      PROJECT_ID,
      '--config',
      writeFirebaseFiles(stack, web === 'preview' ? 'preview' : 'dev'),
    ],
    {
      FIREBASE_DATABASE_EMULATOR_HOST: stack.databaseHost,
      // For demo projects firebase-tools builds the functions' databaseURL from this; without it
      // the Admin SDK would write to namespace "demo-leopard" instead of ours.
      DATABASE_URL: `https://${DATABASE_NAMESPACE}.firebaseio.com`,
      // How long a functions worker may take to answer before firebase-tools gives up on it with
      // "Failed to load function." (30 s unless set); on two busy cores loading the functions
      // took longer (docs/decisions/0148-e2e-stack-ready-before-the-tests.md).
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    },
    verbose,
    'firebase',
  );
  stoppers.push(() => stopProcessGroup(firebase.child));
  await waitForHttp(`${stack.authUrl}/`, 'The Auth emulator', firebase.child, firebase.output);
  // As in every production project made since September 2023: no answer tells whether an address
  // has an account (docs/decisions/0118-email-change-by-verified-link.md).
  await enableEmailPrivacy(stack.authUrl, PROJECT_ID);
  await waitForHttp(`${stack.functionsUrl}/health`, 'The Functions emulator', firebase.child, firebase.output);
}

/** The Vite dev server or the preview of `previewDir`, once it answers. */
async function startWebsite(
  stack: LocalStack,
  web: Exclude<WebMode, 'none'>,
  previewDir: string,
  verbose: boolean,
  stoppers: Stoppers,
): Promise<Service> {
  const port = web === 'dev' ? stack.ports.dev : stack.ports.preview;
  const args =
    web === 'dev'
      ? ['vite', '--mode', 'emulators', '--host', HOST, '--port', String(port), '--strictPort']
      : ['vite', 'preview', '--host', HOST, '--port', String(port), '--strictPort', '--outDir', previewDir];
  // The dev server's plugin turns the offset into the browser's addresses (scripts/hosting-preview.ts).
  const site = spawnService('npx', args, { [PORT_OFFSET_VARIABLE]: String(stack.offset) }, verbose, 'web');
  stoppers.push(() => stopProcessGroup(site.child));
  await waitForHttp(`http://${HOST}:${port}/`, 'The website', site.child, site.output);
  return { name: 'Website', url: `http://${HOST}:${port}` };
}

/** The website, started as soon as there is something to serve: beside the services, since it
 *  needs none of them to start. */
function startWebsiteEarly(
  stack: LocalStack,
  { web, previewDir, buildPreview, verbose }: { web: WebMode; previewDir: string; buildPreview: boolean; verbose: boolean },
  stoppers: Stoppers,
): Promise<Service | undefined> {
  if (web === 'none') return Promise.resolve(undefined);
  const built = web === 'preview' && buildPreview ? buildSiteForStack(stack.offset, previewDir, verbose) : Promise.resolve();
  const website = built.then(() => {
    if (web === 'preview') assertBuiltFor(stack, previewDir);
    return startWebsite(stack, web, previewDir, verbose, stoppers);
  });
  // Awaited once the services are up; until then a failure must not go unhandled.
  website.catch(() => {});
  return website;
}

export async function startStack({
  web,
  portOffset = 0,
  previewDir = emulatorsBuildFolder(portOffset),
  buildPreview = false,
  verbose = false,
  stripeWebhookDelayMs = 0,
  warmFunctions = false,
  onProgress = () => {},
}: StackOptions): Promise<Stack> {
  const stack = localStack(portOffset);
  assertFunctionsSecretsMatch();
  if (web === 'preview' && !buildPreview) assertBuiltFor(stack, previewDir);
  for (const [port, what] of portsToCheck(stack, web)) await assertPortFree(port, what);

  const stoppers: Stoppers = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => {});
    stoppers.length = 0;
  };

  const website = startWebsiteEarly(stack, { web, previewDir, buildPreview, verbose }, stoppers);
  try {
    // Each service answers pages of the site's origins only (stack.siteOrigins): another page open
    // in the same browser must not read customers' data or wipe it
    // (emulators/rtdb/docs/protocol.md#browser-origins).
    const database = await startDatabaseWithRules(stack, verbose, stoppers);
    onProgress('Realtime Database emulator ready, rules loaded');
    const { emailjs, stripe } = await startStandIns(
      stack,
      { verbose, stripeWebhookDelayMs, site: web === 'preview' ? 'preview' : 'dev' },
      stoppers,
      onProgress,
    );
    await buildFunctions(verbose);
    await startFirebaseEmulators(stack, web, verbose, stoppers);
    onProgress('Auth and Functions emulators ready');

    // The Admin SDK of the seed (and of the e2e tests, which inherit this process's environment).
    process.env.FIREBASE_AUTH_EMULATOR_HOST = stack.authHost;
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = stack.databaseHost;
    // Database triggers (the console's counters) fire from here on, the demo data's writes included,
    // so what they keep starts right (docs/decisions/0112-staff-counters-by-trigger.md).
    await database.triggers?.connect(`${HOST}:${stack.ports.functions}`);
    const warming = warmFunctions ? warmHttpsFunctions(stack) : Promise.resolve(undefined);
    warming.catch(() => {}); // awaited below, after the seed
    const { seeded } = await seedDemoData(stack);
    await database.triggers?.settled();
    onProgress(seeded ? 'Demo data written' : 'Database not empty: demo data left as it was');
    const warmed = await warming;
    if (warmed) onProgress(`A worker started for each of the ${warmed.length} HTTPS functions`);

    const site = await website;
    const services: Service[] = site ? [site] : [];
    services.push(
      { name: 'Realtime Database emulator', url: database.url, note: `namespace ${DATABASE_NAMESPACE}` },
      { name: 'Auth emulator', url: stack.authUrl },
      { name: 'Functions emulator', url: stack.functionsUrl },
      { name: 'EmailJS stand-in', url: emailjs.url, note: `received mail and Auth's links at ${emailjs.url}/__received` },
      { name: 'Stripe stand-in', url: stripe.url, note: 'test checkout; card payments are simulated' },
    );
    return { services, stop };
  } catch (error) {
    // The website may still be starting: let it register its stopper first.
    await website.catch(() => {});
    await stop();
    throw error;
  }
}
