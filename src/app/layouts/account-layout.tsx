import { Outlet, useLocation } from 'react-router-dom';
import { ClaimGuestOrders } from '@/features/account/claim-guest-orders';
import { useSignedIn } from '@/session/auth-context';
import { isOpenToVisitors } from '@/session/session-guard';
import { SignOutButton } from '@/features/auth/sign-out-button';
import { RouteAnnouncer } from '../route-meta';
import { AccountMenuButton, AccountSidebar } from './account-menu';
import { PublicFrame } from './public-layout';
import { SiteHeader } from './site-header';
import styles from './account-layout.module.scss';

/** The signed-in customer area: the side menu beside the page. A visitor on the store, the one
 *  page of the area open to everyone, gets the public pages' frame and no account menu. */
export function AccountLayout() {
  const { pathname } = useLocation();
  const signedIn = useSignedIn();

  if (!signedIn && isOpenToVisitors(pathname)) {
    return (
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    );
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader phoneMenu={<AccountMenuButton footer={<SignOutButton />} />} />
      <div className={styles.shell}>
        <AccountSidebar footer={<SignOutButton />} />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      <RouteAnnouncer />
      <ClaimGuestOrders />
    </>
  );
}
