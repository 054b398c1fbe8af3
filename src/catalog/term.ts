/**
 * The 12-month term, told the same way on the price bar, at checkout, in the Terms of Service and
 * on the order card (docs/decisions/0115-the-term-ends-unless-renewed.md): it ends at its end
 * unless the customer renews it; nothing renews silently. Pure data, shared with the functions.
 */
import { formatBillingDate, TERM_MONTHS } from './subscription';

/** The buyer is mailed, and the dashboard shows a notice, this many days before the term ends. */
export const TERM_NOTICE_DAYS = 14;

/** Renew is offered in the last days of a term, not before. */
export const RENEW_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export const TERM_TEXTS = {
  /** After the price bar's "for 12 mo." (docs/product.md#product-details keeps those words). */
  priceBar: 'then ends unless renewed',
  /** What a plan's term means, in one place for checkout, the Terms and the order card. */
  summary: `Every plan runs for a ${TERM_MONTHS}-month term and then ends unless you renew it: we email you ${TERM_NOTICE_DAYS} days before the end, and renewing adds another ${TERM_MONTHS} months.`,
  /** What happens when the customer does nothing. */
  ifNothing: 'If you do nothing, the plan ends on that date and nothing more is charged.',
  renewButton: `Renew for ${TERM_MONTHS} months`,
} as const;

/** "Term ends on Oct 1, 2027". */
export function termEndsText(termEndsAt: number): string {
  return `Term ends on ${formatBillingDate(termEndsAt)}`;
}

/** Whether `now` is in the last RENEW_WINDOW_DAYS of a term that ends at `termEndsAt`. */
export function inRenewWindow(termEndsAt: number, now: number): boolean {
  return now < termEndsAt && termEndsAt - now <= RENEW_WINDOW_DAYS * DAY_MS;
}
