/** Writes functions/package-lock.json for Cloud Build from the root package-lock.json: the
 *  functions' own dependency tree, exactly as it is installed and tested here, re-rooted at the
 *  functions folder. Cloud Build runs `npm ci` when a lockfile is present, so a deploy installs
 *  these versions instead of resolving the ranges again
 *  (docs/decisions/0136-pinned-functions-and-limits.md).
 *  Run by the functions' predeploy hook in firebase.json; `--check` only reports. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

export interface PackageLock {
  name: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface FunctionsManifest {
  name: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** A version range npm would resolve again (anything but an exact x.y.z[-pre]). */
export function isRange(spec: string): boolean {
  return !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(spec);
}

export class FunctionsLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FunctionsLockError';
  }
}

/** Where Node finds `name` from the package at `from` (a lockfile path): its own node_modules, then
 *  each enclosing one, up to the root's. */
function resolveFrom(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const index = base.lastIndexOf('/node_modules/');
    base = index >= 0 ? base.slice(0, index) : '';
  }
}

/** The packages reachable from `roots` (name → spec) of the package at `from`, as lockfile paths. */
function closure(packages: Record<string, LockEntry>, from: string, roots: Record<string, string>): Set<string> {
  const seen = new Set<string>();
  const visit = (at: string, deps: Record<string, string>, optionalNames: Set<string>) => {
    for (const name of Object.keys(deps)) {
      const path = resolveFrom(packages, at, name);
      if (!path) {
        if (optionalNames.has(name)) continue;
        throw new FunctionsLockError(`${name}, needed by ${at || 'the root'}, is not in package-lock.json: run npm install`);
      }
      if (seen.has(path)) continue;
      seen.add(path);
      const entry = packages[path];
      const optional = new Set([
        ...Object.keys(entry.optionalDependencies ?? {}),
        ...Object.entries(entry.peerDependenciesMeta ?? {})
          .filter(([, meta]) => meta.optional)
          .map(([peer]) => peer),
      ]);
      visit(path, { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies }, optional);
    }
  };
  visit(from, roots, new Set());
  return seen;
}

/** The lockfile of the functions folder alone, taken from the workspace's root lockfile. Refuses
 *  when the functions' package.json names a range (npm would resolve it again), or disagrees with
 *  what the root lockfile installed. */
export function functionsLockfile(root: PackageLock, manifest: FunctionsManifest, folder = 'functions'): PackageLock {
  const { packages } = root;
  const dependencies = manifest.dependencies ?? {};
  const devDependencies = manifest.devDependencies ?? {};
  for (const [name, spec] of Object.entries({ ...dependencies, ...devDependencies })) {
    if (isRange(spec)) {
      throw new FunctionsLockError(`${folder}/package.json: ${name} "${spec}" is a range; name the exact version Cloud Build must install`);
    }
    const installed = packages[resolveFrom(packages, folder, name) ?? '']?.version;
    if (installed !== spec) {
      throw new FunctionsLockError(
        `${folder}/package.json: ${name} ${spec}, but package-lock.json installed ${installed ?? 'nothing'}: run npm install`,
      );
    }
  }
  const production = closure(packages, folder, dependencies);
  const everything = new Set([...production, ...closure(packages, folder, devDependencies)]);

  // The functions' own copies (functions/node_modules) take the top level; a root copy they
  // shadow is nested under each package that used it, so every package keeps the version it was
  // tested with here.
  const rerooted: Record<string, LockEntry> = {};
  const origin: Record<string, string> = {};
  const place = (target: string, path: string) => {
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path];
    rerooted[target] = production.has(path) ? entry : { ...entry, dev: true };
    origin[target] = path;
  };
  const own = [...everything].filter((path) => path.startsWith(`${folder}/`));
  for (const path of own) place(path.slice(folder.length + 1), path);
  for (const path of everything) if (!own.includes(path) && !rerooted[path]) place(path, path);
  const pending = Object.keys(rerooted);
  for (let target = pending.pop(); target !== undefined; target = pending.pop()) {
    const entry = packages[origin[target]];
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const before = resolveFrom(packages, origin[target], name);
      const after = resolveFrom(rerooted, target, name);
      if (!before || (after && origin[after] === before)) continue;
      const nested = `${target}/node_modules/${name}`;
      if (rerooted[nested]) throw new FunctionsLockError(`${origin[target]} cannot keep ${before} once re-rooted at ${folder}`);
      place(nested, before);
      pending.push(nested);
    }
  }
  return {
    name: manifest.name,
    ...(manifest.version ? { version: manifest.version } : {}),
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': {
        name: manifest.name,
        ...(manifest.version ? { version: manifest.version } : {}),
        dependencies,
        devDependencies,
      },
      ...Object.fromEntries(Object.entries(rerooted).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

function main(): void {
  const repo = join(import.meta.dirname, '..');
  const root = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as PackageLock;
  const manifest = JSON.parse(readFileSync(join(repo, 'functions', 'package.json'), 'utf8')) as FunctionsManifest;
  try {
    const lock = functionsLockfile(root, manifest);
    if (process.argv.includes('--check')) return;
    writeFileSync(join(repo, 'functions', 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  } catch (error) {
    if (!(error instanceof FunctionsLockError)) throw error;
    console.error(`Cannot pin the functions' dependencies: ${error.message}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
