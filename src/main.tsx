import { holdEarlyInteractions } from './app/early-interactions';
import { pageHydrated } from './app/page-hydration';
import { afterNextPaint, applyDeferredStylesheets, hasPrerenderedPage, preloadPageModules } from './app/prerendered';
import './styles/global.scss';

// The browser entry, kept small: a pre-rendered page and its inlined critical CSS paint first, and
// only then does the app's code load (docs/decisions/0101-critical-css-and-hydration-after-first-paint.md). Public pages arrive pre-rendered (scripts/prerender.ts) and are hydrated; the app
// shell of the customer area and the dev server arrive empty and are rendered at once.
// (No top-level await: it would switch off the bundler's chunk merging for the whole build.)
const container = document.getElementById('root')!;
const hydrate = hasPrerenderedPage(container, window.location.pathname);
// Clicks and submissions made before the app runs are carried out by it once it does.
const release = hydrate ? holdEarlyInteractions(container, pageHydrated) : undefined;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void (hydrate ? afterNextPaint() : Promise.resolve())
  .then(() => {
    // Starting a fetch has a cost on the main thread: the page's chunks in one task, the app's in
    // the next, so that neither is a long task.
    preloadPageModules(container);
    return hydrate ? nextTask() : undefined;
  })
  .then(() => Promise.all([import('./app/start'), applyDeferredStylesheets()]))
  .then(([{ start }]) => {
    start(container, hydrate);
    return release?.(true);
  })
  .catch((error: unknown) => {
    void release?.(false);
    throw error;
  });
