import { BRAND } from '@/config/brand';
import type { StaffRole } from '@/data/staff';
import type { AlertMessage } from '@/ui/alerts';

/** What a person whose role ended while the console was open is told, as they are signed out. */
export const ROLE_ENDED = {
  removed: {
    title: 'Your staff role was removed',
    text: `An admin removed your staff role, so you have been signed out of the ${BRAND.name} staff console. If you think this is a mistake, ask an admin.`,
  },
  changed: (role: StaffRole): AlertMessage => ({
    title: 'Your staff role has changed',
    text: `An admin changed your staff role to ${role}, so you have been signed out. Sign in again to use the console as ${role}.`,
  }),
} as const;
