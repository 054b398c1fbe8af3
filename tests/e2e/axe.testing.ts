import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.testing';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (docs/decisions/0069-keyboard-focus-target-size-tests.md). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe on the page, gathering violations only. Legacy mode runs axe inside the page in one pass;
 * the default opens a second, blank page for every run to merge per-frame results, which only
 * cross-origin frames need, and the site has no frames (docs/decisions/0145-axe-in-one-pass.md).
 */
export const axeOn = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** Runs axe over the whole document in its current state and fails with one readable line per
 *  offending element. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await axeOn(page).withTags(WCAG_TAGS).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? violation.help}`,
    ),
  );
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}

/** The element's text against its own background meets WCAG AA's 4.5:1, in whatever state it is
 *  now. For the states axe leaves out: it skips disabled controls, yet a busy button still says
 *  what is happening. Needs an opaque background on the element itself; its opacity and its
 *  ancestors' fade both colours toward the page's white. */
export async function expectReadableText(element: Locator): Promise<void> {
  // A colour still in transition (a hover's background fading back as the button turns busy) is no
  // state anyone reads: measured halfway, it is neither colour.
  await expect.poll(() => element.evaluate((node) => node.getAnimations().length)).toBe(0);
  const ratio = await element.evaluate((node) => {
    const rgb = (value: string) =>
      value
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number);
    let opacity = 1;
    for (let at: Element | null = node; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
    const style = getComputedStyle(node);
    const luminance = (colour: number[]) => {
      const [r, g, b] = colour.map((channel) => {
        const c = (channel * opacity + 255 * (1 - opacity)) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
  expect(ratio, `contrast of "${await element.textContent()}"`).toBeGreaterThanOrEqual(4.5);
}
