/** Debian's Chromium, as every browser run of the project starts it (Playwright's download cannot
 *  run offline). Without the background-networking flags Chromium keeps calling Google's hosts,
 *  which this machine refuses. A package of its own because the site's suite, the benchmark and the
 *  local services' browser suites all start it, and a package imports others only by name
 *  (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-no-import-leaves-a-package). */

/** The full browser: Lighthouse (scripts/bench-web.ts) needs it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The headless shell of the same Chromium (Debian's `chromium-headless-shell`), which the test
 *  suites drive, as Playwright does by default for headless runs: the same tests took a third less
 *  time than in the full browser (docs/decisions/0144-chromium-headless-shell.md). */
export const HEADLESS_CHROMIUM_PATH = process.env.HEADLESS_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The headless shell as the suites start it. By default it hints glyphs to whole pixels, unlike
 *  the full browser here, and text then wraps differently (the font-swap test's 375 px paragraph
 *  gained a line); without hinting it lays text out as the full browser does. */
export const HEADLESS_CHROMIUM_FLAGS = [...CHROMIUM_FLAGS, '--font-render-hinting=none'];
