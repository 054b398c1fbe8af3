import type { User } from 'firebase/auth';
import { paths } from '@/config/paths';
import { isStaffRole } from '@/data/staff';

/** Where a person lands after signing in when no ?next= says: staff in their console, everyone
 *  else in the customer area. Staff have no customer profile, so the customer area would send them
 *  to "Complete your profile" (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide).
 *  The token's role claim decides; the console checks the server's record of it. */
export async function landingPathOf(user: User): Promise<string> {
  const token = await user.getIdTokenResult().catch(() => null);
  return isStaffRole(token?.claims.role) ? paths.staff : paths.dashboard;
}
