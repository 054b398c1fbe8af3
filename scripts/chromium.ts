/** Debian's Chromium, as every browser run of the project starts it (Playwright's download cannot
 *  run offline). Without the background-networking flags Chromium keeps calling Google's hosts,
 *  which this machine refuses. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
