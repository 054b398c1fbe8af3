import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteAnnouncer } from '../route-meta';
import { LayoutErrorBoundary } from './layout-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The public pages' frame: header, the page, footer. The store uses it for visitors too. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <RouteAnnouncer />
    </>
  );
}

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <LayoutErrorBoundary area="public" resetKey={pathname}>
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    </LayoutErrorBoundary>
  );
}
