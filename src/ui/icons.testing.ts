import { expect } from 'vitest';

/** The Unicode symbols that stood in for icons before lucide's SVGs replaced them (docs/decisions/0095-lucide-icons.md). */
export const GLYPH_ICONS = ['◆', '☎', '⇄', '◉', '⌘', '▭', '⌂', '←', '×'] as const;

/** Asserts that `element` draws its icons as SVGs kept from assistive technology and out of the
 *  tab order, and shows none of the old glyphs. Returns the SVGs it found. */
export function expectDecorativeIcons(element: HTMLElement): SVGSVGElement[] {
  const icons = [...element.querySelectorAll('svg')];
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) {
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).not.toHaveAttribute('tabindex');
  }
  for (const glyph of GLYPH_ICONS) expect(element.textContent).not.toContain(glyph);
  return icons;
}
