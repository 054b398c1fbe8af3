import { expect, test } from '@playwright/test';
import { LOCAL_STACK } from '../../emulators/local-config';
import { emulatorsBuildFolder } from '../../emulators/stack-files';
import { entryKey, firebaseModulesIn, keyOfSource, readManifest, staticClosure } from '../../scripts/bundle-graph';

/** The landing page must not download the Firebase SDK: the marketing pages never load it, and `/`
 *  loads no Firebase code (docs/decisions/0028-firebase-loaded-on-first-use.md). Read from the build `npm run test:e2e` made, through its
 *  manifest and source maps; no browser needed. */
const DIST = emulatorsBuildFolder(LOCAL_STACK.offset);
const HOME_PAGE_SOURCE = 'src/features/marketing/home-page.tsx';
const APP_SOURCE = 'src/app/start.tsx';

test.describe('the landing chunk graph', () => {
  const manifest = readManifest(DIST);
  const entry = entryKey(manifest);

  test('the entry chunk and its static imports hold no Firebase module', () => {
    const landing = staticClosure(manifest, entry);
    expect(landing.size).toBeGreaterThan(0);
    expect(firebaseModulesIn(DIST, manifest, landing)).toEqual([]);
  });

  test('the app chunk the entry loads after the first paint, and its static imports, hold no Firebase module', () => {
    // src/main.tsx is the whole entry: it imports the app (src/app/start.tsx) once the page has painted.
    expect(manifest[entry]?.imports ?? [], 'the entry loads nothing before it runs').toEqual([]);
    const app = staticClosure(manifest, keyOfSource(manifest, APP_SOURCE));
    expect(app.size).toBeGreaterThan(1);
    expect(firebaseModulesIn(DIST, manifest, app)).toEqual([]);
  });

  test("the home page's lazy chunk and its static imports hold no Firebase module", () => {
    const home = staticClosure(manifest, keyOfSource(manifest, HOME_PAGE_SOURCE));
    expect(firebaseModulesIn(DIST, manifest, home)).toEqual([]);
  });

  test('the build does contain Firebase (so the two checks above can fail)', () => {
    const everyChunk = Object.keys(manifest);
    const firebase = firebaseModulesIn(DIST, manifest, everyChunk);
    expect(firebase.some((module) => module.includes('@firebase/auth/'))).toBe(true);
    expect(firebase.some((module) => module.includes('@firebase/database/'))).toBe(true);
  });
});
