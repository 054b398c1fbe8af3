import { useLiveValue, type LiveValue } from '@/firebase/use-live-value';
import type { StaffFigures } from '@/data/staff';
import {
  watchContactInquiries,
  watchPreorders,
  watchStaffFigures,
  watchSubmissionCount,
  watchTradeInOrders,
  watchWaitlist,
} from './staff-data';
import type { ContactInquiry, Preorder, StaffOrder, WaitlistEntry } from './staff-records';

/** The console's lists, live. Several screens may watch one list; the SDK shares the listener. */
export const useContactInquiries = (): LiveValue<ContactInquiry[]> => useLiveValue(watchContactInquiries);
export const useWaitlist = (): LiveValue<WaitlistEntry[]> => useLiveValue(watchWaitlist);
export const usePreorders = (): LiveValue<Preorder[]> => useLiveValue(watchPreorders);
export const useTradeInOrders = (): LiveValue<StaffOrder[]> => useLiveValue(watchTradeInOrders);

// Module constants: useLiveValue needs a watch that keeps its identity between renders.
const watchNewInquiries = watchSubmissionCount('contact', 'new');
const watchPendingPreorders = watchSubmissionCount('preorder', 'pending');

/** How many inquiries nobody has answered yet, and pre-orders nobody has decided: the counters a
 *  trigger keeps, so the navigation on every console page reads a number, not the lists. */
export const useNewInquiryCount = (): LiveValue<number> => useLiveValue(watchNewInquiries);
export const usePendingPreorderCount = (): LiveValue<number> => useLiveValue(watchPendingPreorders);

/** The overview's active plans, monthly recurring revenue and customers, kept by triggers. */
export const useStaffFigures = (): LiveValue<StaffFigures> => useLiveValue(watchStaffFigures);
