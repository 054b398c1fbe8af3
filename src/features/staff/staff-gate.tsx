import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { paths, signInPath } from '@/config/paths';
import type { StaffRole } from '@/data/staff';
import { useAuthState } from '@/session/auth-context';
import { alertError } from '@/ui/alerts';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';
import { ROLE_ENDED } from './role-ended';
import { StaffContext } from './staff-context';
import { useStaffAccess } from './use-staff-access';

export const NOT_STAFF = {
  title: `This area is for ${BRAND.name} staff`,
  text: (email: string) =>
    `You are signed in as ${email || 'an account'} without a staff role. If you work at ${BRAND.name}, ask an admin to grant you one; it counts from your next visit here.`,
  dashboard: 'Go to your dashboard',
  home: 'Go to the home page',
  console: `${BRAND.name} staff console`,
} as const;

/** Signs the person out once, and tells them why: the session ends first, so nothing of the
 *  console stays on screen or keeps listening while the message waits to be read. */
function RoleEnded({ recorded, frame }: { recorded: StaffRole | null; frame: StaffGateProps['frame'] }) {
  const { signOut } = useAuthState();
  const message = recorded ? ROLE_ENDED.changed(recorded) : ROLE_ENDED.removed;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut().catch((error: unknown) => console.warn('Sign-out failed', error));
    void alertError(message);
  }, [signOut, message]);
  return frame(
    <PageIntro title={message.title}>
      <p role="alert">{message.text}</p>
    </PageIntro>,
  );
}

interface StaffGateProps {
  /** The console for a staff member. */
  children: ReactNode;
  /** The frame around what everyone else sees (the spinner, the "staff only" page). */
  frame: (content: ReactNode) => ReactNode;
}

/**
 * The console's door (docs/decisions/0108-staff-console.md): a visitor goes to sign in and comes
 * back; a signed-in account without a staff role gets a page that says whose area this is (not the
 * customer area's "Inactive Session", which would be untrue); a staff member gets the console,
 * with their role for the pages to read. Nothing of the console renders, and so nothing of it is
 * read from the database, before the role is known: the token's claim and the server's record of it
 * agree. When the record stops saying the token's role (removed, or changed), the person is told so
 * and signed out, and comes back through the sign-in page.
 */
export function StaffGate({ children, frame }: StaffGateProps) {
  const access = useStaffAccess();
  const { pathname, search } = useLocation();
  const user = access.status === 'staff' ? access.user : null;
  const role = access.status === 'staff' ? access.role : null;
  const staff = useMemo(() => (user && role ? { user, role } : null), [user, role]);

  if (staff) return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
  if (access.status === 'visitor') return <Navigate to={signInPath(pathname + search)} replace />;
  if (access.status === 'signing-out') return null;
  if (access.status === 'checking') return frame(<Spinner block label="Checking your access…" />);
  if (access.status === 'role-ended') return <RoleEnded recorded={access.recorded} frame={frame} />;
  if (access.status === 'error') {
    return frame(
      <PageIntro title={NOT_STAFF.console}>
        <p role="alert">{access.message}</p>
      </PageIntro>,
    );
  }
  return frame(
    <PageIntro title={NOT_STAFF.title} summary={NOT_STAFF.text(access.user.email ?? '')}>
      <p>
        <ButtonLink to={paths.dashboard}>{NOT_STAFF.dashboard}</ButtonLink>{' '}
        <ButtonLink to={paths.home} variant="secondary">
          {NOT_STAFF.home}
        </ButtonLink>
      </p>
    </PageIntro>,
  );
}
