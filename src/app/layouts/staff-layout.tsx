import { Link, NavLink, Outlet } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { SignOutButton } from '@/features/auth/sign-out-button';
import { useStaff } from '@/features/staff/staff-context';
import { useNewInquiryCount } from '@/features/staff/use-staff-lists';
import { RouteAnnouncer } from '../route-meta';
import styles from './staff-layout.module.scss';

const ROLE_NAMES = { admin: 'Admin', support: 'Support' } as const;

/** The console's menu: the pages' names (page-titles.ts), the overview's shortened. */
const STAFF_NAV = [
  { to: paths.staff, label: 'Overview', end: true },
  { to: paths.staffInbox, label: PAGE_TITLES.staffInbox, end: false },
  { to: paths.staffProgrammes, label: PAGE_TITLES.staffProgrammes, end: false },
  { to: paths.staffCustomers, label: PAGE_TITLES.staffCustomers, end: false },
  { to: paths.staffTradeIns, label: PAGE_TITLES.staffTradeIns, end: false },
  { to: paths.staffAudit, label: PAGE_TITLES.staffAudit, end: false, adminOnly: true },
] as const;

/** The count of new inquiries beside Inbox: a number to the eye, a phrase to a screen reader. */
function NewCount({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <>
      <span className={styles.badge} aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{`, ${count} new ${count === 1 ? 'inquiry' : 'inquiries'}`}</span>
    </>
  );
}

/**
 * The console's frame: its own bar (who is signed in, in which role), the menu beside the page on
 * a desktop window and above it on a phone, where it wraps instead of hiding behind a button (five
 * entries fit). No site footer: the console is a tool, not a page of the site.
 */
export function StaffLayout() {
  const { user, role } = useStaff();
  const newInquiries = useNewInquiryCount();
  const newInquiryCount = newInquiries.status === 'ready' ? newInquiries.value : null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.bar}>
        <Link to={paths.staff} className={styles.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{BRAND.name} staff</span>
        </Link>
        <p className={styles.who}>
          {user.email} <span className={styles.role}>{ROLE_NAMES[role]}</span>
        </p>
      </header>
      <div className={styles.shell}>
        <nav aria-label="Staff console" className={styles.nav}>
          <ul className={styles.list}>
            {STAFF_NAV.filter((item) => role === 'admin' || !('adminOnly' in item)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.label}
                  {item.to === paths.staffInbox && <NewCount count={newInquiryCount} />}
                </NavLink>
              </li>
            ))}
            <li>
              <SignOutButton className={styles.signOut} />
            </li>
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      <RouteAnnouncer />
    </>
  );
}
