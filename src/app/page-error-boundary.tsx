import { Component, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';
import styles from './page-error-boundary.module.scss';

/** A page's code could not be fetched (network down, time-out, or a newer deployment). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This page could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

interface Props {
  children: ReactNode;
  /** Called by the Retry button; the caller re-attempts the load and remounts this boundary. */
  onRetry: () => void;
}

interface State {
  error: Error | null;
}

export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <section className={styles.panel} role="alert" aria-labelledby="page-error-title">
        <h1 id="page-error-title" className={styles.title}>
          {chunk ? 'This page didn’t load' : 'Something went wrong on this page'}
        </h1>
        <p>
          {chunk
            ? 'The connection may have dropped, or the site was just updated. Check your connection and try again.'
            : 'Please try again. If it keeps happening, contact us and we will look into it.'}
        </p>
        <div className={styles.actions}>
          <Button onClick={this.props.onRetry}>Retry</Button>
          <a href={paths.home}>Go to the home page</a>
        </div>
      </section>
    );
  }
}
