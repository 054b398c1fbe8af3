import { FocusTrap } from 'focus-trap-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { DESKTOP_THRESHOLD_PX } from '@/config/layout';
import { useMediaQuery } from '@/ui/use-media-query';
import { useScrollLock } from '@/ui/use-scroll-lock';
import { accountNav } from '../navigation';
import styles from './account-menu.module.scss';

const DESKTOP = `(min-width: ${DESKTOP_THRESHOLD_PX + 1}px)`;

/**
 * The customer area's side menu (spec section 2): a list on windows wider than 768 px; below
 * that a button that opens it as an overlay, which locks page scroll while open, keeps focus inside,
 * and closes on Escape, on a followed link, on the backdrop and on growing to desktop width.
 */
export function AccountMenu({ footer }: { footer?: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const overlay = open && !desktop;

  useEffect(() => setOpen(false), [pathname]);

  useScrollLock(overlay);

  const list = (
    <ul className={styles.list}>
      {accountNav.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
            {item.label}
          </NavLink>
        </li>
      ))}
      {footer && <li>{footer}</li>}
    </ul>
  );

  // Both forms are rendered and CSS shows the one that fits, so the pre-rendered store and the
  // first render after hydration (which cannot know the width) agree and nothing moves.
  return (
    <>
      <nav aria-label="Account" className={styles.sidebar}>
        {list}
      </nav>
      <div className={styles.bar}>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(true)}
        >
          <span className={styles.burger} aria-hidden="true" />
          Account menu
        </button>
        {overlay && (
          <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && setOpen(false)}>
            <FocusTrap
              focusTrapOptions={{
                escapeDeactivates: false,
                allowOutsideClick: true,
                returnFocusOnDeactivate: true,
                setReturnFocus: () => toggle.current ?? false,
              }}
            >
              <nav
                id={menuId}
                aria-label="Account"
                className={styles.overlay}
                onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
              >
                <button type="button" className={styles.close} onClick={() => setOpen(false)}>
                  Close menu
                </button>
                {list}
              </nav>
            </FocusTrap>
          </div>
        )}
      </div>
    </>
  );
}
