/** Who is calling the staff function: a verified ID token whose `role` claim is a staff role and
 *  still is the account's role in Auth, so a role taken away stops working at once here even
 *  while the old token lives on (docs/decisions/0108-staff-console.md). */
import type { Auth } from 'firebase-admin/auth';
import { BRAND } from '../../../src/config/brand';
import { STAFF_ACTIONS, isStaffRole, mayTake, type StaffAction, type StaffRole } from '../../../src/data/staff';
import { bearerToken } from '../caller';
import { StaffRefusal } from './refusal';

export interface StaffMember {
  uid: string;
  email: string | null;
  role: StaffRole;
}

export type StaffAuth = Pick<Auth, 'verifyIdToken' | 'getUser'>;

export const STAFF_ONLY = `This action is for ${BRAND.name} staff.`;
export const ROLE_CHANGED = 'Your staff role has changed since you signed in. Sign in again.';

export function notAllowed(action: StaffAction): string {
  const roles = STAFF_ACTIONS[action] as readonly StaffRole[];
  return `This action is for ${BRAND.name} ${roles.length === 1 ? `${roles[0]}s` : 'staff'}.`;
}

/** 401 without a valid token; 403 for anyone whose token and account do not both say staff. */
export async function identifyStaff(auth: StaffAuth, authorization: string | undefined): Promise<StaffMember> {
  const token = bearerToken(authorization);
  if (!token) throw new StaffRefusal(401, `Sign in as ${BRAND.name} staff: send "Authorization: Bearer <ID token>".`);
  let decoded: Awaited<ReturnType<Auth['verifyIdToken']>>;
  try {
    decoded = await auth.verifyIdToken(token);
  } catch {
    throw new StaffRefusal(401, 'Your sign-in is not valid or has expired. Sign in again.');
  }
  const tokenRole: unknown = decoded.role;
  if (!isStaffRole(tokenRole)) throw new StaffRefusal(403, STAFF_ONLY);
  let current: unknown;
  try {
    const user = await auth.getUser(decoded.uid);
    if (user.disabled) throw new StaffRefusal(401, 'This account is disabled.');
    current = user.customClaims?.role;
  } catch (error) {
    if (error instanceof StaffRefusal) throw error;
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new StaffRefusal(401, 'This account no longer exists.');
    throw error;
  }
  if (current !== tokenRole) throw new StaffRefusal(403, isStaffRole(current) ? ROLE_CHANGED : STAFF_ONLY);
  return { uid: decoded.uid, email: decoded.email ?? null, role: tokenRole };
}

export function requireRole(member: StaffMember, action: StaffAction): void {
  if (!mayTake(member.role, action)) throw new StaffRefusal(403, notAllowed(action));
}
