import { Outlet, useLocation } from 'react-router-dom';
import { RouteAnnouncer } from '../route-meta';
import { LayoutErrorBoundary } from './layout-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <LayoutErrorBoundary area="public" resetKey={pathname}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <RouteAnnouncer />
    </LayoutErrorBoundary>
  );
}
