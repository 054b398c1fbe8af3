import type { SubmissionKind } from '@/config/data-limits';
import type { StatusTone } from '@/data/order-display';
import type { StatusOf } from '@/data/staff';

/** How each state of a submission looks: waiting for staff, done, or put away. */
export const SUBMISSION_TONES: { readonly [K in SubmissionKind]: Readonly<Record<StatusOf<K>, StatusTone>> } = {
  contact: { new: 'waiting', answered: 'good', archived: 'over' },
  waitlist: { new: 'waiting', contacted: 'good', archived: 'over' },
  preorder: { pending: 'waiting', approved: 'good', declined: 'over' },
};
