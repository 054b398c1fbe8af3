import { useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import { isStaffRole, type StaffRole } from '@/data/staff';
import { useAuth } from '@/session/auth-context';
import { useStaffRoleRecord } from './staff-role-record';

export type StaffAccess =
  | { status: 'checking' }
  | { status: 'visitor' }
  /** Signing out from the console: nothing to show while the sign-in page loads. */
  | { status: 'signing-out' }
  | { status: 'not-staff'; user: User }
  | { status: 'staff'; user: User; role: StaffRole }
  /** The token still says `role`, but the server's record no longer does: removed (null) or
   *  changed to `recorded`. The database already refuses the token; the person is signed out. */
  | { status: 'role-ended'; user: User; role: StaffRole; recorded: StaffRole | null }
  | { status: 'error'; message: string };

export const ACCESS_CHECK_FAILED = 'We could not check your access. Check your connection and reload the page.';

/** The role claim of the user's ID token. The token is refreshed first, so a role granted since
 *  the last refresh counts now, not an hour later; offline, the token at hand answers. */
export async function readStaffRole(user: User): Promise<StaffRole | null> {
  const token = await user.getIdTokenResult(true).catch(() => user.getIdTokenResult());
  return isStaffRole(token.claims.role) ? token.claims.role : null;
}

type Reading = { uid: string; role: StaffRole | null } | { uid: string; failed: true };

/** Who may use the console (docs/decisions/0108-staff-console.md): nobody signed in, someone
 *  without a staff role, a staff member with their role, or one whose role has just ended. The
 *  token's role is read once per signed-in account; the server's record of it is watched live, and
 *  the role counts only while the two agree, as in the database rules. */
export function useStaffAccess(): StaffAccess {
  const { user, ready, signingOut } = useAuth();
  const [reading, setReading] = useState<Reading | null>(null);
  const tokenRole = reading && !('failed' in reading) && reading.uid === user?.uid ? reading.role : null;
  const record = useStaffRoleRecord(tokenRole ? reading!.uid : null);

  useEffect(() => {
    if (!user) return;
    let current = true;
    readStaffRole(user).then(
      (role) => current && setReading({ uid: user.uid, role }),
      (error: unknown) => {
        console.warn('Could not read the role claim', error);
        if (current) setReading({ uid: user.uid, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [user]);

  if (signingOut) return { status: 'signing-out' };
  if (!ready) return { status: 'checking' };
  if (!user) return { status: 'visitor' };
  if (reading?.uid !== user.uid) return { status: 'checking' };
  if ('failed' in reading) return { status: 'error', message: ACCESS_CHECK_FAILED };
  if (!reading.role) return { status: 'not-staff', user };
  if (record.status === 'error') return { status: 'error', message: ACCESS_CHECK_FAILED };
  if (record.status === 'loading') return { status: 'checking' };
  if (record.value !== reading.role) return { status: 'role-ended', user, role: reading.role, recorded: record.value };
  return { status: 'staff', user, role: reading.role };
}
