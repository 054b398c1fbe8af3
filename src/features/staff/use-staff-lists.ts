import { useMemo } from 'react';
import { useLiveValue, type LiveValue } from '@/firebase/use-live-value';
import type { StaffFigures } from '@/data/staff';
import { watchStaffFigures, watchStatusCounts, watchSubmissionCount } from './staff-data';

// Module constants: useLiveValue needs a watch that keeps its identity between renders.
const watchNewInquiries = watchSubmissionCount('contact', 'new');
const watchPendingPreorders = watchSubmissionCount('preorder', 'pending');

/** How many inquiries nobody has answered yet, and pre-orders nobody has decided: the counters a
 *  trigger keeps, so the navigation on every console page reads a number, not the lists. */
export const useNewInquiryCount = (): LiveValue<number> => useLiveValue(watchNewInquiries);
export const usePendingPreorderCount = (): LiveValue<number> => useLiveValue(watchPendingPreorders);

/** The overview's active plans, monthly recurring revenue and customers, kept by triggers. */
export const useStaffFigures = (): LiveValue<StaffFigures> => useLiveValue(watchStaffFigures);
/** A list's count in each state, from its counters node (`path`); `statuses` a module constant. */
export function useStatusCounts<S extends string>(path: string, statuses: readonly S[]): LiveValue<Record<S, number>> {
  return useLiveValue(useMemo(() => watchStatusCounts(path, statuses), [path, statuses]));
}
