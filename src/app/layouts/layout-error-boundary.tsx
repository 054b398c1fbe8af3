import { Component, type ReactNode } from 'react';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';
import shared from '../page-error-boundary.module.scss';
import styles from './layout-error-boundary.module.scss';

export const LAYOUT_ERROR = {
  title: 'Something went wrong',
  text: 'Part of this page stopped working. Nothing you saved is lost: reload the page, or carry on from one of these.',
  reload: 'Reload this page',
  home: 'Go to the home page',
  dashboard: 'Go to your dashboard',
};

interface Props {
  /** The customer area also offers the way back to the dashboard. */
  area: 'public' | 'account';
  /** The address shown; when it changes (back button, a link that still worked) the layout is
   *  tried again instead of the message staying up. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches what breaks a layout: its header, menu or footer, or anything a page's own boundary
 * (PageErrorBoundary) let through. The site uses BrowserRouter, not a data router, so a route's
 * errorElement would never apply; without this boundary React would unmount the whole page.
 * The message needs nothing of the broken layout: plain links, which load a fresh page. React
 * reports the error to the root's onCaughtError (src/app/start.tsx), which logs it as a warning.
 */
export class LayoutErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main" className={styles.page}>
        <section className={styles.panel} role="alert" aria-labelledby="layout-error-title">
          <p className={styles.brand}>{BRAND.name}</p>
          <h1 id="layout-error-title" className={shared.title}>
            {LAYOUT_ERROR.title}
          </h1>
          <p>{LAYOUT_ERROR.text}</p>
          <div className={shared.actions}>
            <Button onClick={() => window.location.reload()}>{LAYOUT_ERROR.reload}</Button>
            {this.props.area === 'account' && <a href={paths.dashboard}>{LAYOUT_ERROR.dashboard}</a>}
            <a href={paths.home}>{LAYOUT_ERROR.home}</a>
          </div>
        </section>
      </main>
    );
  }
}
