import { lazy, Suspense, useState, type ComponentType } from 'react';
import { PAGE_CHUNK_TIMEOUT_MS } from '@/config/layout';
import { Spinner } from '@/ui/spinner';
import { ChunkLoadError, PageErrorBoundary } from './page-error-boundary';

type PageModule = { default: ComponentType };

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
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = PAGE_CHUNK_TIMEOUT_MS): ComponentType {
  const makeLazy = () =>
    lazy(() =>
      withTimeout(load(), timeoutMs).catch((cause: unknown) => {
        throw new ChunkLoadError(cause);
      }),
    );
  // React.lazy remembers a failure, so each retry needs a fresh one.
  let Page = makeLazy();

  return function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Page = makeLazy();
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
