import { createContext, useContext } from 'react';
import type { User } from 'firebase/auth';
import { mayTake, type StaffAction, type StaffRole } from '@/data/staff';

export interface StaffMember {
  user: User;
  role: StaffRole;
}

/** Who is using the console; set by StaffGate once the role claim says staff. */
export const StaffContext = createContext<StaffMember | null>(null);

export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('A console page needs the <StaffGate> above it');
  return staff;
}

/** Whether the signed-in staff member's role may take `action` (src/data/staff.ts). Support sees
 *  the admin's controls disabled, with ADMIN_ONLY saying why. */
export function useMayTake(action: StaffAction): boolean {
  return mayTake(useStaff().role, action);
}

export const ADMIN_ONLY = 'Only an admin can do this.';
