/**
 * What `npm run deploy:check` and the deploy path refuse (docs/decisions/0123-deploy-path-and-build-folders.md):
 * the demo project, a missing, empty or placeholder setting, a Content-Security-Policy whose
 * connect-src is not exactly the configured hosts (docs/decisions/0124-app-check.md), and a build
 * that holds a local or stand-in address, a demo key or the emulator flag. Pure functions of what
 * was read, so a test can give them any configuration; scripts/deploy-check.ts reads the files.
 */

import { configuredDatabaseRegion, regionOfDatabaseUrl } from '../src/config/database-region';

/** One refusal: what is wrong, and where to fix it. */
export interface Finding {
  cause: string;
  fix: string;
}

export type Env = Readonly<Record<string, string>>;

/** Settings of `.env.production` that a deploy needs. Each names why. */
export const REQUIRED_SITE_SETTINGS: Readonly<Record<string, string>> = {
  VITE_FIREBASE_API_KEY: 'the web app’s API key (Project settings → Your apps)',
  VITE_FIREBASE_AUTH_DOMAIN: 'the Auth domain, <project>.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'the project id, the one you deploy to',
  VITE_FIREBASE_DATABASE_URL: 'the Realtime Database URL',
  VITE_FIREBASE_APP_ID: 'the web app’s id (App Check registers the app by it)',
  VITE_SITE_URL: 'the published address, for canonical URLs, the sitemap and robots.txt',
  VITE_APP_CHECK_SITE_KEY: 'the reCAPTCHA Enterprise site key App Check uses',
  // Without these the build links to example.com placeholders (src/config/external-links.ts).
  VITE_ID_MANAGEMENT_URL: 'the sitemap’s Account link',
  VITE_EXTERNAL_SIGNUP_URL: 'the sitemap’s sign-up link',
  VITE_SCHEDULING_URL: '“Reserve a Specialist” on the dashboard',
  VITE_VMCRYSTALWARE_DEMO_URL: 'the VM.Crystalware case study’s demo button',
};

/** Optional settings: empty is fine, but a set value must be a real https address. */
export const OPTIONAL_SITE_URLS = ['VITE_FUNCTIONS_URL', 'VITE_SPACE_MANAGER_URL', 'VITE_TOKEN_SYNC_URL'] as const;

/** The files Vite's production mode reads its settings from, later ones winning. */
export const PRODUCTION_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'] as const;

/** Settings only the local stack may have. */
export const EMULATOR_ONLY_SETTINGS = ['VITE_USE_EMULATORS', 'VITE_AUTH_EMULATOR_URL', 'VITE_DATABASE_EMULATOR_HOST'] as const;

/** Placeholders of .env.example and of the code's defaults, and local addresses. */
const PLACEHOLDER = /(^|[./@-])example\.(com|org|net)\b|\.example\b|your-project|\bchangeme\b|\bTODO\b/i;
const LOCAL_ADDRESS = /\b(127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\])\b/i;

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value) || LOCAL_ADDRESS.test(value);
}

/** The Firebase project to deploy to: the demo project (and every demo-* id, which only the
 *  emulators accept) is refused. */
export function checkProject(projectId: string | null): Finding[] {
  if (!projectId) {
    return [
      { cause: 'No Firebase project is named.', fix: 'Pass --project <id>, or run `firebase use --add` to set .firebaserc’s default.' },
    ];
  }
  if (/^demo-/.test(projectId)) {
    return [
      {
        cause: `The project is "${projectId}", a demo project: only the local emulators have it.`,
        fix: 'Deploy with --project <your-project-id> (or `firebase use <id>`).',
      },
    ];
  }
  return [];
}

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** `.env.production`: null when the file does not exist. */
export function checkSiteSettings(env: Env | null, projectId: string | null): Finding[] {
  if (env === null) {
    return [{ cause: '.env.production does not exist.', fix: 'Copy .env.example to .env.production and fill it in (README: Deploying).' }];
  }
  const findings: Finding[] = [];
  for (const [key, why] of Object.entries(REQUIRED_SITE_SETTINGS)) {
    const value = env[key]?.trim() ?? '';
    if (!value) findings.push({ cause: `${key} is ${key in env ? 'empty' : 'missing'} in .env.production (${why}).`, fix: `Set ${key}.` });
    else if (isPlaceholder(value))
      findings.push({ cause: `${key} is a placeholder or local value: ${value}.`, fix: `Set ${key} to the real one (${why}).` });
  }
  for (const key of [
    'VITE_FIREBASE_DATABASE_URL',
    'VITE_SITE_URL',
    'VITE_ID_MANAGEMENT_URL',
    'VITE_EXTERNAL_SIGNUP_URL',
    'VITE_SCHEDULING_URL',
    'VITE_VMCRYSTALWARE_DEMO_URL',
    ...OPTIONAL_SITE_URLS,
  ]) {
    const value = env[key]?.trim();
    if (!value) continue;
    if (!httpsUrl(value)) findings.push({ cause: `${key} is not an https address: ${value}.`, fix: `Set ${key} to an https:// URL.` });
    else if (isPlaceholder(value) && !(key in REQUIRED_SITE_SETTINGS))
      findings.push({
        cause: `${key} is a placeholder or local value: ${value}.`,
        fix: `Set ${key} to the real address, or leave it empty.`,
      });
  }
  if (/^demo-/i.test(env.VITE_FIREBASE_API_KEY ?? '')) {
    findings.push({ cause: 'VITE_FIREBASE_API_KEY is a demo key.', fix: 'Copy the web app’s API key from the Firebase console.' });
  }
  const builtFor = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (projectId && builtFor && builtFor !== projectId && !isPlaceholder(builtFor)) {
    findings.push({
      cause: `.env.production is for project "${builtFor}", but the deploy goes to "${projectId}".`,
      fix: 'Deploy to the project the settings are for, or change them.',
    });
  }
  for (const key of EMULATOR_ONLY_SETTINGS) {
    if (env[key]?.trim())
      findings.push({ cause: `${key} is set in .env.production: it points the site at the local emulators.`, fix: `Remove ${key}.` });
  }
  if (env.VITE_APP_CHECK_DEBUG_TOKEN?.trim()) {
    findings.push({
      cause: `VITE_APP_CHECK_DEBUG_TOKEN is set for the production build (in ${PRODUCTION_ENV_FILES.join(', ')} or the environment): anyone who reads a debug token passes App Check.`,
      fix: 'Remove it from those files; keep a debug token in .env.development.local only.',
    });
  }
  return findings;
}

/** The functions' plain settings, functions/.env.<project> (null when missing). Secrets live in
 *  Secret Manager, which cannot be read offline: the runbook lists them. */
export function checkFunctionsSettings(functionsEnv: Env | null, env: Env | null, projectId: string | null): Finding[] {
  const file = `functions/.env.${projectId ?? '<project>'}`;
  if (functionsEnv === null) {
    return [{ cause: `${file} does not exist.`, fix: `Create it with SITE_ORIGINS=https://<your site> (README: Deploying).` }];
  }
  const findings: Finding[] = [];
  const origins = (functionsEnv.SITE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length === 0)
    findings.push({
      cause: `SITE_ORIGINS is missing or empty in ${file}.`,
      fix: 'Set SITE_ORIGINS to the site’s origins, comma-separated.',
    });
  for (const origin of origins) {
    const url = httpsUrl(origin);
    if (!url || url.origin !== origin)
      findings.push({
        cause: `SITE_ORIGINS has "${origin}", which is not an https origin.`,
        fix: 'List origins only: https://host, no path.',
      });
    else if (url.hostname.includes('*'))
      findings.push({
        cause: `SITE_ORIGINS has "${origin}": the functions compare origins whole, so a wildcard matches no page.`,
        fix: 'List each origin the site is opened at; leave preview channels out (README: Deploying, step 13).',
      });
    else if (isPlaceholder(origin))
      findings.push({ cause: `SITE_ORIGINS has a placeholder or local origin: ${origin}.`, fix: 'List the real origins of the site.' });
  }
  const site = httpsUrl(env?.VITE_SITE_URL?.trim() ?? '');
  if (site && origins.length > 0 && !origins.includes(site.origin)) {
    findings.push({
      cause: `SITE_ORIGINS does not include ${site.origin}, the site’s address (VITE_SITE_URL).`,
      fix: `Add ${site.origin} to SITE_ORIGINS.`,
    });
  }
  for (const key of ['SITE_URL', 'CONTACT_INBOX_EMAIL']) {
    const value = functionsEnv[key]?.trim();
    if (value && isPlaceholder(value))
      findings.push({
        cause: `${key} in ${file} is a placeholder or local value: ${value}.`,
        fix: `Set ${key} to the real one, or leave it empty.`,
      });
  }
  for (const key of ['STRIPE_API_BASE_URL', 'EMAILJS_API_URL']) {
    if (functionsEnv[key]?.trim())
      findings.push({ cause: `${key} is set in ${file}: it sends the functions to a stand-in.`, fix: `Remove ${key}.` });
  }
  if (functionsEnv.APP_CHECK_ENFORCED?.trim().toLowerCase() === 'false') {
    findings.push({
      cause: `APP_CHECK_ENFORCED=false in ${file}: the functions would accept calls without App Check.`,
      fix: 'Remove it (the default is true).',
    });
  }
  return findings;
}

/** The database trigger runs in DATABASE_REGION (functions/.env.<project>, default us-central1);
 *  it must be the region of VITE_FIREBASE_DATABASE_URL, or the trigger fails to deploy or never
 *  fires (src/config/database-region.ts). A URL of no known form is checkSiteSettings' to report. */
export function checkDatabaseRegion(functionsEnv: Env | null, env: Env | null, projectId: string | null): Finding[] {
  const databaseRegion = regionOfDatabaseUrl(env?.VITE_FIREBASE_DATABASE_URL?.trim() ?? '');
  if (!functionsEnv || !databaseRegion) return [];
  const triggerRegion = configuredDatabaseRegion(functionsEnv.DATABASE_REGION);
  if (triggerRegion === databaseRegion) return [];
  const file = `functions/.env.${projectId ?? '<project>'}`;
  return [
    {
      cause: `The database is in ${databaseRegion} (VITE_FIREBASE_DATABASE_URL), but its trigger staffCounters would run in ${triggerRegion}${functionsEnv.DATABASE_REGION?.trim() ? ` (DATABASE_REGION in ${file})` : ' (the default)'}: a trigger in another region than its database fails to deploy or never fires.`,
      fix: `Set DATABASE_REGION=${databaseRegion} in ${file}.`,
    },
  ];
}

/** Firebase's own hosts the browser code calls: Auth (sign-in, token refresh) and App Check's
 *  token exchange (docs/decisions/0124-app-check.md). */
const FIREBASE_API_HOSTS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://content-firebaseappcheck.googleapis.com',
];

/**
 * The connect-src the configured site needs, and nothing more: Firebase's APIs, the database (its
 * WebSocket; after the first handshake the SDK moves to the server the database names, which is on
 * the same domain, so the domain's servers and no other project's domain), the functions and the
 * optional token sync endpoint. Null when the settings it needs are missing.
 */
export function expectedConnectSources(env: Env): string[] | null {
  const database = httpsUrl(env.VITE_FIREBASE_DATABASE_URL?.trim() ?? '');
  const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim();
  const functionsUrl = env.VITE_FUNCTIONS_URL?.trim() || (projectId ? `https://us-central1-${projectId}.cloudfunctions.net` : '');
  const functions = httpsUrl(functionsUrl);
  if (!database || !functions) return null;
  // <ns>.firebaseio.com moves to s-<server>.firebaseio.com; <ns>.<region>.firebasedatabase.app to
  // a server of that region's domain.
  const serverDomain = database.hostname.endsWith('.firebaseio.com') ? 'firebaseio.com' : database.hostname.split('.').slice(1).join('.');
  const tokenSync = httpsUrl(env.VITE_TOKEN_SYNC_URL?.trim() ?? '');
  return [
    "'self'",
    ...FIREBASE_API_HOSTS,
    `wss://${database.host}`,
    `wss://*.${serverDomain}`,
    functions.origin,
    ...(tokenSync ? [tokenSync.origin] : []),
  ].filter((source, index, all) => all.indexOf(source) === index);
}

/** The connect-src of a policy, as its sources. */
export function connectSourcesOf(policy: string): string[] {
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src');
  return directive ? directive.slice(1) : [];
}

/** The policy with its connect-src replaced by `sources`. */
export function withConnectSrc(policy: string, sources: readonly string[]): string {
  return policy
    .split(';')
    .map((part) =>
      part.trim().split(/\s+/)[0] === 'connect-src' ? `${part.startsWith(' ') ? ' ' : ''}connect-src ${sources.join(' ')}` : part,
    )
    .join(';');
}

interface HostingHeaders {
  hosting?: { headers?: { source: string; headers: { key: string; value: string }[] }[] };
}

/** The site-wide Content-Security-Policy of firebase.json (`source: "**"`). */
export function hostingPolicy(firebaseJson: HostingHeaders): string | null {
  const all = firebaseJson.hosting?.headers?.find((rule) => rule.source === '**');
  return all?.headers.find((header) => header.key === 'Content-Security-Policy')?.value ?? null;
}

export function checkContentSecurityPolicy(firebaseJson: HostingHeaders, env: Env | null): Finding[] {
  const policy = hostingPolicy(firebaseJson);
  if (policy === null)
    return [{ cause: 'firebase.json has no site-wide Content-Security-Policy.', fix: 'Restore it from the repository.' }];
  const expected = env ? expectedConnectSources(env) : null;
  if (expected === null) return []; // the missing settings are already reported
  const actual = connectSourcesOf(policy);
  if (actual.join(' ') === expected.join(' ')) return [];
  return [
    {
      cause: `firebase.json's connect-src is not exactly the configured hosts: it has "${actual.join(' ')}", the settings need "${expected.join(' ')}".`,
      fix: 'Run `npm run deploy:check -- --write-csp` to write it, and commit firebase.json.',
    },
  ];
}

/** A built file's text and its path inside the build. */
export interface BuiltFile {
  path: string;
  text: string;
}

/** What no production build may hold: the local stack's and the stand-ins' addresses, the demo
 *  project and key, and the emulator flag. */
const FORBIDDEN_IN_BUILD: readonly [RegExp, string][] = [
  // With a port: the stack's services all have one, while React and the Firebase SDK mention a
  // bare http://localhost in their own checks.
  [/\b(https?|wss?):\/\/(127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\]):\d+/, 'a local address'],
  [/sk_test_local_leopard|demo-public-key|whsec_local/, 'a stand-in key'],
  [/\bdemo-api-key\b/, 'the demo API key'],
  [/\bdemo-leopard\b/, 'the demo project'],
  // The flag set, as Vite writes import.meta.env into a build; the name alone is only the code
  // that reads it.
  [/VITE_USE_EMULATORS["'`]?\s*:\s*["'`]true["'`]/, 'the emulator flag'],
];

/** The build in the folder Hosting serves: null when there is none. `apiKey` is .env.production's,
 *  which a build made from it carries. */
export function checkBuild(files: readonly BuiltFile[] | null, env: Env | null, folder: string): Finding[] {
  if (files === null || files.length === 0) {
    return [{ cause: `${folder}/ holds no build.`, fix: 'Run `npm run deploy:build` (`npm run deploy` does it first).' }];
  }
  const findings: Finding[] = [];
  if (files.some((file) => file.path === '.vite/local-origins.json')) {
    findings.push({
      cause: `${folder}/ holds an emulators build (it records the local stack’s origins).`,
      fix: 'Run `npm run deploy:build`.',
    });
  }
  for (const file of files) {
    // Source maps are not uploaded (hosting.ignore) and .vite/ neither (`**/.*`).
    if (file.path.endsWith('.map') || file.path.startsWith('.vite/')) continue;
    for (const [pattern, what] of FORBIDDEN_IN_BUILD) {
      const match = pattern.exec(file.text);
      if (match)
        findings.push({
          cause: `${folder}/${file.path} holds ${what} (“${match[0]}”).`,
          fix: 'Run `npm run deploy:build`, which builds from .env.production.',
        });
    }
  }
  const linking = files.filter((file) => /\.m?js$/.test(file.path) && /\/\/# sourceMappingURL=/.test(file.text));
  if (linking.length > 0) {
    findings.push({
      cause: `${linking.length === 1 ? `${folder}/${linking[0]!.path} links` : `${linking.length} scripts in ${folder}/ link`} a source map.`,
      fix: 'Build with `npm run deploy:build` (hidden source maps, kept off Hosting).',
    });
  }
  const debugToken = env?.VITE_APP_CHECK_DEBUG_TOKEN?.trim();
  const carrying = debugToken ? files.find((file) => !file.path.endsWith('.map') && file.text.includes(debugToken)) : undefined;
  if (carrying)
    findings.push({
      cause: `${folder}/${carrying.path} holds the App Check debug token.`,
      fix: 'Remove VITE_APP_CHECK_DEBUG_TOKEN from the production settings and run `npm run deploy:build`.',
    });
  const apiKey = env?.VITE_FIREBASE_API_KEY?.trim();
  if (apiKey && !files.some((file) => file.path.endsWith('.js') && file.text.includes(apiKey))) {
    findings.push({
      cause: `${folder}/ was not built from .env.production (its API key is in no script).`,
      fix: 'Run `npm run deploy:build`.',
    });
  }
  return findings;
}

/** firebase.json keeps source maps and the build's notes off Hosting. */
export function checkHostingIgnore(firebaseJson: { hosting?: { ignore?: string[] } }): Finding[] {
  const ignore = firebaseJson.hosting?.ignore ?? [];
  return ignore.includes('**/*.map')
    ? []
    : [
        {
          cause: 'firebase.json’s hosting.ignore does not keep source maps (**/*.map) off Hosting.',
          fix: 'Add "**/*.map" to hosting.ignore.',
        },
      ];
}

/** KEY=value lines of a dotenv file; quotes around a value are dropped, nothing is expanded. */
export function parseDotenv(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (!match) continue;
    entries[match[1]!] = match[2]!.trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return entries;
}
