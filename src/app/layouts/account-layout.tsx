import { Outlet, useLocation } from 'react-router-dom';
import { useSignedIn } from '@/session/auth-context';
import { isOpenToVisitors } from '@/session/session-guard';
import { SignOutButton } from '@/features/auth/sign-out-button';
import { RouteAnnouncer } from '../route-meta';
import { AccountMenuButton, AccountSidebar } from './account-menu';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './account-layout.module.scss';

/** The signed-in customer area: the side menu beside the page. A visitor on the store, the one
 *  page of the area open to everyone, gets the public pages' frame (footer, no account menu).
 *  Both are one tree with the same slots, so when a session arrives on the store the header and
 *  the page stay mounted: a menu opened or a service chosen meanwhile is not reset. */
export function AccountLayout() {
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const area = signedIn || !isOpenToVisitors(pathname);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader phoneMenu={area ? <AccountMenuButton footer={<SignOutButton />} /> : undefined} />
      <div className={area ? styles.shell : styles.visitorShell}>
        {area && <AccountSidebar footer={<SignOutButton />} />}
        <main id="main" tabIndex={-1} className={area ? styles.main : undefined}>
          <Outlet />
        </main>
      </div>
      {!area && <SiteFooter />}
      <RouteAnnouncer />
    </>
  );
}
