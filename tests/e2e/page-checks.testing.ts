/** What the suites check on any page, written once: the page has settled, no Content-Security-Policy
 *  violation, focus visible where the keyboard is, axe's 24 × 24 px targets. every-page.spec.ts runs
 *  them all on one visit of each route; the journeys use them where they open more. */
import type { Page } from '@playwright/test';
import { axeOn } from './axe.testing';
import { expect } from './fixtures.testing';

/** Waits until the page has its heading and nothing is still loading (spinners, busy regions). */
export async function settled(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  // Every Spinner is a status region whose label ends in an ellipsis ("Loading your orders…").
  await expect(page.getByRole('status').filter({ hasText: /…$/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

interface CspViolation {
  directive: string;
  blockedURI: string;
  sample: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: CspViolation[];
  }
}

/** Records every CSP violation of every document the page opens, from before its first script. */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
}

export async function expectNoCspViolations(page: Page): Promise<void> {
  // A violation is reported asynchronously; give the last ones a moment to arrive.
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.__cspViolations ?? []), `CSP violations on ${page.url()}`).toEqual([]);
}

/** The focused element shows a focus indicator: an outline or a box-shadow ring on itself, or on
 *  the control drawn for it (a custom radio's mark, a wrapping label). */
export async function expectVisibleFocus(page: Page, state?: FocusState): Promise<void> {
  // Checked for up to five seconds: the browser may still be scrolling the element into view,
  // which took over two seconds on a loaded two-core machine (a link on /support "not on screen").
  state ??= await focusState(page);
  for (let i = 0; i < 50 && !state.ok; i += 1) {
    await page.waitForTimeout(100);
    state = await focusState(page);
  }
  expect(`${state.what}: ${state.ok ? 'visibly focused' : 'no visible focus'}`).toBe(`${state.what}: visibly focused`);
}

interface FocusState {
  ok: boolean;
  what: string;
  /** Nothing has focus: Tab has gone past the page's last stop. */
  none: boolean;
}

async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { ok: false, what: 'nothing focused', none: true };
    // Inside a video's native controls (play, timeline, volume…) focus sits in the browser's own
    // shadow tree, which draws the ring and which a page cannot inspect.
    if (active instanceof HTMLVideoElement && active.controls && !active.matches(':focus'))
      return { ok: true, what: 'video controls', none: false };
    const rings = (element: Element | null | undefined) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // A card may ring itself while a link inside it has focus (:focus-within).
    const ancestors = [active.parentElement, active.parentElement?.parentElement, active.parentElement?.parentElement?.parentElement];
    const candidates = [active, active.closest('label'), active.nextElementSibling, ...ancestors];
    const rect = active.getBoundingClientRect();
    const onScreen = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
    const name = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent ?? active.textContent ?? '';
    const what = `${active.tagName.toLowerCase()}#${active.id} "${name.trim().slice(0, 40)}" on screen: ${onScreen}`;
    return { ok: onScreen && candidates.some(rings), what, none: false };
  });
}

/** Tabs through the page from the top, checking the focus ring at every stop (at most `stops`). */
export async function expectVisibleFocusAtEveryStop(page: Page, stops = 30): Promise<void> {
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    // One look at the page per stop: past the last one, or its ring (the check's round trips to
    // the browser were most of its time).
    const state = await focusState(page);
    if (state.none) break;
    await expectVisibleFocus(page, state);
  }
}

/** WCAG 2.2's 24 × 24 px targets (axe's target-size rule), as the page is laid out now. */
export async function expectNoSmallTargets(page: Page): Promise<void> {
  const { violations } = await axeOn(page).withRules(['target-size']).analyze();
  expect(
    violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
    `targets under 24 × 24 px on ${page.url()}`,
  ).toEqual([]);
}
