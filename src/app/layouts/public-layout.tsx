import { useContext, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteAnnouncer, RouteMatchesContext } from '../route-meta';
import { LayoutErrorBoundary } from './layout-error-boundary';
import { SignUpBar } from './sign-up-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** What a public route's handle may ask of the frame (src/app/router.tsx). */
export interface FrameHandle {
  /** 'sign-up': the sign-up page's own 55 px bar in place of the site header (docs/product.md#sign-up-page). */
  frame?: 'sign-up';
}

/** The public pages' frame: header, the page, footer (a visitor's store has the same shape: account-layout.tsx). */
export function PublicFrame({ header = <SiteHeader />, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header}
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
  const matches = useContext(RouteMatchesContext);
  const { frame } = (matches.at(-1)?.route.handle ?? {}) as FrameHandle;
  return (
    <LayoutErrorBoundary area="public" resetKey={pathname}>
      <PublicFrame header={frame === 'sign-up' ? <SignUpBar /> : undefined}>
        <Outlet />
      </PublicFrame>
    </LayoutErrorBoundary>
  );
}
