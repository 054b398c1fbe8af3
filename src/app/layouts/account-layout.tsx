import { NavLink, Outlet, ScrollRestoration } from 'react-router-dom';
import { accountNav } from '../navigation';
import { RouteAnnouncer } from '../route-meta';
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
        <nav aria-label="Account" className={styles.menu}>
          <ul>
            {accountNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      <RouteAnnouncer />
      <ScrollRestoration />
    </>
  );
}
