/**
 * The staff console's code reaches only staff (docs/decisions/0108-staff-console.md): its layout and
 * pages are lazy chunks that neither the landing page nor the customer area loads, and the public
 * pass page carries neither the console nor the Firebase SDK. Read from the build the suite runs
 * against (its manifest and source maps), then checked in the browser by what is downloaded.
 */
import type { Page } from '@playwright/test';
import { LOCAL_STACK } from '../../emulators/local-config';
import { emulatorsBuildFolder } from '../../emulators/stack-files';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import {
  entryKey,
  firebaseModulesIn,
  keyOfFile,
  keyOfSource,
  modulesOfFile,
  readManifest,
  staticClosure,
} from '../../scripts/bundle-graph';
import { paths } from '../../src/config/paths';
import { signInThroughPage } from './auth.testing';
import { expect, test } from './fixtures.testing';

const DIST = emulatorsBuildFolder(LOCAL_STACK.offset);
const isStaffModule = (module: string) => module.startsWith('src/features/staff/') || module.startsWith('src/app/layouts/staff-');

test.describe('the staff chunks in the build', () => {
  const manifest = readManifest(DIST);
  const staffModulesIn = (keys: Iterable<string>) =>
    [...keys].flatMap((key) => (manifest[key]!.file.endsWith('.js') ? modulesOfFile(DIST, manifest[key]!.file).filter(isStaffModule) : []));

  test('the console is built, as its own lazy chunks', () => {
    const area = keyOfSource(manifest, 'src/app/layouts/staff-area.tsx');
    expect(manifest[area]?.isDynamicEntry).toBe(true);
    expect(staffModulesIn([area]).length).toBeGreaterThan(0);
  });

  for (const [what, source] of [
    ['the entry and the app', 'src/app/start.tsx'],
    ['the home page', 'src/features/marketing/home-page.tsx'],
    ['the customer area', 'src/app/layouts/account-area.tsx'],
    ['the dashboard', 'src/features/account/dashboard-page.tsx'],
    ['the pass page', 'src/features/marketing/space-pass-page.tsx'],
  ] as const) {
    test(`${what} and its static imports hold no console module`, () => {
      const closure = new Set([...staticClosure(manifest, entryKey(manifest)), ...staticClosure(manifest, keyOfSource(manifest, source))]);
      expect(staffModulesIn(closure)).toEqual([]);
    });
  }

  test('the pass page loads no Firebase module', () => {
    const pass = staticClosure(manifest, keyOfSource(manifest, 'src/features/marketing/space-pass-page.tsx'));
    expect(firebaseModulesIn(DIST, manifest, pass)).toEqual([]);
  });
});

/** The console modules among the scripts the page downloaded. */
function watchScripts(page: Page): () => string[] {
  const files: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) files.push(path.slice(1));
  });
  return () => {
    const manifest = readManifest(DIST);
    return files
      .filter((file) => keyOfFile(manifest, file) !== undefined)
      .flatMap((file) => modulesOfFile(DIST, file).filter(isStaffModule));
  };
}

test('a visitor of the landing page and a customer in their area download no console code', async ({ page }) => {
  const staffModules = watchScripts(page);
  await page.goto(paths.home);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await signInThroughPage(page, DEMO_CUSTOMER, `${paths.signIn}?next=${paths.dashboard}`);
  await expect(page).toHaveURL(paths.dashboard);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const path of [paths.orderHistory, paths.profileSettings, paths.store]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(staffModules()).toEqual([]);
});
