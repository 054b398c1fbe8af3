import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatorsBuildFolder } from '../emulators/stack-files';
import { HOSTING_FOLDER } from './build-folders';
import { deployProject, runDeployCheck, writeConnectSrc } from './deploy-check';
import {
  EMULATOR_ONLY_SETTINGS,
  REQUIRED_SITE_SETTINGS,
  connectSourcesOf,
  expectedConnectSources,
  hostingPolicy,
  isPlaceholder,
} from './deploy-checks';

const REPO = join(import.meta.dirname, '..');
const PROJECT = 'leopard-prod-sample';

/** A complete production configuration, as a deployer fills it in. */
const SITE_ENV: Record<string, string> = {
  VITE_FIREBASE_API_KEY: 'AIzaSyD-sample-key-0123456789abcdefghij',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_DATABASE_URL: `https://${PROJECT}-default-rtdb.firebaseio.com`,
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0123456789abcdef',
  VITE_FUNCTIONS_URL: '',
  VITE_SITE_URL: 'https://leopard.software',
  VITE_APP_CHECK_SITE_KEY: '6Lc-sample-recaptcha-enterprise-key',
  VITE_SPACE_MANAGER_URL: '',
  VITE_ID_MANAGEMENT_URL: 'https://id.leopard.software/',
  VITE_EXTERNAL_SIGNUP_URL: 'https://id.leopard.software/signup',
  VITE_SCHEDULING_URL: 'https://calendly.com/leopard/specialist',
  VITE_VMCRYSTALWARE_DEMO_URL: 'https://demo.vmcrystalware.com/',
  VITE_TOKEN_SYNC_URL: '',
};
const FUNCTIONS_ENV = { SITE_ORIGINS: 'https://leopard.software,https://www.leopard.software', SITE_URL: 'https://leopard.software' };

const dotenv = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${value}\n`)
    .join('');

let root: string;

/** A checkout in a temporary folder: the repository's firebase.json, the sample settings, and a
 *  build in the Hosting folder that holds the sample's API key. */
function sampleCheckout(overrides: { env?: Record<string, string>; functionsEnv?: Record<string, string>; rc?: string } = {}) {
  writeFileSync(join(root, '.firebaserc'), overrides.rc ?? JSON.stringify({ projects: { default: PROJECT } }));
  cpSync(join(REPO, 'firebase.json'), join(root, 'firebase.json'));
  writeFileSync(join(root, '.env.production'), dotenv({ ...SITE_ENV, ...overrides.env }));
  mkdirSync(join(root, 'functions'), { recursive: true });
  writeFileSync(join(root, 'functions', `.env.${PROJECT}`), dotenv({ ...FUNCTIONS_ENV, ...overrides.functionsEnv }));
  rmSync(join(root, HOSTING_FOLDER), { recursive: true, force: true });
  mkdirSync(join(root, HOSTING_FOLDER, 'assets'), { recursive: true });
  writeFileSync(join(root, HOSTING_FOLDER, 'index.html'), '<!doctype html><script type="module" src="/assets/main.js"></script>');
  writeFileSync(join(root, HOSTING_FOLDER, 'assets', 'main.js'), `const o={apiKey:"${SITE_ENV.VITE_FIREBASE_API_KEY}"};export{o};`);
  writeFileSync(join(root, HOSTING_FOLDER, 'assets', 'main.js.map'), '{"sources":["http://127.0.0.1:5173/src/main.tsx"]}');
  writeConnectSrc(root);
}

const causes = (options: Parameters<typeof runDeployCheck>[0] = { root }) =>
  runDeployCheck(options, {}).findings.map((finding) => finding.cause);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'leopard-deploy-check-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('deploy:check', () => {
  it('passes a complete sample configuration and its build', () => {
    sampleCheckout();
    expect(runDeployCheck({ root }, {})).toEqual({ projectId: PROJECT, findings: [] });
  });

  it('refuses the demo project, from .firebaserc or --project, and no project at all', () => {
    sampleCheckout({ rc: JSON.stringify({ projects: { default: 'demo-leopard' } }) });
    expect(causes()).toContainEqual(expect.stringContaining('"demo-leopard", a demo project'));
    expect(causes({ root, project: 'demo-other' })).toContainEqual(expect.stringContaining('"demo-other", a demo project'));
    writeFileSync(join(root, '.firebaserc'), '{}');
    expect(causes()).toContainEqual('No Firebase project is named.');
  });

  it('names a database in another region than its trigger', () => {
    sampleCheckout({ env: { VITE_FIREBASE_DATABASE_URL: `https://${PROJECT}-default-rtdb.europe-west1.firebasedatabase.app` } });
    expect(causes()).toContainEqual(expect.stringContaining('The database is in europe-west1'));
  });

  it('takes the project from --project, then a predeploy hook’s GCLOUD_PROJECT, then .firebaserc', () => {
    sampleCheckout();
    expect(deployProject(root, 'leopard-x', { GCLOUD_PROJECT: 'leopard-y' })).toBe('leopard-x');
    expect(deployProject(root, undefined, { GCLOUD_PROJECT: 'leopard-y' })).toBe('leopard-y');
    expect(deployProject(root, undefined, {})).toBe(PROJECT);
  });

  it('refuses a missing .env.production, and each missing, empty or placeholder setting, naming it', () => {
    sampleCheckout();
    rmSync(join(root, '.env.production'));
    expect(causes()).toContain('.env.production does not exist.');

    sampleCheckout({ env: { VITE_APP_CHECK_SITE_KEY: '' } });
    expect(causes()).toContainEqual(expect.stringMatching(/^VITE_APP_CHECK_SITE_KEY is empty/));
    const { VITE_SITE_URL: _dropped, ...withoutSiteUrl } = SITE_ENV;
    writeFileSync(join(root, '.env.production'), dotenv(withoutSiteUrl));
    expect(causes()).toContainEqual(expect.stringMatching(/^VITE_SITE_URL is missing/));

    for (const [key, value] of [
      ['VITE_SITE_URL', 'https://leopard.example.com'],
      ['VITE_SCHEDULING_URL', 'https://calendly.example.com/leopard/specialist'],
      ['VITE_FIREBASE_PROJECT_ID', 'your-project'],
      ['VITE_FUNCTIONS_URL', 'http://127.0.0.1:5001/demo-leopard/us-central1'],
      ['VITE_TOKEN_SYNC_URL', 'https://tokens.example.org/sync'],
    ]) {
      sampleCheckout({ env: { [key!]: value! } });
      expect(causes(), `${key}=${value}`).toContainEqual(expect.stringContaining(key!));
    }
    sampleCheckout({ env: { VITE_FIREBASE_API_KEY: 'demo-api-key' } });
    expect(causes()).toContain('VITE_FIREBASE_API_KEY is a demo key.');
    sampleCheckout({ env: { VITE_USE_EMULATORS: 'true' } });
    expect(causes()).toContainEqual(expect.stringMatching(/^VITE_USE_EMULATORS is set/));
    sampleCheckout({ env: { VITE_FIREBASE_PROJECT_ID: 'leopard-staging' } });
    expect(causes()).toContainEqual(expect.stringContaining('is for project "leopard-staging"'));
  });

  it('refuses the functions’ settings: missing file, no or placeholder SITE_ORIGINS, the site not among them, a stand-in address, App Check off', () => {
    sampleCheckout();
    rmSync(join(root, 'functions', `.env.${PROJECT}`));
    expect(causes()).toContain(`functions/.env.${PROJECT} does not exist.`);
    for (const [override, cause] of [
      [{ SITE_ORIGINS: '' }, /^SITE_ORIGINS is missing or empty/],
      [{ SITE_ORIGINS: 'https://leopard.example' }, /placeholder or local origin/],
      [{ SITE_ORIGINS: 'https://www.leopard.software' }, /does not include https:\/\/leopard\.software/],
      [{ SITE_ORIGINS: 'https://leopard.software/shop' }, /not an https origin/],
      [{ SITE_ORIGINS: 'https://leopard.software,https://*.web.app' }, /"https:\/\/\*\.web\.app": the functions compare origins whole/],
      [{ STRIPE_API_BASE_URL: 'http://127.0.0.1:12111' }, /^STRIPE_API_BASE_URL is set/],
      [{ APP_CHECK_ENFORCED: 'false' }, /^APP_CHECK_ENFORCED=false/],
    ] as const) {
      sampleCheckout({ functionsEnv: override });
      expect(causes(), JSON.stringify(override)).toContainEqual(expect.stringMatching(cause));
    }
  });

  it('refuses a connect-src that is not exactly the configured hosts, and --write-csp writes them', () => {
    sampleCheckout();
    const file = join(root, 'firebase.json');
    const policy = hostingPolicy(JSON.parse(readFileSync(file, 'utf8')))!;
    expect(connectSourcesOf(policy)).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://content-firebaseappcheck.googleapis.com',
      `wss://${PROJECT}-default-rtdb.firebaseio.com`,
      'wss://*.firebaseio.com',
      `https://us-central1-${PROJECT}.cloudfunctions.net`,
    ]);
    // The repository's own policy (before --write-csp) lacks the project's hosts.
    cpSync(join(REPO, 'firebase.json'), file);
    expect(causes()).toContainEqual(expect.stringMatching(/^firebase\.json's connect-src is not exactly the configured hosts/));
    // A wildcard for every project's database is refused too.
    writeFileSync(file, readFileSync(file, 'utf8').replace('connect-src ', 'connect-src https://*.firebaseio.com '));
    expect(causes()).toContainEqual(expect.stringMatching(/^firebase\.json's connect-src/));
    writeConnectSrc(root);
    expect(causes()).toEqual([]);
  });

  it('refuses a build that holds a local or stand-in address, a demo key, the emulator flag, or was not built from .env.production', () => {
    for (const [text, what] of [
      ['fetch("http://127.0.0.1:9099/identitytoolkit")', 'a local address'],
      ['new WebSocket("ws://localhost:9000")', 'a local address'],
      ['const k="sk_test_local_leopard"', 'a stand-in key'],
      ['apiKey:"demo-api-key"', 'the demo API key'],
      ['projectId:"demo-leopard"', 'the demo project'],
      ['const e={VITE_USE_EMULATORS:`true`,BASE_URL:`/`}', 'the emulator flag'],
    ]) {
      sampleCheckout();
      writeFileSync(join(root, HOSTING_FOLDER, 'assets', 'chunk.js'), text!);
      expect(causes(), text).toContainEqual(expect.stringContaining(`dist/assets/chunk.js holds ${what}`));
    }
    // The code that reads the flag, a bare http://localhost (React's and the SDK's own checks): fine.
    sampleCheckout();
    writeFileSync(join(root, HOSTING_FOLDER, 'assets', 'sdk.js'), 'e.VITE_USE_EMULATORS===`true`;new URL(`http://localhost`)');
    expect(causes()).toEqual([]);
    writeFileSync(join(root, HOSTING_FOLDER, 'assets', 'main.js'), 'export{};\n//# sourceMappingURL=main.js.map');
    expect(causes()).toEqual([
      'dist/assets/main.js links a source map.',
      'dist/ was not built from .env.production (its API key is in no script).',
    ]);
    rmSync(join(root, HOSTING_FOLDER), { recursive: true });
    expect(causes()).toContain('dist/ holds no build.');
    // The functions' predeploy checks the settings only: Hosting's predeploy builds.
    expect(runDeployCheck({ root, settingsOnly: true }, {}).findings).toEqual([]);
  });

  it('refuses an App Check debug token in any env file a production build reads, and a build that carries one', () => {
    const token = '0b4f5e1c-app-check-debug-token-of-a-developer';
    for (const file of ['.env', '.env.local', '.env.production', '.env.production.local']) {
      sampleCheckout();
      writeFileSync(join(root, file), `${file === '.env.production' ? dotenv(SITE_ENV) : ''}VITE_APP_CHECK_DEBUG_TOKEN=${token}\n`);
      expect(causes(), file).toContainEqual(expect.stringMatching(/^VITE_APP_CHECK_DEBUG_TOKEN is set for the production build/));
      rmSync(join(root, file));
    }
    // A development-only file is not the production build's: fine there.
    sampleCheckout();
    writeFileSync(join(root, '.env.development.local'), `VITE_APP_CHECK_DEBUG_TOKEN=${token}\n`);
    expect(causes()).toEqual([]);

    writeFileSync(join(root, HOSTING_FOLDER, 'assets', 'chunk.js'), `const t="${token}";`);
    writeFileSync(join(root, '.env.local'), `VITE_APP_CHECK_DEBUG_TOKEN=${token}\n`);
    expect(causes()).toContain('dist/assets/chunk.js holds the App Check debug token.');
  });

  it('reads the settings as Vite does: the later file wins, quotes and comments are dotenv’s, ${} expands', () => {
    sampleCheckout({ env: { VITE_SITE_URL: 'https://leopard.example.com' } });
    writeFileSync(join(root, '.env.production.local'), 'VITE_SITE_URL=https://leopard.software\n');
    expect(causes()).toEqual([]);
    sampleCheckout();
    writeFileSync(join(root, '.env.production.local'), 'VITE_SITE_URL=https://leopard.example.com\n');
    expect(causes()).toContainEqual(expect.stringMatching(/^VITE_SITE_URL is a placeholder/));
    rmSync(join(root, '.env.production.local'));

    sampleCheckout({
      env: {
        VITE_SITE_URL: '"https://leopard.software" # the published address',
        VITE_FIREBASE_AUTH_DOMAIN: '$' + '{VITE_FIREBASE_PROJECT_ID}.firebaseapp.com',
      },
    });
    expect(causes()).toEqual([]);
  });

  it('knows placeholders from real values', () => {
    for (const value of [
      'https://leopard.example.com',
      'https://example.com/x',
      'your-project',
      'http://localhost:5173',
      'https://a.example',
    ])
      expect(isPlaceholder(value), value).toBe(true);
    for (const value of ['https://leopard.software', 'https://examples.dev', 'AIzaSy-example-free'])
      expect(isPlaceholder(value), value).toBe(false);
  });

  it('a regional database allows its own region’s servers only', () => {
    const sources = expectedConnectSources({
      VITE_FIREBASE_DATABASE_URL: 'https://leopard-eu-default-rtdb.europe-west1.firebasedatabase.app',
      VITE_FIREBASE_PROJECT_ID: 'leopard-eu',
      VITE_FUNCTIONS_URL: 'https://europe-west1-leopard-eu.cloudfunctions.net/',
      VITE_TOKEN_SYNC_URL: 'https://sessions.leopard.software/token',
    });
    expect(sources).toContain('wss://*.europe-west1.firebasedatabase.app');
    expect(sources).toContain('https://europe-west1-leopard-eu.cloudfunctions.net');
    expect(sources).toContain('https://sessions.leopard.software');
    expect(sources!.join(' ')).not.toMatch(/firebaseio|\*\.firebasedatabase\.app/);
  });
});

describe('build folders', () => {
  it('Hosting serves HOSTING_FOLDER, and no emulators build goes there', () => {
    const firebaseJson = JSON.parse(readFileSync(join(REPO, 'firebase.json'), 'utf8')) as { hosting: { public: string; ignore: string[] } };
    expect(firebaseJson.hosting.public).toBe(HOSTING_FOLDER);
    expect(firebaseJson.hosting.ignore).toContain('**/*.map');
    for (const offset of [0, 100, 500]) {
      const folder = emulatorsBuildFolder(offset);
      expect(folder.startsWith(join(REPO, HOSTING_FOLDER))).toBe(false);
      expect(folder).toContain(join('node_modules', '.cache'));
    }
  });
});

describe('.env.example', () => {
  it('lists every build setting the site reads, the required ones included, but none of the emulators’', () => {
    const example = readFileSync(join(REPO, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*(VITE_[A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const read = [...readFileSync(join(REPO, 'src', 'vite-env.d.ts'), 'utf8').matchAll(/readonly (VITE_[A-Z0-9_]+)\??:/g)].map(
      (match) => match[1]!,
    );
    const emulatorOnly: readonly string[] = EMULATOR_ONLY_SETTINGS;
    expect(read.filter((key) => !emulatorOnly.includes(key) && !listed.has(key))).toEqual([]);
    expect(Object.keys(REQUIRED_SITE_SETTINGS).filter((key) => !listed.has(key))).toEqual([]);
    expect([...listed].filter((key) => emulatorOnly.includes(key!))).toEqual([]);
  });
});
