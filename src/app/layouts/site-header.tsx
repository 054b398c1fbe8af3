import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { primaryNav } from '../navigation';
import styles from './site-header.module.scss';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // A followed link closes the phone menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{BRAND.name}</span>
        </Link>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.burger} aria-hidden="true" />
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <nav
          id={menuId}
          aria-label="Main"
          className={`${styles.nav} ${menuOpen ? styles.open : ''}`}
          onKeyDown={(e) => e.key === 'Escape' && setMenuOpen(false)}
        >
          <ul className={styles.links}>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={paths.signIn} className={styles.signIn}>
                Sign in
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
