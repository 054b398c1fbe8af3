// Who imports what in the repository, read from the source text (relative paths, the app's `@/`
// alias, the workspaces' package exports), and the check of test modules' names against
// docs/decisions/0129-test-helper-names.md that scripts/test-helper-names.test.ts runs. All but
// repositoryTree work on a map of files, so a test can run the same check on a made-up tree.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

/** A workspace package: its folder and its `exports` map (`"./testing/*": "./src/*.testing.ts"`). */
export interface Workspace {
  name: string;
  dir: string;
  exports: Record<string, string>;
}

export interface Tree {
  /** Every code file, by its path from the repository root, with its text. */
  files: Map<string, string>;
  workspaces: Workspace[];
  /** Programs started by name (package.json scripts, shell scripts): a test may import one too. */
  entries?: Set<string>;
}

interface Manifest {
  name: string;
  exports?: Record<string, string> | string;
  scripts?: Record<string, string>;
  workspaces?: string[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** The repository as git sees it (tracked and new files, not ignored ones), as it is on disk, and
 *  the programs its package.json scripts and shell scripts start by path. */
export function repositoryTree(): Tree {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  const paths = listed.split('\n').filter((file) => file !== '' && !file.startsWith('public/') && existsSync(file));
  const files = new Map(paths.filter((file) => /\.(ts|tsx|mts|js|mjs)$/.test(file)).map((file) => [file, readFileSync(file, 'utf8')]));
  const root = readJson('package.json');
  const commands = [
    ...paths.filter((file) => file.endsWith('.sh')).map((file) => readFileSync(file, 'utf8')),
    ...Object.values(root.scripts ?? {}),
  ];
  const workspaces: Workspace[] = (root.workspaces ?? [])
    .filter((dir) => existsSync(`${dir}/package.json`))
    .map((dir) => {
      const manifest = readJson(`${dir}/package.json`);
      // A workspace's scripts run in its folder: `tsx src/cli.ts` starts <dir>/src/cli.ts.
      commands.push(...Object.values(manifest.scripts ?? {}).map((command) => command.replace(/(^|\s)(?=[\w.-]+\/)/g, `$1${dir}/`)));
      const exports = typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {});
      return { name: manifest.name, dir, exports };
    });
  const entries = new Set([...files.keys()].filter((file) => commands.some((command) => command.includes(file))));
  return { files, workspaces, entries };
}

const CODE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const TESTING = /\.testing\.tsx?$/;
/** The runners' own entry files keep the names the runners look for. */
const RUNNER_ENTRY = /(^|\/)(vitest(\.[\w-]+)?\.config\.m?ts|vitest\.setup\.ts|playwright(\.[\w-]+)?\.config\.ts|global-setup\.ts)$/;
/** Benchmarks drive the local services the way the tests do and never ship: like tests, they may
 *  use test modules (the database emulator's process and clients). */
const TOOL_CONFIG = /(^|\/)[\w-]+(\.[\w-]+)?\.config\.[cm]?[jt]s$/;
const BENCHMARK = /^scripts\/bench-[\w-]+\.ts$/;

/** The naming styles the convention replaced, each with the reason it is refused. */
const OLD_FILE_STYLES: [RegExp, string][] = [
  [/-harness\.[cm]?[jt]sx?$/, '"*-harness.ts"'],
  [/-helpers\.[cm]?[jt]sx?$/, '"*-helpers.ts"'],
  [/^helpers\.[cm]?[jt]sx?$/, '"helpers.ts"'],
  [/^test-[\w-]+\.[cm]?[jt]sx?$/, '"test-*.ts"'],
  [/\.fixtures?\.[cm]?[jt]sx?$/, '"*.fixture.ts"'],
];
const OLD_FOLDERS = new Set(['test', 'support', 'helpers']);

export const isTest = (file: string) => TEST.test(file);
export const isTesting = (file: string) => TESTING.test(file);
export const isRunnerEntry = (file: string) => RUNNER_ENTRY.test(file);
/** Code of the tests themselves: tests, test modules and the runners' entries. */
export const isTestSide = (file: string) => isTest(file) || isTesting(file) || isRunnerEntry(file);
/** Code that may import a test module: the tests' own and the benchmarks. */
const mayImportTesting = (file: string) => isTestSide(file) || BENCHMARK.test(file);

const SPECIFIER =
  /(?:^|[\s;{}])(?:import|export)\s(?:type\s)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;{}(=])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The module specifiers a file imports or re-exports (static, side-effect and dynamic imports). */
export function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

function firstExisting(tree: Tree, base: string): string | undefined {
  const stem = base.replace(/\.[cm]?js$/, '');
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'].map((ext) => stem + ext)];
  return candidates.find((candidate) => tree.files.has(candidate));
}

function fromPackage(tree: Tree, specifier: string): string | undefined {
  const workspace = tree.workspaces.find((candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`));
  if (!workspace) return undefined;
  const subpath = `.${specifier.slice(workspace.name.length)}`;
  for (const [key, target] of Object.entries(workspace.exports)) {
    const star = key.indexOf('*');
    let resolved: string | undefined;
    if (star < 0) resolved = key === subpath ? target : undefined;
    else if (subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1)))
      resolved = target.replace('*', subpath.slice(star, subpath.length - (key.length - star - 1)));
    if (resolved) return firstExisting(tree, posix.join(workspace.dir, resolved));
  }
  return undefined;
}

/** The file a specifier names inside the tree, or undefined for a package from npm. */
export function resolve(tree: Tree, from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return firstExisting(tree, posix.join(posix.dirname(from), specifier));
  if (specifier.startsWith('@/')) return firstExisting(tree, posix.join('src', specifier.slice(2)));
  return fromPackage(tree, specifier);
}

/** Who imports each file of the tree. */
export function importers(tree: Tree): Map<string, Set<string>> {
  const by = new Map<string, Set<string>>();
  for (const [file, text] of tree.files) {
    if (!CODE.test(file)) continue;
    for (const specifier of specifiers(text)) {
      const target = resolve(tree, file, specifier);
      if (target === undefined || target === file) continue;
      if (!by.has(target)) by.set(target, new Set());
      by.get(target)!.add(file);
    }
  }
  return by;
}

export interface Finding {
  file: string;
  problem: string;
}

/** Every place the tree breaks the convention: a module only tests use that is not named
 *  `*.testing.ts(x)`, a name in a style it replaced, a test module imported by code that is
 *  not a test, and a file in a folder named test/, support/ or helpers/. */
export function checkTestHelperNames(tree: Tree): Finding[] {
  const findings: Finding[] = [];
  const by = importers(tree);
  // Test-only grows from the tests outwards: a module is a test's when every importer is test
  // side or already known to be a test's (a helper of a helper).
  const testOnly = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, from] of by) {
      // A tool's configuration (vite.config.ts, which vitest.config.ts extends) is its tool's entry.
      if (testOnly.has(file) || isTestSide(file) || TOOL_CONFIG.test(file) || tree.entries?.has(file)) continue;
      if ([...from].every((importer) => isTestSide(importer) || testOnly.has(importer))) {
        testOnly.add(file);
        grew = true;
      }
    }
  }
  for (const file of [...tree.files.keys()].sort()) {
    if (!CODE.test(file)) continue;
    const name = posix.basename(file);
    const folder = file
      .split('/')
      .slice(0, -1)
      .find((part) => OLD_FOLDERS.has(part));
    if (folder) findings.push({ file, problem: `sits in a folder named ${folder}/: put it beside what it serves` });
    // An old style names a test module; a product module may share its look (Stripe's test clocks).
    const usedByProduct = [...(by.get(file) ?? [])].some((importer) => !mayImportTesting(importer) && !testOnly.has(importer));
    for (const [style, label] of OLD_FILE_STYLES)
      if (style.test(name) && !usedByProduct)
        findings.push({ file, problem: `is named in the old style ${label}: name it <subject>.testing.ts` });
    if (testOnly.has(file)) findings.push({ file, problem: 'is imported only by tests: name it <subject>.testing.ts' });
    if (isTesting(file)) {
      const users = [...(by.get(file) ?? [])].filter((importer) => !mayImportTesting(importer) && !testOnly.has(importer));
      if (users.length > 0) findings.push({ file, problem: `is a test module imported by ${users.sort().join(', ')}` });
    }
  }
  return findings;
}

/** Every file of the tree that `file` imports, directly or through the files it imports. */
export function importClosure(tree: Tree, file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const specifier of specifiers(tree.files.get(current) ?? '')) {
      const target = resolve(tree, current, specifier);
      if (target !== undefined && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}
