/** Addresses inside the console that pages link to: a list's state filter and a section. */
import { paths } from '@/config/paths';

/** A list's state filter in the address, so a filtered list can be linked and reloaded (the other
 *  parameters of a list are in lists/list-params.ts). */
export const STATE_PARAM = 'state';

export const PROGRAMME_SECTIONS = {
  openAccess: 'open-access-waitlist',
  builder: 'builder-waitlist',
  preorders: 'space-preorders',
} as const;

export const newInquiriesPath = `${paths.staffInbox}?${STATE_PARAM}=new`;
/** Programmes shows the list its #section names, here filtered to the pre-orders waiting for a decision. */
export const pendingPreordersPath = `${paths.staffProgrammes}?${STATE_PARAM}=pending#${PROGRAMME_SECTIONS.preorders}`;

/** The Customers page with an account looked up: by its exact address, or opened from its row. */
export const EMAIL_PARAM = 'email';
export const UID_PARAM = 'uid';
export const customerPath = (email: string) => `${paths.staffCustomers}?${new URLSearchParams({ [EMAIL_PARAM]: email }).toString()}`;
