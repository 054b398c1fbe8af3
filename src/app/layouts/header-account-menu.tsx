import { ChevronDown } from 'lucide-react';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isStaffRole } from '@/data/staff';
import { SignOutButton } from '@/features/auth/sign-out-button';
import { AuthContext } from '@/session/auth-context';
import { sessionVisibility } from '@/ui/session-visibility';
import { accountNav } from '../navigation';
import { NavLinkItems } from './nav-link-items';
import { useMenuOpen } from './use-menu-open';
import styles from './site-header.module.scss';

/** The header's way into the customer area: the three places people look for most. */
const HEADER_PATHS: readonly string[] = [paths.dashboard, paths.orderHistory, paths.profileSettings];
const HEADER_ACCOUNT_LINKS = accountNav.filter((item) => HEADER_PATHS.includes(item.to));

/** Whether the signed-in person's ID token carries a staff role. Read from the user Auth already
 *  has, never loading it: a visitor's page stays free of Firebase (tests/e2e/bundle.spec.ts). The
 *  console checks the server's record of the role; this only shows the way there. */
function useStaffClaim(): boolean {
  const state = useContext(AuthContext);
  const user = state?.ready ? state.user : null;
  const [staffUid, setStaffUid] = useState<string | null>(null);
  useEffect(() => {
    if (!user) return;
    let current = true;
    user.getIdTokenResult().then(
      (token) => current && setStaffUid(isStaffRole(token.claims.role) ? user.uid : null),
      () => current && setStaffUid(null),
    );
    return () => {
      current = false;
    };
  }, [user]);
  return user !== null && staffUid === user.uid;
}

/**
 * "Sign in" for visitors, an Account menu (Dashboard, Orders, Profile Settings, Sign out) for a
 * signed-in customer, and "Staff console" beside it for staff. Both are rendered and the session hint shows one (ui/session-visibility), so
 * the pre-rendered page is right before any script runs. On a phone the entries sit open inside the site's one menu.
 */
export function HeaderSessionItems() {
  const [open, setOpen] = useMenuOpen();
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open, setOpen]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };

  const staff = useStaffClaim();

  return (
    <>
      {staff && (
        <li className={sessionVisibility.memberOnly}>
          <NavLink to={paths.staff} className={({ isActive }) => (isActive ? styles.active : undefined)}>
            Staff console
          </NavLink>
        </li>
      )}
      <li className={sessionVisibility.visitorOnly}>
        <NavLink to={paths.signIn} className={styles.signIn}>
          Sign in
        </NavLink>
      </li>
      <li
        ref={container}
        className={`${sessionVisibility.memberOnly} ${styles.account} ${open ? styles.accountOpen : ''}`}
        onKeyDown={onKeyDown}
      >
        <button
          ref={toggle}
          type="button"
          className={styles.accountToggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          Account
          <ChevronDown className={styles.caret} size={18} />
        </button>
        <ul id={listId} className={styles.accountList} aria-label="Account">
          <NavLinkItems items={HEADER_ACCOUNT_LINKS} activeClassName={styles.active} />
          <li>
            <SignOutButton className={styles.signOut} />
          </li>
        </ul>
      </li>
    </>
  );
}
