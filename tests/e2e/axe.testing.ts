import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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
