import { lazy, Suspense, useState, type ComponentType } from 'react';
import { PAGE_CHUNK_TIMEOUT_MS } from '@/config/layout';
import { Spinner } from '@/ui/spinner';
import { ChunkLoadError, PageErrorBoundary } from './page-error-boundary';
import { browserRecovery, type PageRecovery } from './page-reload';

export type PageModule = { default: ComponentType };
/** Imports a page's module: `() => import('@/features/…/…-page')`. */
export type PageLoader = () => Promise<PageModule>;

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A page that is its own chunk. While the chunk loads a spinner shows; if it fails or takes longer
 * than the time-out, the person gets a message with a Retry button instead of a blank page.
 *
 * Retry imports the chunk again. When that fails too and the server answers, the address is
 * reloaded: a browser that keeps failed modules (see page-reload.ts) can only recover in a new
 * document, and a chunk renamed by a new deployment only exists for the new HTML. The reload only
 * ever follows a click on Retry, so it cannot loop; offline, the message simply stays.
 */
export function lazyPage(load: PageLoader, timeoutMs = PAGE_CHUNK_TIMEOUT_MS, recovery: PageRecovery = browserRecovery): ComponentType {
  const makeLazy = (attempt: () => Promise<PageModule>) =>
    lazy(() =>
      withTimeout(attempt(), timeoutMs).catch((cause: unknown) => {
        throw new ChunkLoadError(cause);
      }),
    );
  const loadOrReload = () =>
    load().catch(async (cause: unknown) => {
      if (!(await recovery.serverReachable())) throw cause;
      recovery.reload();
      // The spinner stays until the new document replaces this one.
      return new Promise<PageModule>(() => {});
    });
  // React.lazy remembers a failure, so each retry needs a fresh one.
  let Page = makeLazy(load);

  return function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Page = makeLazy(loadOrReload);
      setAttempt((n) => n + 1);
    };
    return (
      <PageErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Spinner block label="Loading page…" />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  };
}
