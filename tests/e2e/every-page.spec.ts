/**
 * One visit of every route, with everything the suites check on any page: its heading and title,
 * axe (WCAG 2.0, 2.1 and 2.2 A/AA, zero violations), a visible focus ring at every Tab stop, no
 * Content-Security-Policy violation, and — the same page narrowed to a phone — axe's 24 × 24 px
 * targets. One load per route instead of one per check: loading pages is most of the e2e suite's
 * time (docs/decisions/0140-every-route-visited-once.md). The open states (menus, dialogs) and the keyboard
 * journeys stay in a11y.spec.ts and keyboard-journeys.spec.ts.
 */
import type { Page } from '@playwright/test';
import { BRAND } from '../../src/config/brand';
import { DESKTOP_THRESHOLD_PX } from '../../src/config/layout';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { paths } from '../../src/config/paths';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';
import { hydrated } from './hydration.testing';
import {
  expectNoCspViolations,
  expectNoSmallTargets,
  expectVisibleFocusAtEveryStop,
  settled,
  watchCspViolations,
} from './page-checks.testing';
import { CUSTOMER_ROUTES, NOT_FOUND_ROUTE, PUBLIC_ROUTES, STORE_ROUTES } from './route-list.testing';

const PHONE = { width: 375, height: 740 };

async function expectTitle(page: Page, path: string): Promise<void> {
  if (path === paths.home) await expect(page).toHaveTitle(`${BRAND.name} | Custom software and satellite internet`);
  else if (path === NOT_FOUND_ROUTE[0]) await expect(page).toHaveTitle(`Page not found | ${BRAND.name}`);
  else await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${BRAND.name}$`));
}

/** Narrows the open page to a phone, as a person turning a tablet would, and waits for the phone
 *  layout to be drawn. */
async function narrowToPhone(page: Page): Promise<void> {
  // Back to the top with nothing focused, as a page opens: a sticky header over a footer link
  // scrolled under it would count as covering it.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate((threshold) => matchMedia(`(max-width: ${threshold - 1}px)`).matches, DESKTOP_THRESHOLD_PX))
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('every page, signed out', () => {
  for (const [path, heading] of [...PUBLIC_ROUTES, ...STORE_ROUTES, NOT_FOUND_ROUTE]) {
    test(`${path}: heading and title, axe, focus at every stop, no CSP violation, 24 px targets on a phone`, async ({ page }) => {
      await watchCspViolations(page);
      await page.goto(path);
      await test.step('its heading and title', async () => {
        await settled(page, heading);
        await expectTitle(page, path);
      });
      await test.step('no axe violation', () => expectNoAxeViolations(page));
      await test.step('a visible focus ring at every Tab stop', async () => {
        // The page itself, hydrated (a plan page shows a placeholder until then).
        await hydrated(page.getByRole('heading', { level: 1, name: heading, exact: true }));
        // Scrolled into view at once, as for a person who asks for less motion: the smooth scroll
        // runs on animation frames, which a loaded machine hands out late, and an element still
        // scrolling into view cannot show its ring yet.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await expectVisibleFocusAtEveryStop(page);
      });
      await test.step('no CSP violation', () => expectNoCspViolations(page));
      await test.step('24 × 24 px targets on a phone', async () => {
        await narrowToPhone(page);
        await expectNoSmallTargets(page);
      });
    });
  }
});

test.describe('every customer page, signed in as the demo customer', () => {
  for (const [path, heading] of CUSTOMER_ROUTES) {
    test(`${path}: heading and title, axe, no CSP violation, 24 px targets on a phone`, async ({ page }) => {
      await watchCspViolations(page);
      await openSignedIn(page, DEMO_CUSTOMER, path);
      await expect(page).toHaveURL(path);
      await test.step('its heading and title', async () => {
        await settled(page, heading);
        await expectTitle(page, path);
      });
      await test.step('no axe violation', () => expectNoAxeViolations(page));
      await test.step('no CSP violation', () => expectNoCspViolations(page));
      await test.step('24 × 24 px targets on a phone', async () => {
        await narrowToPhone(page);
        await settled(page, heading);
        await expectNoSmallTargets(page);
      });
    });
  }
});
