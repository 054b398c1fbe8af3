/**
 * The files firebase-tools needs for one stack, written from emulators/ports.ts on every start
 * and never committed (they live under node_modules/.cache). firebase-tools reads ports only from
 * a config file, and the functions' SITE_ORIGINS (and their other params) only from a `.env.<project>` file, whose values
 * win over the environment; so each offset gets its own config, whose `configDir` points the
 * functions at its own env file, and two stacks never read each other's.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMAILJS_SERVER_MAIL, FORMS_FUNCTION_PARAMS } from './local-config';
import { PROJECT_ID, firebaseEmulators, functionsEnv, type LocalStack, type SiteServer } from './ports';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Beside an emulators-mode build (scripts/hosting-preview.ts writes it): the local origins the
 *  build talks to, `browserConnectSources` of its stack. Hosting never uploads it (`**\/.*`). */
export const LOCAL_ORIGINS_RECORD = '.vite/local-origins.json';

/** Where everything generated for the stack at `offset` goes. */
export function stackDirectory(offset: number): string {
  return join(root, 'node_modules', '.cache', 'leopard-stack', `offset-${offset}`);
}

/** The emulators-mode build for the local stack at `offset`: what `vite build --mode emulators`
 *  writes (scripts/hosting-preview.ts picks it) and what that stack's `vite preview` serves, never
 *  the folder Hosting serves (docs/decisions/0123-deploy-path-and-build-folders.md). */
export function emulatorsBuildFolder(offset: number): string {
  return join(stackDirectory(offset), 'dist');
}

/** Writes the stack's firebase-tools config and functions env file; answers the config's path,
 *  for `firebase emulators:start --config`. `site` is the site the stack serves, which the links
 *  in the functions' mails open. */
export function writeFirebaseFiles(stack: LocalStack, site: SiteServer): string {
  const directory = stackDirectory(stack.offset);
  const envDirectory = join(directory, 'functions-env');
  mkdirSync(envDirectory, { recursive: true });
  const env = Object.entries({ ...functionsEnv(stack, site), ...EMAILJS_SERVER_MAIL, ...FORMS_FUNCTION_PARAMS }).map(
    ([key, value]) => `${key}=${value}\n`,
  );
  // firebase-tools saves the values of params it had to ask for in .env.local, which wins over the
  // file above: one saved from an older run would hide a value written here.
  rmSync(join(envDirectory, '.env.local'), { force: true });
  writeFileSync(
    join(envDirectory, `.env.${PROJECT_ID}`),
    `# Written by emulators/stack-files.ts from emulators/ports.ts.\n${env.join('')}`,
  );
  // firebase-tools resolves both paths against the config file's folder.
  // The runtime production deploys (firebase.json); firebase-tools runs it on the host's Node when
  // that is another major (docs/decisions/0123-deploy-path-and-build-folders.md).
  const { runtime } = (JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { functions: { runtime: string } }).functions;
  const config = {
    functions: { source: relative(directory, join(root, 'functions')), configDir: 'functions-env', runtime },
    emulators: firebaseEmulators(stack),
  };
  const file = join(directory, 'firebase.json');
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}
