/** What /manage-plan says (docs/decisions/0117-guest-manage-links.md): here, apart from the page, so
 *  the browser tests read the same words. */
import { MANAGE_LINK_DAYS } from '@/catalog/plan-changes';

/** The query parameter of the mailed link: paths.managePlan?token=…. */
export const MANAGE_TOKEN_PARAM = 'token';

export const MANAGE_PLAN_TEXTS = {
  opening: 'Opening your billing portal…',
  leaving: 'Taking you to Stripe’s billing portal…',
  brokenTitle: 'This link is not complete',
  unknownTitle: 'This link is not valid',
  spentTitle: 'This link has expired or was used',
  failedTitle: 'The billing portal could not be opened',
  /** What to do next, under every refusal. */
  next: `Each Manage your plan link opens the billing portal once, within ${MANAGE_LINK_DAYS} days of the mail. If you have an account that holds the order, sign in and use Manage billing on your orders; otherwise contact support and we will send a new link.`,
} as const;
