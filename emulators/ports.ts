/**
 * The one place the local stack's ports live. Every address the stack, the browser build, the
 * functions' settings and the tests use is derived here from the base ports plus an offset, so a
 * second stack (`npm start -- --port-offset 100`, the e2e suite's own) moves as a whole and can
 * never be half-moved: a stale SITE_ORIGINS used to break checkout without a word.
 */

export const HOST = '127.0.0.1';
/** "demo-" projects are what the Firebase emulators accept without an account. */
export const PROJECT_ID = 'demo-leopard';
export const DATABASE_NAMESPACE = `${PROJECT_ID}-default-rtdb`;

/**
 * The ports at offset 0. The public ones are the familiar defaults (Vite's, firebase-tools');
 * firebase-tools' internal ones (hub, logging, eventarc, tasks) are moved off their defaults
 * (4500, 9299, 9499) because those lie exactly 100 or 200 from another base port, so stacks
 * 100 or 200 apart would have collided. As placed, two stacks whose offsets differ by any
 * multiple of 100 up to 900 share no port (ports.test.ts checks it).
 */
export const BASE_PORTS = {
  database: 9000,
  auth: 9099,
  functions: 5001,
  hub: 4400,
  logging: 4410,
  eventarc: 9290,
  tasks: 9480,
  dev: 5173,
  preview: 4173,
  emailjs: 12112,
  stripe: 12111,
} as const;

export type PortName = keyof typeof BASE_PORTS;
export type Ports = { readonly [name in PortName]: number };

/** The e2e suite's own stack, so `npm test` runs while `npm start` (offset 0) does. */
export const E2E_PORT_OFFSET = 500;

/** Carries the offset to the processes a stack is made of (Vite, Playwright's workers), which
 *  cannot be handed an argument. */
export const PORT_OFFSET_VARIABLE = 'LEOPARD_PORT_OFFSET';

export interface LocalStack {
  offset: number;
  ports: Ports;
  /** What the SDKs take as databaseURL: the emulator, with our namespace. */
  databaseUrl: string;
  /** host:port, the form of FIREBASE_DATABASE_EMULATOR_HOST and connectDatabaseEmulator. */
  databaseHost: string;
  authUrl: string;
  authHost: string;
  /** The HTTPS functions' base, as the browser and the Stripe webhook call them. */
  functionsUrl: string;
  emailjsUrl: string;
  stripeUrl: string;
  /** Where the Stripe stand-in delivers its signed events: the stripeWebhook function. */
  stripeWebhookUrl: string;
  /** The website, served by the Vite dev server (`npm start`) or `vite preview` (the e2e suite). */
  siteUrls: { dev: string; preview: string };
  /** Every origin the site may be opened at; the functions admit exactly these (SITE_ORIGINS). */
  siteOrigins: string[];
}

const MIN_PORT = 1024;
const MAX_PORT = 65535;

/** Every address of the stack shifted by `offset`; refuses an offset that leaves the usable ports. */
export function localStack(offset = 0): LocalStack {
  if (!Number.isInteger(offset)) throw new RangeError(`The port offset must be a whole number (got ${offset})`);
  const ports = Object.fromEntries(Object.entries(BASE_PORTS).map(([service, port]) => [service, port + offset])) as Ports;
  const outside = Object.entries(ports).find(([, port]) => port < MIN_PORT || port > MAX_PORT);
  if (outside) {
    const lowest = MIN_PORT - Math.min(...Object.values(BASE_PORTS));
    const highest = MAX_PORT - Math.max(...Object.values(BASE_PORTS));
    throw new RangeError(`Port offset ${offset} puts the ${outside[0]} on port ${outside[1]}; use an offset from ${lowest} to ${highest}`);
  }
  const url = (port: number) => `http://${HOST}:${port}`;
  const functionsUrl = `${url(ports.functions)}/${PROJECT_ID}/us-central1`;
  const sitePorts = [ports.preview, ports.dev];
  return {
    offset,
    ports,
    databaseUrl: `${url(ports.database)}?ns=${DATABASE_NAMESPACE}`,
    databaseHost: `${HOST}:${ports.database}`,
    authUrl: url(ports.auth),
    authHost: `${HOST}:${ports.auth}`,
    functionsUrl,
    emailjsUrl: url(ports.emailjs),
    stripeUrl: url(ports.stripe),
    stripeWebhookUrl: `${functionsUrl}/stripeWebhook`,
    siteUrls: { dev: url(ports.dev), preview: url(ports.preview) },
    // A browser may be pointed at localhost as well as 127.0.0.1; both are the same site here.
    siteOrigins: sitePorts.flatMap((port) => [url(port), `http://localhost:${port}`]),
  };
}

/** "100" → 100; anything but a whole number is refused, naming `what` was given it. */
export function parsePortOffset(text: string, what: string): number {
  if (!/^\s*-?\d+\s*$/.test(text)) throw new RangeError(`${what} must be a whole number (got "${text}")`);
  return Number(text);
}

/** The offset `LEOPARD_PORT_OFFSET` names, or `fallback` when it is unset or empty. */
export function portOffsetFrom(env: Record<string, string | undefined>, fallback: number): number {
  const value = env[PORT_OFFSET_VARIABLE];
  return value?.trim() ? parsePortOffset(value, PORT_OFFSET_VARIABLE) : fallback;
}

/** The ports two stacks would both listen on (empty when they can run side by side). */
export function sharedPorts(a: LocalStack, b: LocalStack): { port: number; services: [PortName, PortName] }[] {
  const shared: { port: number; services: [PortName, PortName] }[] = [];
  for (const [serviceA, portA] of Object.entries(a.ports) as [PortName, number][]) {
    for (const [serviceB, portB] of Object.entries(b.ports) as [PortName, number][]) {
      if (portA === portB) shared.push({ port: portA, services: [serviceA, serviceB] });
    }
  }
  return shared;
}

/** The browser build's project and addresses of the stack (`import.meta.env`); the rest of its
 *  settings, which no offset changes, stay in .env.emulators. */
export function viteEnv(stack: LocalStack): Record<string, string> {
  return {
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_DATABASE_URL: stack.databaseUrl,
    VITE_DATABASE_EMULATOR_HOST: stack.databaseHost,
    VITE_AUTH_EMULATOR_URL: stack.authUrl,
    VITE_FUNCTIONS_URL: stack.functionsUrl,
  };
}

/** What the browser of an emulators build connects to: the database (HTTP long-polling and its
 *  WebSocket), Auth and Functions. The Stripe stand-in is only navigated to (location.assign),
 *  which CSP does not govern; the EmailJS stand-in only hears from the functions
 *  (docs/decisions/0111-submissions-through-the-server.md). */
export function browserConnectSources(stack: LocalStack): string[] {
  return [`http://${stack.databaseHost}`, `ws://${stack.databaseHost}`, stack.authUrl, `http://${HOST}:${stack.ports.functions}`];
}

/** Which of the stack's sites the links in its mails open: the one it serves. */
export type SiteServer = keyof LocalStack['siteUrls'];

/** The functions' settings under the Functions emulator (their `.env.<project>`): the site they
 *  answer and send buyers back to, the address their mails link to (the site this stack serves),
 *  and the Stripe and EmailJS stand-ins they call. */
export function functionsEnv(stack: LocalStack, site: SiteServer = 'dev'): Record<string, string> {
  return {
    SITE_ORIGINS: stack.siteOrigins.join(','),
    SITE_URL: stack.siteUrls[site],
    STRIPE_API_BASE_URL: stack.stripeUrl,
    EMAILJS_API_URL: stack.emailjsUrl,
  };
}

/** firebase.json's `emulators` section for this stack (firebase-tools runs Auth and Functions;
 *  the database port is there for the official emulator, on a machine that can run it). */
export function firebaseEmulators(stack: LocalStack) {
  const at = (port: number) => ({ host: HOST, port });
  const { ports } = stack;
  return {
    auth: at(ports.auth),
    database: at(ports.database),
    functions: at(ports.functions),
    hub: at(ports.hub),
    logging: at(ports.logging),
    eventarc: at(ports.eventarc),
    tasks: at(ports.tasks),
    ui: { enabled: false },
    singleProjectMode: true,
  };
}
