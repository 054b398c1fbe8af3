import { vi } from 'vitest';

/** For component tests: makes `prefers-reduced-motion: reduce` match (jsdom has no media queries). */
export function prefersReducedMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}
