// Proves that the boundary rules of eslint.config.js bite: synthetic code placed at virtual paths
// inside the real tree (so imports resolve against real files) must be reported by
// import-x/no-restricted-paths when it crosses a boundary, and pass when it does not; and that a
// cycle, an extension and a name in the wrong case are reported too.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('allows imports that follow the layers', async () => {
    const store = someModule('src/features/store');
    const ui = someModule('src/ui');
    const config = someModule('src/config');
    const code = `export * from '@/ui/${ui}';\nexport * from '@/config/${config}';\nexport * from './${store}';\n`;
    expect(await ruleIds('src/features/store/x.ts', code)).toEqual([]);
    expect(await ruleIds('src/app/x.ts', `export * from '@/features/store/${store}';\n`)).toEqual([]);
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
