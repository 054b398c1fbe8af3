/**
 * `npm run deploy:check [-- --project <id>]`: the deploy's preflight. Reads the project
 * (`--project`, else firebase-tools' GCLOUD_PROJECT in a predeploy hook, else .firebaserc's
 * default), the production build's settings as Vite reads them (`.env.production` and the
 * rest of PRODUCTION_ENV_FILES), `functions/.env.<project>`, firebase.json and the build in the
 * folder Hosting serves, and refuses, naming each cause, what scripts/deploy-checks.ts refuses
 * (docs/decisions/0123-deploy-path-and-build-folders.md).
 *   --settings-only   skip the build (the functions' predeploy: Hosting's builds it)
 *   --build           build production into the Hosting folder first (`npm run deploy:build`)
 *   --write-csp       write the configured hosts into firebase.json's connect-src
 *   --root <dir>      check another checkout (the tests use a temporary one)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { HOSTING_FOLDER } from './build-folders';
import {
  checkBuild,
  checkContentSecurityPolicy,
  checkDatabaseRegion,
  checkFunctionsSettings,
  checkHostingIgnore,
  checkProject,
  checkSiteSettings,
  expectedConnectSources,
  hostingPolicy,
  parseDotenv,
  PRODUCTION_ENV_FILES,
  withConnectSrc,
  type BuiltFile,
  type Finding,
} from './deploy-checks';

export interface DeployCheckOptions {
  root: string;
  project?: string;
  settingsOnly?: boolean;
}

function readEnvFile(path: string): Record<string, string> | null {
  return existsSync(path) ? parseDotenv(readFileSync(path, 'utf8')) : null;
}

/** The `VITE_*` settings a production build of `root` gets, read by Vite's own `loadEnv` (every
 *  file of PRODUCTION_ENV_FILES, then the process's environment), so the preflight checks what the
 *  build inlines and not what a parser of its own thinks (docs/decisions/0123-deploy-path-and-build-folders.md);
 *  null when none of those files exists. */
export function productionEnv(root: string): Record<string, string> | null {
  if (!PRODUCTION_ENV_FILES.some((file) => existsSync(join(root, file)))) return null;
  return loadEnv('production', root);
}

/** The project a deploy goes to: --project, a predeploy hook's GCLOUD_PROJECT, or .firebaserc. */
export function deployProject(root: string, project?: string, environment: NodeJS.ProcessEnv = process.env): string | null {
  if (project) return project;
  if (environment.GCLOUD_PROJECT) return environment.GCLOUD_PROJECT;
  const rc = join(root, '.firebaserc');
  if (!existsSync(rc)) return null;
  const parsed = JSON.parse(readFileSync(rc, 'utf8')) as { projects?: { default?: string } };
  return parsed.projects?.default ?? null;
}

/** Every file of the build (null when the folder does not exist). */
export function readBuild(folder: string): BuiltFile[] | null {
  if (!existsSync(folder)) return null;
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const text = /\.(js|mjs|html|json|txt|xml|css|map|webmanifest)$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
      return { path: relative(folder, path).split('\\').join('/'), text };
    });
}

/** Every refusal for the checkout at `root`; empty when a deploy may go ahead. */
export function runDeployCheck(
  { root, project, settingsOnly = false }: DeployCheckOptions,
  environment: NodeJS.ProcessEnv = process.env,
): { projectId: string | null; findings: Finding[] } {
  const projectId = deployProject(root, project, environment);
  const env = productionEnv(root);
  const functionsEnv = projectId ? readEnvFile(join(root, 'functions', `.env.${projectId}`)) : null;
  const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as Parameters<typeof checkContentSecurityPolicy>[0] &
    Parameters<typeof checkHostingIgnore>[0];
  const findings = [
    ...checkProject(projectId),
    ...checkSiteSettings(env, projectId),
    ...checkFunctionsSettings(functionsEnv, env, projectId),
    ...checkDatabaseRegion(functionsEnv, env, projectId),
    ...checkContentSecurityPolicy(firebaseJson, env),
    ...checkHostingIgnore(firebaseJson),
    ...(settingsOnly ? [] : checkBuild(readBuild(join(root, HOSTING_FOLDER)), env, HOSTING_FOLDER)),
  ];
  return { projectId, findings };
}

/** Writes the connect-src the settings need into firebase.json; answers what it wrote. */
export function writeConnectSrc(root: string): string | null {
  const file = join(root, 'firebase.json');
  const text = readFileSync(file, 'utf8');
  const env = productionEnv(root);
  const sources = env ? expectedConnectSources(env) : null;
  const policy = hostingPolicy(JSON.parse(text) as Parameters<typeof hostingPolicy>[0]);
  if (!sources || !policy) return null;
  // Only that one value changes; the file keeps its layout.
  writeFileSync(file, text.replace(JSON.stringify(policy), JSON.stringify(withConnectSrc(policy, sources))));
  return sources.join(' ');
}

function report(projectId: string | null, findings: Finding[]): number {
  if (findings.length === 0) {
    console.log(`deploy:check: ready to deploy to ${projectId}.`);
    return 0;
  }
  console.error(
    `deploy:check: ${findings.length} thing${findings.length === 1 ? '' : 's'} stop the deploy to ${projectId ?? '(no project)'}:`,
  );
  for (const { cause, fix } of findings) console.error(`  ✗ ${cause}\n    → ${fix}`);
  return 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
      'settings-only': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      'write-csp': { type: 'boolean', default: false },
    },
  });
  const root = values.root;
  if (values['write-csp']) {
    const written = writeConnectSrc(root);
    console.log(
      written ? `firebase.json: connect-src ${written}` : 'firebase.json unchanged: .env.production lacks the database URL or the project.',
    );
  }
  const settings = runDeployCheck({ root, project: values.project, settingsOnly: true });
  if (values.build) {
    if (report(settings.projectId, settings.findings) !== 0) process.exit(1);
    // Vite's production mode reads .env.production; hidden source maps stay off Hosting (hosting.ignore).
    const build = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--outDir', HOSTING_FOLDER, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const { projectId, findings } = runDeployCheck({ root, project: values.project, settingsOnly: values['settings-only'] });
  process.exit(report(projectId, findings));
}
