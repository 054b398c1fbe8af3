import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { MenuToggle } from '@/ui/menu-toggle';
import { primaryNav } from '../navigation';
import { HeaderSessionItems } from './header-account-menu';
import { NavLinkItems } from './nav-link-items';
import { useMenuOpen } from './use-menu-open';
import styles from './site-header.module.scss';

interface SiteHeaderProps {
  /** Replaces the header's own phone menu, so a phone never shows two menu buttons (the customer
   *  area brings its side menu here). Desktops still show the header's links. */
  phoneMenu?: ReactNode;
}

export function SiteHeader({ phoneMenu }: SiteHeaderProps) {
  // A followed link closes the phone menu.
  const [menuOpen, setMenuOpen] = useMenuOpen();
  const menuId = useId();

  // Escape closes the open menu wherever focus is: opened from its button, focus is still there,
  // outside the menu.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen, setMenuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{BRAND.name}</span>
        </Link>
        {phoneMenu ?? <MenuToggle expanded={menuOpen} controls={menuId} onClick={() => setMenuOpen((open) => !open)} />}
        <nav id={menuId} aria-label="Main" className={`${styles.nav} ${menuOpen ? styles.open : ''}`}>
          <ul className={styles.links}>
            <NavLinkItems items={primaryNav} activeClassName={styles.active} />
            <HeaderSessionItems />
          </ul>
        </nav>
      </div>
    </header>
  );
}
