/**
 * The console's pages in Chromium for `npm run bench:scale`, signed in as the stack's staff
 * account: per page, the time from navigation to its first rows, the bytes the database sent it
 * (its WebSocket frames and any HTTP answers from the database's host, through the DevTools
 * protocol) and the JS heap once it has settled (after a garbage collection). A page that shows no
 * rows within PAGE_TIMEOUT_MS, or whose tab dies, is reported so, and the run goes on.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from '@leopard/chromium';
import { DEMO_STAFF } from '../../emulators/seed';
import type { LocalStack } from '../../emulators/ports';
import { paths } from '../../src/config/paths';

/** What each page's "first rows" are: the selector that means the list (or the figures) is shown.
 *  Change a selector here when a page's markup changes. */
export const CONSOLE_PAGES: readonly { name: string; path: string; rows: string }[] = [
  { name: 'Programmes', path: paths.staffProgrammes, rows: 'main article, main tbody tr' },
  { name: 'Inbox', path: paths.staffInbox, rows: 'main article, main tbody tr' },
  { name: 'Customers', path: paths.staffCustomers, rows: 'main article, main tbody tr, main [role="list"] > li' },
  // Every figure has its value: none is still loading.
  { name: 'Overview', path: paths.staff, rows: 'main ul[role="list"]:not(:has([aria-busy="true"])) > li' },
];

export const PAGE_TIMEOUT_MS = 120_000;
/** How long the heap's reading and the tab's closing may take once the rows are in. */
const TAB_ANSWER_MS = 60_000;
/** The page has settled when the database has sent nothing for this long (at most SETTLE_MAX_MS). */
const SETTLE_QUIET_MS = 1_500;
const SETTLE_MAX_MS = 30_000;

export type PageOutcome = 'shown' | 'timed out' | 'crashed';

export interface PageMeasure {
  name: string;
  outcome: PageOutcome;
  /** Navigation to the first rows (for 'shown'). */
  firstRowsMs: number | null;
  /** The page's first visit after the seed, when the database emulator builds the index of each of
   *  its queries (emulators/rtdb/docs/protocol.md#query-indexes); the other figures are the next
   *  visit's, as production answers from indexes it always keeps. */
  firstVisit?: Pick<PageMeasure, 'outcome' | 'firstRowsMs'>;
  databaseBytes: number | null;
  /** After a garbage collection; 'timed out' when the tab did not answer within TAB_ANSWER_MS. */
  heapBytes: number | 'timed out' | null;
}

/** Bytes the page received from the database host: WebSocket frames and HTTP bodies. */
class DatabaseTraffic {
  bytes = 0;
  lastAt = performance.now();
  private readonly sockets = new Set<string>();

  constructor(cdp: CDPSession, databaseHost: string) {
    const fromDatabase = (url: string) => new URL(url).host === databaseHost;
    cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
      if (fromDatabase(url)) this.sockets.add(requestId);
    });
    cdp.on('Network.webSocketFrameReceived', ({ requestId, response }) => {
      if (!this.sockets.has(requestId)) return;
      // Text frames come as their text, binary ones in base64.
      this.add(response.opcode === 2 ? Buffer.from(response.payloadData, 'base64').length : Buffer.byteLength(response.payloadData));
    });
    const http = new Set<string>();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (fromDatabase(response.url)) http.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (http.delete(requestId)) this.add(encodedDataLength);
    });
  }

  private add(bytes: number) {
    this.bytes += bytes;
    this.lastAt = performance.now();
  }

  async settled(): Promise<void> {
    const until = performance.now() + SETTLE_MAX_MS;
    while (performance.now() < until && performance.now() - this.lastAt < SETTLE_QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The promise's value, or 'timed out' after `ms`: a tab whose main thread is busy answers no
 *  DevTools call until it is free, and at 100,000 entries that was minutes. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves when the page shows its rows, or with 'timed out' when it has none in time. */
function firstRows(page: Page, rows: string): Promise<Exclude<PageOutcome, 'crashed'>> {
  return page.waitForSelector(rows, { state: 'visible', timeout: PAGE_TIMEOUT_MS }).then(
    () => 'shown' as const,
    () => 'timed out' as const,
  );
}

async function measurePage(context: BrowserContext, stack: LocalStack, site: string, target: (typeof CONSOLE_PAGES)[number]) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  const traffic = new DatabaseTraffic(cdp, stack.databaseHost);
  const crashed = new Promise<'crashed'>((resolve) => page.once('crash', () => resolve('crashed')));
  const started = performance.now();
  try {
    await page.goto(new URL(target.path, site).href, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    const outcome = await Promise.race([firstRows(page, target.rows), crashed]);
    const firstRowsMs = outcome === 'shown' ? performance.now() - started : null;
    if (outcome === 'crashed') return { name: target.name, outcome, firstRowsMs, databaseBytes: traffic.bytes, heapBytes: null };
    await traffic.settled();
    const heapBytes = await within(
      cdp.send('HeapProfiler.collectGarbage').then(async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? null;
      }),
      TAB_ANSWER_MS,
    );
    return { name: target.name, outcome, firstRowsMs, databaseBytes: traffic.bytes, heapBytes };
  } catch {
    // The tab died during a protocol call, or the navigation itself never committed.
    return { name: target.name, outcome: 'crashed' as const, firstRowsMs: null, databaseBytes: traffic.bytes, heapBytes: null };
  } finally {
    await within(
      page.close().catch(() => {}),
      TAB_ANSWER_MS,
    );
  }
}

/** Signs the staff account in once, through the sign-in page; the context keeps the session. */
async function signIn(browser: Browser, site: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Lands on the page that reads least today, so the sign-in does not load a whole list.
  await page.goto(new URL(`${paths.signIn}?next=${encodeURIComponent(paths.staffCustomers)}`, site).href);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(DEMO_STAFF.email);
  await form.getByLabel('Password').fill(DEMO_STAFF.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === paths.staffCustomers, { timeout: PAGE_TIMEOUT_MS });
  await page.close();
  return context;
}

/** Each console page of CONSOLE_PAGES, one after the other, in a fresh tab of one signed-in browser:
 *  visited twice, measured the second time, with the first visit's time to its rows beside it. */
export async function measureConsolePages(stack: LocalStack, site: string): Promise<PageMeasure[]> {
  const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: HEADLESS_CHROMIUM_FLAGS });
  try {
    const context = await signIn(browser, site);
    const measures: PageMeasure[] = [];
    for (const target of CONSOLE_PAGES) {
      const first = await measurePage(context, stack, site, target);
      const next = await measurePage(context, stack, site, target);
      measures.push({ ...next, firstVisit: { outcome: first.outcome, firstRowsMs: first.firstRowsMs } });
    }
    return measures;
  } finally {
    await browser.close();
  }
}
