/** The words of the console's lists with one filter, shared by their pages and by the overview's
 *  recount report (recount-words.ts), which names a count that was off by them. */
import type { StaffAuditAction } from '@/data/staff';
import type { TradeInState } from '@/data/trade-in';

/** Each action as the log says it; an entry whose action this console does not know shows its name. */
export const ACTION_WORDS: Readonly<Record<StaffAuditAction, string>> = {
  setSubmissionStatus: 'Changed a submission’s state',
  decidePreorder: 'Decided a pre-order',
  resendPass: 'Resent a Space pass',
  confirmTradeIn: 'Credited a trade-in',
  declineTradeIn: 'Declined a trade-in',
  grantRole: 'Changed a staff role',
  lookupCustomer: 'Looked up a customer',
  resendVerification: 'Sent a verification email',
  recountCounters: 'Recounted the counters',
  recordReply: 'Replied to an inquiry',
  exportList: 'Exported a list as CSV',
};

/** Each trade-in state as the Trade-ins page's filter and heading say it. */
export const TRADE_IN_STATE_WORDS: Readonly<Record<TradeInState, string>> = {
  awaiting: 'Awaiting review',
  crediting: 'Being credited',
  credited: 'Credited',
  declined: 'Declined',
};
