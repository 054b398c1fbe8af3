// One name for test modules (docs/decisions/0129-test-helper-names.md): a module only tests use
// is `<subject>.testing.ts(x)` beside what it serves, no file keeps a style the convention
// replaced, and nothing but tests imports a test module, neither by its path (ESLint's
// no-restricted-imports, probed here) nor through a package's exports (this check).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { checkTestHelperNames, repositoryTree, type Tree, type Workspace } from './import-graph.testing';

const tree = (files: Record<string, string>, workspaces: Workspace[] = [], entries: string[] = []): Tree => ({
  files: new Map(Object.entries(files)),
  workspaces,
  entries: new Set(entries),
});

describe('the repository', () => {
  it('names every test module <subject>.testing.ts, in no old style and no test/ or support/ folder', () => {
    const findings = checkTestHelperNames(repositoryTree()).map(({ file, problem }) => `${file} ${problem}`);
    expect(findings).toEqual([]);
  });
});

describe('the check', () => {
  it('finds a module only tests import that is not named *.testing', () => {
    const findings = checkTestHelperNames(
      tree({
        'functions/src/orders.ts': 'export const a = 1;\n',
        'functions/src/orders.test.ts': "import { rig } from './rig';\nimport { a } from './orders';\n",
        'functions/src/rig.ts': "import { more } from './more-rig';\nexport const rig = more;\n",
        'functions/src/more-rig.ts': 'export const more = 1;\n',
        'functions/src/index.ts': "export { a } from './orders';\n",
      }),
    );
    expect(findings).toEqual([
      { file: 'functions/src/more-rig.ts', problem: 'is imported only by tests: name it <subject>.testing.ts' },
      { file: 'functions/src/rig.ts', problem: 'is imported only by tests: name it <subject>.testing.ts' },
    ]);
  });

  it('accepts the same tree named by the convention, runner entries and tool configurations', () => {
    const findings = checkTestHelperNames(
      tree(
        {
          'functions/src/orders.ts': 'export const a = 1;\n',
          'functions/src/orders.test.ts': "import { rig } from './orders.testing';\nimport { a } from './orders';\n",
          'functions/src/orders.testing.ts': 'export const rig = 1;\n',
          'functions/src/index.ts': "export { a } from './orders';\n",
          'scripts/stripe-sync.ts': 'export const sync = 1;\n',
          'scripts/stripe-sync.test.ts': "import { sync } from './stripe-sync';\n",
          'vite.config.ts': 'export default {};\n',
          'vitest.config.ts': "import vite from './vite.config';\nexport default vite;\n",
          'src/vitest.setup.ts': "import '@/ui/icons.testing';\n",
          'src/ui/icons.testing.ts': 'export {};\n',
        },
        [],
        ['scripts/stripe-sync.ts'],
      ),
    );
    expect(findings).toEqual([]);
  });

  it('finds the old styles by name and folder, even where nothing imports them', () => {
    const files = [
      'functions/src/billing-test-harness.ts',
      'tests/e2e/auth-helpers.ts',
      'tests/rules/helpers.ts',
      'functions/src/test-server.ts',
      'src/catalog/plan-table.fixture.ts',
      'src/test/icons.ts',
      'tests/support/database.ts',
    ];
    const findings = checkTestHelperNames(tree(Object.fromEntries(files.map((file) => [file, 'export {};\n']))));
    expect(findings.map((finding) => finding.file).sort()).toEqual([...files].sort());
  });

  it('finds a test module that product code imports through a package’s exports', () => {
    const rtdb: Workspace = { name: '@leopard/rtdb-emulator', dir: 'emulators/rtdb', exports: { './testing/*': './src/*.testing.ts' } };
    const findings = checkTestHelperNames(
      tree(
        {
          'emulators/rtdb/src/process.testing.ts': 'export const spawn = 1;\n',
          'emulators/launch.ts': "import { spawn } from '@leopard/rtdb-emulator/testing/process';\n",
          'scripts/bench-emulator.ts': "import { spawn } from '@leopard/rtdb-emulator/testing/process';\n",
        },
        [rtdb],
      ),
    );
    expect(findings).toEqual([
      { file: 'emulators/rtdb/src/process.testing.ts', problem: 'is a test module imported by emulators/launch.ts' },
    ]);
  });
});

// ESLint's first run loads the TypeScript resolver and every plugin: seconds on a busy machine.
describe('the lint rule', { timeout: 60_000 }, () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const rules = async (filePath: string, code: string) =>
    ((await eslint.lintText(code, { filePath }))[0]?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);

  it('stops product code importing a *.testing module, by path, alias or package subpath', async () => {
    expect(await rules('src/features/store/x.ts', "export * from '@/ui/icons.testing';\n")).toContain('no-restricted-imports');
    expect(await rules('functions/src/x.ts', "export { post } from './http.testing';\n")).toContain('no-restricted-imports');
    expect(await rules('emulators/x.ts', "export * from '@leopard/rtdb-emulator/testing/emulator-process';\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('lets tests, test modules and runner entries import one', async () => {
    expect(await rules('src/ui/x.test.tsx', "export * from './icons.testing';\n")).not.toContain('no-restricted-imports');
    expect(await rules('functions/src/x.testing.ts', "export { post } from './http.testing';\n")).not.toContain('no-restricted-imports');
    expect(await rules('tests/rules/global-setup.ts', "export * from './rules.testing';\n")).not.toContain('no-restricted-imports');
  });
});
