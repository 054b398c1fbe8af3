/**
 * The customer area's calls to manageSubscription (preview and confirm a plan change, renew the
 * term) and the guest's call to guestPortal (docs/decisions/0114-plan-changes-and-proration.md,
 * docs/decisions/0117-guest-manage-links.md). The functions decide every amount from the catalogue
 * and the subscription; the browser sends only the order and the configuration chosen.
 */
import type { User } from 'firebase/auth';
import type { ManageSubscriptionRequest, PlanChangePreview as PreviewAnswer } from '@/catalog/plan-changes';
import { isBillingPeriod, type PlanConfiguration } from '@/catalog/pricing';
import { callFunction, isRecord, refusalOf, type FunctionAnswer } from '@/firebase/functions';
import { BILLING_MESSAGES as MESSAGES } from './billing-api';

/** What Stripe's invoice preview says a change costs (integer cents), as the page reads it. */
export type PlanChangePreview = Omit<PreviewAnswer, 'currency' | 'nextPaymentAt' | 'prorationAt'> & {
  /** ms since the epoch; null when the answer did not say. */
  nextPaymentAt: number | null;
  /** Sent back with the change, so that it bills what was shown; null when the answer did not say. */
  prorationAt: number | null;
};

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number | null; message: string };

/** The answer's data: the functions answer `{ statusCode, data }`; a bare object is taken too. */
function dataOf(answer: FunctionAnswer, expected: number): Record<string, unknown> | null {
  if (!answer.reached || answer.status !== expected || !isRecord(answer.body)) return null;
  const { body } = answer;
  if (body.statusCode === expected && isRecord(body.data)) return body.data;
  return 'data' in body ? null : body;
}

function failure(answer: FunctionAnswer): { ok: false; status: number | null; message: string } {
  if (!answer.reached) {
    return { ok: false, status: null, message: answer.reason === 'unreachable' ? MESSAGES.unreachable : MESSAGES.notConfigured };
  }
  return { ok: false, status: answer.status, message: refusalOf(answer).message ?? MESSAGES.refused(answer.status) };
}

const isCents = (value: unknown): value is number => Number.isSafeInteger(value);

function toPreview(data: Record<string, unknown> | null): PlanChangePreview | null {
  if (!data) return null;
  const { dueNowCents, creditCents, taxCents, amountPerPeriodCents, billingPeriod, nextPaymentAt, prorationAt } = data;
  if (!isCents(dueNowCents) || !isCents(amountPerPeriodCents) || !isBillingPeriod(billingPeriod)) return null;
  return {
    dueNowCents,
    creditCents: isCents(creditCents) && creditCents > 0 ? creditCents : 0,
    taxCents: isCents(taxCents) && taxCents > 0 ? taxCents : 0,
    amountPerPeriodCents,
    billingPeriod,
    nextPaymentAt: isCents(nextPaymentAt) && nextPaymentAt > 0 ? nextPaymentAt : null,
    prorationAt: isCents(prorationAt) && prorationAt > 0 ? prorationAt : null,
  };
}

async function manage(user: User, body: ManageSubscriptionRequest): Promise<FunctionAnswer> {
  return callFunction('manageSubscription', { body, idToken: await user.getIdToken() });
}

export async function previewPlanChange(user: User, orderId: string, change: PlanConfiguration): Promise<Outcome<PlanChangePreview>> {
  const answer = await manage(user, { action: 'preview', orderId, change });
  const preview = toPreview(dataOf(answer, 200));
  return preview ? { ok: true, value: preview } : failure(answer);
}

/** Resolves once Stripe has the new items; the order follows through the webhook. The preview's
 *  moment goes with it, so the change bills what the preview showed. */
export async function confirmPlanChange(
  user: User,
  orderId: string,
  change: PlanConfiguration,
  preview: Pick<PlanChangePreview, 'prorationAt'>,
): Promise<Outcome<null>> {
  const answer = await manage(user, {
    action: 'change',
    orderId,
    change,
    ...(preview.prorationAt !== null ? { prorationAt: preview.prorationAt } : {}),
  });
  return dataOf(answer, 200)?.status === 'updated' ? { ok: true, value: null } : failure(answer);
}

/** Adds 12 months to the term; answers the new end (ms). */
export async function renewTerm(user: User, orderId: string): Promise<Outcome<number>> {
  const answer = await manage(user, { action: 'renew', orderId });
  const termEndsAt = dataOf(answer, 200)?.termEndsAt;
  return isCents(termEndsAt) && termEndsAt > 0 ? { ok: true, value: termEndsAt } : failure(answer);
}

/** A guest's mailed manage link exchanged for a billing portal session of that buyer's customer. */
export async function openGuestPortal(token: string): Promise<Outcome<string>> {
  const answer = await callFunction('guestPortal', { body: { token } });
  const url = dataOf(answer, 200)?.url;
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return { ok: true, value: parsed.toString() };
    } catch {
      // Not an address: treated as any other unusable answer below.
    }
  }
  return failure(answer.reached && answer.status === 200 ? { reached: true, status: 502, body: null } : answer);
}
