import { FocusTrap } from 'focus-trap-react';
import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { DESKTOP_THRESHOLD_PX } from '@/config/layout';
import { escapeCloses } from '@/ui/escape-closes';
import { MenuToggle } from '@/ui/menu-toggle';
import { useMediaQuery } from '@/ui/use-media-query';
import { useScrollLock } from '@/ui/use-scroll-lock';
import { accountNav, primaryNav, type NavLinkItem } from '../navigation';
import { NavLinkItems } from './nav-link-items';
import { useMenuOpen } from './use-menu-open';
import styles from './account-menu.module.scss';

const DESKTOP = `(min-width: ${DESKTOP_THRESHOLD_PX + 1}px)`;

function LinkList({ items, footer }: { items: readonly NavLinkItem[]; footer?: ReactNode }) {
  return (
    <ul className={styles.list}>
      <NavLinkItems items={items} activeClassName={styles.active} />
      {footer && <li>{footer}</li>}
    </ul>
  );
}

/** The customer area's side menu on windows wider than 768 px (docs/product.md#customer-area). */
export function AccountSidebar({ footer }: { footer?: ReactNode }) {
  return (
    <nav aria-label="Account" className={styles.sidebar}>
      <LinkList items={accountNav} footer={footer} />
    </nav>
  );
}

/**
 * The same menu at 768 px and below (docs/product.md#customer-area): the header's one Menu button opens it as an
 * overlay, with the site's pages after the account's. It locks page scroll while open, keeps focus
 * inside, and closes on Escape, on a followed link, on the backdrop and on growing to desktop width.
 */
export function AccountMenuButton({ footer }: { footer?: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP);
  const [open, setOpen] = useMenuOpen();
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const overlay = open && !desktop;

  useScrollLock(overlay);

  return (
    <>
      <MenuToggle ref={toggle} expanded={overlay} controls={menuId} openLabel="Menu" onClick={() => setOpen(true)} />
      {overlay && (
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is a pointer shortcut; keyboards have Escape and the Close button.
        <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && setOpen(false)}>
          <FocusTrap
            focusTrapOptions={{
              escapeDeactivates: escapeCloses(() => setOpen(false)),
              allowOutsideClick: true,
              returnFocusOnDeactivate: true,
              setReturnFocus: () => toggle.current ?? false,
            }}
          >
            <div id={menuId} className={styles.overlay}>
              <button type="button" className={styles.close} onClick={() => setOpen(false)}>
                <X size={20} />
                Close menu
              </button>
              <nav aria-label="Account">
                <LinkList items={accountNav} footer={footer} />
              </nav>
              <nav aria-label="Site" className={styles.siteLinks}>
                <LinkList items={primaryNav.filter((item) => !accountNav.some((entry) => entry.to === item.to))} />
              </nav>
            </div>
          </FocusTrap>
        </div>
      )}
    </>
  );
}
