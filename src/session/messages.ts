/** The session's own text: what the customer area's guard says to someone no longer signed in. */
import type { AlertMessage } from '@/ui/alerts';

export const INACTIVE_SESSION: AlertMessage = {
  title: 'Inactive Session',
  text: 'Your session has expired, login please',
};
