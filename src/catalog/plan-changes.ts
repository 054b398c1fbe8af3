/** The calls between the site and the functions for billing self-service: manageSubscription (a plan
 *  change's preview and confirmation, a renewal) and guestPortal (a guest's mailed manage link), with
 *  the words of their refusals, defined once for the function and the pages that show them
 *  (docs/decisions/0114-plan-changes-and-proration.md, docs/decisions/0117-guest-manage-links.md). */
import type { BillingPeriod, PlanConfiguration } from './pricing';
import type { ServiceId } from './services';

/** A change: the whole new configuration. `service`, when sent, must be the order's own. */
export type PlanChange = PlanConfiguration & { service?: ServiceId };

export type ManageSubscriptionRequest =
  | { action: 'preview'; orderId: string; change: PlanChange }
  | {
      action: 'change';
      orderId: string;
      change: PlanChange;
      /** The preview's `prorationAt`: Stripe prorates the change as of then, so it bills exactly
       *  what was shown. Refused when older than PRORATION_HOLD_MS or ahead of the server's clock. */
      prorationAt?: number;
    }
  | { action: 'renew'; orderId: string };

/** What Stripe's invoice preview says the change costs. Integer cents, times in ms. */
export interface PlanChangePreview {
  /** Charged at once: the prorated difference for the rest of the period (0 when it is a credit). */
  dueNowCents: number;
  /** What a cheaper configuration credits to the customer's balance for the rest of the period,
   *  which the next invoices take (0 when the change charges). */
  creditCents: number;
  /** The tax in dueNowCents, or in creditCents for a credit; never negative. */
  taxCents: number;
  /** The new amount per billing period, before tax. */
  amountPerPeriodCents: number;
  currency: 'usd';
  billingPeriod: BillingPeriod;
  /** When the new amount is first charged. */
  nextPaymentAt: number;
  /** The moment (ms, whole seconds) the figures are prorated to; sent back with the change. */
  prorationAt: number;
}

/** How long a preview's figures hold: a change confirmed later is refused, to be previewed again,
 *  so that nobody is prorated as of a moment long past (a downgrade dated back would credit time
 *  the dearer plan was used). */
export const PRORATION_HOLD_MS = 15 * 60 * 1000;

export interface ManageSubscriptionPreviewed {
  statusCode: 200;
  data: PlanChangePreview;
}

export interface ManageSubscriptionChanged {
  statusCode: 200;
  data: { status: 'updated' };
}

export interface ManageSubscriptionRenewed {
  statusCode: 200;
  /** The new end of the term (ms). */
  data: { termEndsAt: number };
}

/** The largest body manageSubscription reads. */
export const MANAGE_SUBSCRIPTION_MAX_BODY_BYTES = 4096;

export const MANAGE_SUBSCRIPTION_MESSAGES = {
  signIn: 'Sign in to manage your plan.',
  badToken: 'Your sign-in could not be verified. Sign in again and retry.',
  notYours: 'This order belongs to another account.',
  otherService: 'Plans can only change within the same service.',
  samePlan: 'That is already your plan.',
  magento: 'The Magento plan is pay as you go and is arranged by phone; please call us.',
  notActive: 'This plan is not active, so it cannot be changed. Buy a new plan from the store.',
  canceled: 'This plan is set to end early. Resume it in Manage billing before changing or renewing it.',
  renewWindow: 'A term can be renewed in its last 30 days.',
  tooLarge: 'The request is too large.',
  previewExpired: 'This preview is out of date. Preview the change again to see what it costs now.',
  cardDeclined: 'Your card was declined, so the plan was not changed. Update your card and try again.',
  unavailable: 'This plan cannot be billed right now. Please try again later or contact us.',
  provider: 'The payment provider could not be reached. Please try again.',
} as const;

/** POST guestPortal { token }: answered 200 with the billing portal's address. */
export interface GuestPortalOpened {
  statusCode: 200;
  data: { url: string };
}

/** A guest's manage link: 32 random bytes in base64url. */
const MANAGE_TOKEN_PATTERN = /^[-0-9A-Za-z_]{43}$/;

export function isManageToken(value: unknown): value is string {
  return typeof value === 'string' && MANAGE_TOKEN_PATTERN.test(value);
}

/** How long a mailed manage link works. */
export const MANAGE_LINK_DAYS = 7;

export const GUEST_PORTAL_MESSAGES = {
  malformed: 'This link is not complete. Open it again from the mail, or copy the whole address.',
  unknown: 'This link is not one of ours. Open it again from the mail, or contact us.',
  spent:
    'This link has expired or was used already. For a new one, sign in to an account that holds the order and use Manage billing, or contact support.',
  tooMany: 'Too many unknown links from your network. Please try again in an hour, or contact us.',
} as const;
