import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FunctionsLockError, functionsLockfile, isRange, type FunctionsManifest, type PackageLock } from './functions-lockfile';

const REPO = join(import.meta.dirname, '..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(REPO, path), 'utf8')) as T;
const ROOT_LOCK = readJson<PackageLock>('package-lock.json');
const MANIFEST = readJson<FunctionsManifest>('functions/package.json');

describe('the functions Cloud Build installs', () => {
  it('names exact versions in functions/package.json, the ones the root lockfile installed', () => {
    const specs = { ...MANIFEST.dependencies, ...MANIFEST.devDependencies };
    expect(Object.entries(specs).filter(([, spec]) => isRange(spec))).toEqual([]);
    expect(() => functionsLockfile(ROOT_LOCK, MANIFEST)).not.toThrow();
  });

  it('ships a lockfile of every package with its exact version and checksum', () => {
    const { packages } = functionsLockfile(ROOT_LOCK, MANIFEST);
    const installed = Object.entries(packages).filter(([path]) => path !== '');
    expect(installed.map(([path]) => path)).toEqual(expect.arrayContaining(['node_modules/stripe', 'node_modules/firebase-admin']));
    for (const [path, entry] of installed) {
      expect(entry.version, path).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry.integrity, path).toMatch(/^sha512-/);
    }
    expect(packages['node_modules/stripe'].version).toBe(MANIFEST.dependencies?.stripe);
    // The functions' own @types/node (22) takes the top level; the root's stays with its users.
    expect(packages['node_modules/@types/node'].version).toBe(MANIFEST.devDependencies?.['@types/node']);
  });

  it('writes the lockfile in the functions predeploy, after the bundle and inside the uploaded folder', () => {
    const firebase = readJson<{ functions: { predeploy: string[]; ignore: string[] } }>('firebase.json');
    expect(firebase.functions.predeploy.at(-1)).toBe('npm --prefix "$RESOURCE_DIR" run -s lockfile');
    expect(firebase.functions.ignore).not.toContain('package-lock.json');
  });

  it('refuses a range, which Cloud Build would resolve again on the next deploy', () => {
    const ranged = { ...MANIFEST, dependencies: { ...MANIFEST.dependencies, stripe: '^23.1.0' } };
    expect(() => functionsLockfile(ROOT_LOCK, ranged)).toThrow(
      new FunctionsLockError('functions/package.json: stripe "^23.1.0" is a range; name the exact version Cloud Build must install'),
    );
    expect(isRange('~13.10.0')).toBe(true);
    expect(isRange('*')).toBe(true);
    expect(isRange('13.10.0')).toBe(false);
  });

  it('refuses an exact version the root lockfile did not install (what the tests ran with)', () => {
    const other = { ...MANIFEST, dependencies: { ...MANIFEST.dependencies, stripe: '23.0.0' } };
    expect(() => functionsLockfile(ROOT_LOCK, other)).toThrow(/stripe 23\.0\.0, but package-lock\.json installed 23\.1\.0/);
  });

  it('keeps each package on the copy it resolved in the workspace when the functions shadow a root one', () => {
    const entry = (version: string, dependencies?: Record<string, string>) => ({
      version,
      integrity: `sha512-${version}`,
      ...(dependencies ? { dependencies } : {}),
    });
    const root: PackageLock = {
      name: 'root',
      lockfileVersion: 3,
      packages: {
        '': { name: 'root' },
        functions: { name: 'fns' },
        'functions/node_modules/shared': entry('2.0.0'),
        'node_modules/shared': entry('1.0.0'),
        'node_modules/user': entry('1.0.0', { shared: '^1.0.0' }),
      },
    };
    const { packages } = functionsLockfile(root, { name: 'fns', dependencies: { user: '1.0.0', shared: '2.0.0' } });
    expect(packages['node_modules/shared'].version).toBe('2.0.0');
    expect(packages['node_modules/user/node_modules/shared'].version).toBe('1.0.0');
  });
});
