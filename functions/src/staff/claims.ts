/** Who is calling the staff function: a verified, unrevoked ID token whose `role` claim is a staff
 *  role, still the account's role in Auth and still the role the server recorded at
 *  staff_roles/<uid>, so a role taken away stops working at once here and in the database rules
 *  even while the old token lives on (docs/decisions/0108-staff-console.md). */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { BRAND } from '../../../src/config/brand';
import { STAFF_ACTIONS, STAFF_ROLES_PATH, isStaffRole, mayTake, type StaffAction, type StaffRole } from '../../../src/data/staff';
import { bearerToken } from '../http/caller';
import { StaffRefusal } from './refusal';

export interface StaffMember {
  uid: string;
  email: string | null;
  role: StaffRole;
}

export type StaffAuth = Pick<Auth, 'verifyIdToken' | 'getUser'>;

export const STAFF_ONLY = `This action is for ${BRAND.name} staff.`;
export const ROLE_CHANGED = 'Your staff role has changed since you signed in. Sign in again.';
export const SIGN_IN_AGAIN = 'Your sign-in is not valid or has expired. Sign in again.';
export const ACCOUNT_DISABLED = 'This account is disabled.';
export const ACCOUNT_GONE = 'This account no longer exists.';

export function notAllowed(action: StaffAction): string {
  const roles = STAFF_ACTIONS[action] as readonly StaffRole[];
  return `This action is for ${BRAND.name} ${roles.length === 1 ? `${roles[0]}s` : 'staff'}.`;
}

/** staff_roles/<uid>: the role the server last recorded for the account, or null. */
export async function recordedRole(database: Database, uid: string): Promise<StaffRole | null> {
  const value: unknown = (await database.ref(`${STAFF_ROLES_PATH}/${uid}`).get()).val();
  return isStaffRole(value) ? value : null;
}

const REFUSED_TOKENS: Record<string, string> = {
  // Revoked when the role was taken away or lowered (grantRole, staff:grant), or on a password change.
  'auth/id-token-revoked': SIGN_IN_AGAIN,
  'auth/user-disabled': ACCOUNT_DISABLED,
  'auth/user-not-found': ACCOUNT_GONE,
};

/** 401 without a valid, unrevoked token; 403 for anyone whose token, account and record do not all
 *  say the same staff role. */
export async function identifyStaff(auth: StaffAuth, database: Database, authorization: string | undefined): Promise<StaffMember> {
  const token = bearerToken(authorization);
  if (!token) throw new StaffRefusal(401, `Sign in as ${BRAND.name} staff: send "Authorization: Bearer <ID token>".`);
  let decoded: Awaited<ReturnType<Auth['verifyIdToken']>>;
  try {
    decoded = await auth.verifyIdToken(token, true);
  } catch (error) {
    throw new StaffRefusal(401, REFUSED_TOKENS[(error as { code?: string }).code ?? ''] ?? SIGN_IN_AGAIN);
  }
  const tokenRole: unknown = decoded.role;
  if (!isStaffRole(tokenRole)) throw new StaffRefusal(403, STAFF_ONLY);
  // Auth's claim and the server's record, read together: two answers waited for once.
  const [user, recorded] = await Promise.all([
    auth.getUser(decoded.uid).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'auth/user-not-found') throw new StaffRefusal(401, ACCOUNT_GONE);
      throw error;
    }),
    recordedRole(database, decoded.uid),
  ]);
  if (user.disabled) throw new StaffRefusal(401, ACCOUNT_DISABLED);
  const current: unknown = user.customClaims?.role;
  if (current !== tokenRole || recorded !== tokenRole) {
    const otherRole = [current, recorded].some((role) => isStaffRole(role) && role !== tokenRole);
    throw new StaffRefusal(403, otherRole ? ROLE_CHANGED : STAFF_ONLY);
  }
  return { uid: decoded.uid, email: decoded.email ?? null, role: tokenRole };
}

export function requireRole(member: StaffMember, action: StaffAction): void {
  if (!mayTake(member.role, action)) throw new StaffRefusal(403, notAllowed(action));
}
