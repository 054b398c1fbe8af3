// Where the cloud functions' tests run: a test that starts a local service (anything of
// emulators/: the database emulator, the stand-ins; or firebase-tools' Auth emulator through
// functions/src/testing/auth-emulator.testing.ts) runs in `npm run test:emulator`, every other one is a unit
// test in `npm run test:unit`. functions/vitest.config.mts names the first kind; this keeps the
// list true both ways (docs/decisions/0129-test-helper-names.md).
// And `npm test`'s static stage runs every part of `npm run lint` (scripts/run-tests.sh).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_TESTS } from '../functions/vitest.config.mjs';
import { importClosure, repositoryTree } from './import-graph.testing';

/** A glob of Vitest's `include` as a regular expression (`*` within a folder, `**` across). */
const globToRegExp = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\/?|\*/g, (star) => (star === '*' ? '[^/]*' : '(?:.*/)?'))}$`);

describe('the functions’ tests', () => {
  it('run against the local services exactly when functions/vitest.config.mts lists them', () => {
    const tree = repositoryTree();
    const tests = [...tree.files.keys()].filter((file) => /^functions\/src\/.*\.test\.ts$/.test(file)).sort();
    expect(tests.length).toBeGreaterThan(20);
    const listed = (file: string) => LOCAL_SERVICE_TESTS.some((glob) => globToRegExp(glob).test(file.slice('functions/'.length)));
    const needsServices = (file: string) =>
      [...importClosure(tree, file)].some(
        (imported) => imported.startsWith('emulators/') || imported === 'functions/src/testing/auth-emulator.testing.ts',
      );
    const wrong = tests
      .filter((file) => listed(file) !== needsServices(file))
      .map(
        (file) => `${file}: ${needsServices(file) ? 'starts a local service but is not listed' : 'is listed but starts no local service'}`,
      );
    expect(wrong).toEqual([]);
  });
});

describe('npm test', () => {
  it('runs every part of `npm run lint` and the type check in its static stage', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const lintParts = [...scripts.lint.matchAll(/npm run -s ([\w:]+)/g)].map(([, name]) => name);
    const staged = /for check in ([^;]+); do/.exec(readFileSync('scripts/run-tests.sh', 'utf8'))?.[1].trim().split(/\s+/);
    expect(lintParts.length).toBeGreaterThan(0);
    expect(staged?.sort()).toEqual([...lintParts, 'typecheck'].sort());
  });
});
