// Proves that the boundary rules of eslint.config.js bite: synthetic code placed at virtual paths
// inside the real tree (so imports resolve against real files) must be reported by
// import-x/no-restricted-paths when it crosses a boundary, and pass when it does not; every zone of
// the config gets such a probe, read from the config itself so a new zone cannot go untested; the
// pure layers' DOM and JSX rules too; and a cycle, an extension and a name in the wrong case are
// reported.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** Some module of `dir` (without extension), found on disk so the test survives modules moving. */
function someModule(dir: string): string {
  const file = readdirSync(dir).find((name) => /^[a-z0-9-]+\.tsx?$/.test(name) && !/\.(test|fixture)\./.test(name));
  if (!file) throw new Error(`no module in ${dir}`);
  return file.replace(/\.tsx?$/, '');
}

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const BOUNDARY = 'import-x/no-restricted-paths';

interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message?: string;
}

const list = (value: string | string[]) => (Array.isArray(value) ? value : [value]);
const within = (file: string, dir: string) => file === dir || file.startsWith(dir + sep);

/** The first source file under `dir` (depth first, names sorted) outside `excluded`: a module,
 *  else a stylesheet, since a zone of stylesheets only (src/styles) must be probed too. */
function firstFile(dir: string, excluded: string[], pattern: RegExp): string | undefined {
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (excluded.some((skip) => within(path, skip))) continue;
    const found = statSync(path).isDirectory() ? firstFile(path, excluded, pattern) : pattern.test(name) ? path : undefined;
    if (found) return found;
  }
  return undefined;
}

/** An import specifier, written from `probeDir`, of something inside the zone's `from` (a package
 *  by its name, a file by its relative path) that the zone's exceptions do not let through. */
function specifierInside(from: string, except: string[], probeDir: string): string {
  const absolute = resolve(from);
  const nodeModules = `${resolve('node_modules')}${sep}`;
  if (absolute.startsWith(nodeModules)) {
    // A package's types (`@types/react`) are what `react` resolves to.
    const name = absolute
      .slice(nodeModules.length)
      .split(sep)
      .join('/')
      .replace(/^@types\//, '');
    // A scope (`@firebase`) is probed through its first package.
    if (name.startsWith('@') && !name.includes('/')) return `${name}/${readdirSync(absolute).sort()[0]}`;
    // A package without a main entry (`firebase`) through its first entry point.
    const manifest = JSON.parse(readFileSync(join(absolute, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
    // (Keys without a leading `./` are conditions of the main entry, as in typed.js.)
    const keys = Object.keys(manifest.exports ?? {});
    const entry = keys.includes('.') ? undefined : keys.find((key) => key.startsWith('./'));
    return entry ? `${name}/${entry.replace(/^\.\//, '')}` : name;
  }
  if (!statSync(absolute).isDirectory()) return `./${relative(probeDir, absolute)}`.replace(/^\.\/\.\./, '..').replace(/\.tsx?$/, '');
  const excluded = except.map((path) => resolve(absolute, path));
  const file =
    firstFile(absolute, excluded, /^[a-z0-9-]+\.tsx?$/) ??
    firstFile(absolute, excluded, /\.(tsx?|scss)$/) ??
    (() => {
      throw new Error(`nothing to import in ${from}`);
    })();
  const path = relative(probeDir, file)
    .split(sep)
    .join('/')
    .replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Where a probe of a zone's target sits: inside it, at a file that does not exist. */
const probeFile = (target: string) => {
  const dir = resolve(target);
  return join(existsSync(join(dir, 'src')) && !dir.endsWith(`${sep}src`) ? join(dir, 'src') : dir, 'lint-probe.ts');
};

describe('every zone of import-x/no-restricted-paths', async () => {
  const eslintForZones = new ESLint({ cwd: process.cwd() });
  const config = (await eslintForZones.calculateConfigForFile('src/main.tsx')) as { rules: Record<string, [unknown, { zones: Zone[] }]> };
  const zones = config.rules[BOUNDARY]?.[1].zones ?? [];

  it('has zones to probe', () => {
    expect(zones.length).toBeGreaterThan(5);
  });

  // Each target and each source of a zone is probed at least once: target i imports source i
  // (wrapping round the shorter list).
  const probes = zones.flatMap((zone) => {
    const targets = list(zone.target);
    const froms = list(zone.from);
    return Array.from({ length: Math.max(targets.length, froms.length) }, (_, index) => {
      const target = targets[index % targets.length] as string;
      const from = froms[index % froms.length] as string;
      const file = probeFile(target);
      return {
        file: relative(process.cwd(), file),
        specifier: specifierInside(from, zone.except ?? [], dirname(file)),
        message: zone.message,
      };
    });
  });

  it.each(probes)(
    'reports $specifier imported by $file',
    async ({ file, specifier, message }) => {
      const [result] = await eslintForZones.lintText(`import '${specifier}';\n`, { filePath: file });
      expect(result?.messages.map((entry) => entry.ruleId)).toEqual([BOUNDARY]);
      // The zone's own words reach the person who crossed it.
      expect(result?.messages[0]?.message).toContain(message);
      // The first probe into the app makes import-x/no-cycle read the app's whole import graph.
    },
    30_000,
  );
});

describe("the local services' packages", () => {
  const PACKAGE_RULE = 'leopard/package-boundaries';
  // Read from disk as eslint.config.js reads them, so a new package is probed without editing this.
  const packages = readdirSync('emulators', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join('emulators', entry.name, 'package.json')))
    .map((entry) => {
      const dir = join('emulators', entry.name);
      const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string };
      const module = firstFile(join(dir, 'src'), [], /^[a-z0-9-]+\.ts$/);
      if (!module) throw new Error(`no module in ${dir}/src`);
      return { dir, name, module: module.split(sep).join('/').replace(/\.ts$/, '') };
    });
  /** `file` as a relative specifier from the folder `from`. */
  const relativeTo = (from: string, file: string) => {
    const path = relative(from, file).split(sep).join('/');
    return path.startsWith('.') ? path : `./${path}`;
  };

  it('are there to probe', () => {
    expect(packages.map(({ name }) => name)).toEqual(expect.arrayContaining(['@leopard/rtdb-emulator', '@leopard/stripe-stand-in']));
  });

  it.each(packages)(
    '$name reaches no file outside itself by a relative path, and others by their name',
    async ({ dir, name, module }) => {
      const probe = join(dir, 'src', 'lint-probe.ts');
      const other = packages.find((candidate) => candidate.name !== name)!;
      // The stack's own module beside the packages, the app's catalogue, another package's file.
      for (const outside of ['emulators/ports', 'src/catalog/stripe-prices', other.module]) {
        const [result] = await eslint.lintText(`export * from '${relativeTo(dirname(probe), outside)}';\n`, { filePath: probe });
        expect(result?.messages.map((entry) => entry.ruleId)).toEqual([PACKAGE_RULE]);
        expect(result?.messages[0]?.message).toContain(`leaves ${name}: a package imports only its own files`);
      }
      const lazily = await ruleIds(probe, `export type Lazy = typeof import('${relativeTo(dirname(probe), other.module)}');\n`);
      expect(lazily).toEqual([PACKAGE_RULE]);
      expect(await ruleIds(probe, `export * from '${other.name}';\n`)).toEqual([]);
      expect(await ruleIds(probe, `export * from '${relativeTo(dirname(probe), module)}';\n`)).toEqual([]);
    },
    30_000,
  );

  it.each(['src/app', 'tests/e2e', 'scripts', 'emulators', 'functions/src'])(
    'are imported by %s by their name, never by a path into them',
    async (folder) => {
      const probe = join(folder, 'lint-probe.ts');
      for (const { name, module } of packages) {
        const [result] = await eslint.lintText(`export * from '${relativeTo(folder, module)}';\n`, { filePath: probe });
        // (The app's own zone forbids it the emulators whatever the path.)
        expect(result?.messages.map((entry) => entry.ruleId)).toContain(PACKAGE_RULE);
        expect(result?.messages.find((entry) => entry.ruleId === PACKAGE_RULE)?.message).toContain(
          `is a path into ${name}: import the package by its name, "${name}"`,
        );
      }
      expect(await ruleIds(join('scripts', 'lint-probe.ts'), `export * from '@leopard/rtdb-emulator';\n`)).toEqual([]);
    },
    30_000,
  );
});

describe('boundaries', () => {
  it('stops a feature importing another feature, by alias or relative path', async () => {
    const auth = someModule('src/features/auth');
    const byAlias = await ruleIds('src/features/store/x.ts', `export * from '@/features/auth/${auth}';\n`);
    const byPath = await ruleIds('src/features/store/x.ts', `export * from '../auth/${auth}';\n`);
    expect(byAlias).toEqual([BOUNDARY]);
    expect(byPath).toEqual([BOUNDARY]);
  });

  it('stops a shared layer importing a feature or the app', async () => {
    const auth = someModule('src/features/auth');
    const app = someModule('src/app');
    expect(await ruleIds('src/ui/x.ts', `export * from '@/features/auth/${auth}';\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('src/session/x.ts', `export * from '../features/auth/${auth}';\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('src/config/x.ts', `export * from '@/app/${app}';\n`)).toEqual([BOUNDARY]);
  });

  it('stops a feature importing the app', async () => {
    const app = someModule('src/app');
    expect(await ruleIds('src/features/store/x.ts', `export * from '@/app/${app}';\n`)).toEqual([BOUNDARY]);
  });

  it('lets the functions import only the catalogue, the config and the data shapes of the app', async () => {
    const feature = someModule('src/features/store');
    const ui = someModule('src/ui');
    const catalog = someModule('src/catalog');
    expect(await ruleIds('functions/src/x.ts', `export * from '../../src/features/store/${feature}';\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('functions/src/x.ts', `export * from '../../src/ui/${ui}';\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('functions/src/x.ts', `export * from '../../src/catalog/${catalog}';\n`)).toEqual([]);
  });

  it('stops the local stack and its packages importing the scripts, which run them', async () => {
    const script = someModule('scripts');
    expect(await ruleIds('emulators/x.ts', `export * from '../scripts/${script}';\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('scripts/x.ts', `export * from '../emulators/stack-files';\n`)).toEqual([]);
  }, 30_000);

  it('allows imports that follow the layers', async () => {
    const store = someModule('src/features/store');
    const ui = someModule('src/ui');
    const config = someModule('src/config');
    const code = `export * from '@/ui/${ui}';\nexport * from '@/config/${config}';\nexport * from './${store}';\n`;
    expect(await ruleIds('src/features/store/x.ts', code)).toEqual([]);
    expect(await ruleIds('src/app/x.ts', `export * from '@/features/store/${store}';\n`)).toEqual([]);
  });
});

describe("the Stripe stand-in's core", () => {
  it('reports a core module importing a Stripe resource, and lets it import the core', async () => {
    const resource = someModule('emulators/stripe/src/resources');
    const core = someModule('emulators/stripe/src/core');
    expect(await ruleIds('emulators/stripe/src/core/x.ts', `export * from '../resources/${resource}';\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('emulators/stripe/src/core/x.ts', `export * from './${core}';\n`)).toEqual([]);
    expect(await ruleIds('emulators/stripe/src/resources/x.ts', `export * from '../core/${core}';\n`)).toEqual([]);
  });
});

describe('the pure layers (src/catalog, src/data)', () => {
  it('report the DOM and JSX, and let the functions-safe code through', async () => {
    const catalog = someModule('src/catalog');
    const config = someModule('src/config');
    expect(await ruleIds('src/data/x.ts', `export const key = () => localStorage.getItem('k');\n`)).toEqual(['no-restricted-globals']);
    expect(await ruleIds('src/catalog/x.ts', `export const width = () => window.innerWidth;\n`)).toEqual(['no-restricted-globals']);
    expect(await ruleIds('src/data/x.tsx', `export const label = <b>Pro</b>;\n`)).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('src/data/x.ts', `export const load = () => import('firebase/database');\n`)).toEqual([BOUNDARY]);
    expect(await ruleIds('src/data/x.ts', `export * from '@/firebase/clients';\n`)).toEqual([BOUNDARY]);
    const allowed = `export * from '../catalog/${catalog}';\nexport * from '../config/${config}';\nexport const at = (now: Date) => now.getTime();\n`;
    expect(await ruleIds('src/data/x.ts', allowed)).toEqual([]);
  });

  it('leave the other layers their DOM', async () => {
    expect(await ruleIds('src/ui/x.ts', `export const width = () => window.innerWidth;\n`)).toEqual([]);
  });
});

describe('import style and names', () => {
  it('reports an extension on a first-party module and an unknown module', async () => {
    const catalog = someModule('src/catalog');
    expect(await ruleIds('src/ui/x.ts', `export * from '@/catalog/${catalog}.ts';\n`)).toEqual(['import-x/extensions']);
    expect(await ruleIds('src/ui/x.ts', `export * from '@/catalog/no-such-module';\n`)).toEqual(['import-x/no-unresolved']);
  });

  it('reports a file name that is not kebab-case', async () => {
    expect(await ruleIds('src/ui/someWidget.ts', `export const a = 1;\n`)).toEqual(['check-file/filename-naming-convention']);
  });
});

describe('cycles', () => {
  it('reports two modules that import each other', async () => {
    // Real files (a cycle needs both ends on disk), in a folder of their own linted with this config.
    const dir = mkdtempSync(join(tmpdir(), 'lint-cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const cycleLint = new ESLint({ cwd: dir, overrideConfigFile: join(process.cwd(), 'eslint.config.js') });
      const [result] = await cycleLint.lintFiles(['a.ts']);
      expect(result?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
