import { Outlet, ScrollRestoration } from 'react-router-dom';
import { RouteAnnouncer } from '../route-meta';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <RouteAnnouncer />
      <ScrollRestoration />
    </>
  );
}
