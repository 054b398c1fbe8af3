import { Outlet } from 'react-router-dom';
import { ClaimGuestOrders } from '@/features/account/claim-guest-orders';
import { SignOutButton } from '@/features/auth/sign-out-button';
import { RouteAnnouncer } from '../route-meta';
import { AccountMenu } from './account-menu';
import { SiteHeader } from './site-header';
import styles from './account-layout.module.scss';

/** The signed-in customer area: the side menu beside the page. */
export function AccountLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <div className={styles.shell}>
        <AccountMenu footer={<SignOutButton />} />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      <RouteAnnouncer />
      <ClaimGuestOrders />
    </>
  );
}
