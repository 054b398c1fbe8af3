/** confirmTradeIn and declineTradeIn: an admin confirms an order's declared trade-in, and the
 *  catalogue's reward is credited to the customer's Stripe balance once (trade-in-credit.ts does the
 *  crediting, docs/decisions/0108-staff-console.md), or declines it; either way the order says so
 *  and the call that decided mails the customer once
 *  (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide). */
import { logger } from 'firebase-functions';
import Stripe from 'stripe';
import { SERVICE_LABELS, isServiceId } from '../../../src/catalog/services';
import { paths } from '../../../src/config/paths';
import { isClosedOrder, orderPath, type OrderTradeInRecord } from '../../../src/data/orders';
import type { StaffMailOutcome, TradeInConfirmResult, TradeInDeclineResult } from '../../../src/data/staff';
import { declaredTradeIn } from '../../../src/data/trade-in';
import { creditTradeIn, declineTradeIn as declineOrderTradeIn } from '../billing/trade-in-credit';
import { orderConfiguration } from '../billing/order-plan';
import { orderCardUrl, planDescription, sendMail, siteLink, tradeInDecisionMail } from '../mail';
import { normaliseEmail } from '../mail/email';
import { audit } from './audit';
import type { ActionContext, StaffDependencies } from './context';
import { orderId as orderIdField } from './input';
import { StaffRefusal } from './refusal';

/** Stripe could not be asked: not the caller's fault, and nothing was credited twice. */
export class StripeUnavailable extends Error {}

/** Mails the buyer the decision, as the order now is. No mail for an order whose buyer deleted
 *  their account, nor without an address. */
async function mailDecision(deps: StaffDependencies, orderId: string): Promise<StaffMailOutcome | null> {
  const order = (await deps.database.ref(orderPath(orderId)).get()).val() as Record<string, unknown> | null;
  const tradeIn = order && declaredTradeIn(order);
  const to = order && !isClosedOrder(order) ? normaliseEmail(order.customerEmail) : null;
  if (!order || !tradeIn || !to) return null;
  const configuration = orderConfiguration(order);
  const service = isServiceId(order.product) ? order.product : null;
  const what = service && configuration ? planDescription(service, configuration) : service ? SERVICE_LABELS[service] : 'your plan';
  const { siteUrl } = deps.mail;
  const orderUrl = typeof order.buyer === 'string' ? orderCardUrl(siteUrl, orderId) : siteLink(siteUrl, paths.contact);
  const outcome = await sendMail(deps.mail, { to, ...tradeInDecisionMail({ order: what, tradeIn, orderUrl, siteUrl }) });
  if (outcome.status !== 'sent' && outcome.status !== 'not-configured') {
    logger.warn('staff: the trade-in decision mail did not go out', { orderId, outcome });
  }
  return outcome.status === 'sent' || outcome.status === 'not-configured' ? outcome.status : 'failed';
}

type Decision =
  | { outcome: 'not-found' }
  | { outcome: 'not-eligible'; reason: string }
  | { outcome: 'credited' | 'already-credited' | 'declined' | 'already-declined'; tradeIn: OrderTradeInRecord };

/** The answer to a decision: a refusal thrown; the call that decided mails the customer and is
 *  audited; a repeat answers what is stored, mailing nobody. */
async function answer<Outcome extends 'credited' | 'declined'>(
  { deps, actor, now }: ActionContext,
  action: 'confirmTradeIn' | 'declineTradeIn',
  orderId: string,
  decided: Outcome,
  decision: Decision,
) {
  if (decision.outcome === 'not-found') throw new StaffRefusal(404, `No order has the id ${orderId}.`);
  if (decision.outcome === 'not-eligible') throw new StaffRefusal(409, decision.reason);
  let mail: StaffMailOutcome | null = null;
  if (decision.outcome === decided) {
    mail = await mailDecision(deps, orderId);
    await audit(deps.database, actor, action, orderPath(orderId), now, `trade-in ${decided}; mail ${mail ?? 'none'}`);
  }
  return { orderId, outcome: decision.outcome as Outcome | `already-${Outcome}`, tradeIn: decision.tradeIn, mail };
}

export async function confirmTradeIn(context: ActionContext): Promise<TradeInConfirmResult> {
  const { deps, actor, body, now } = context;
  const orderId = orderIdField(body, 'orderId');
  let credit: Decision;
  try {
    credit = await creditTradeIn({ database: deps.database, stripe: deps.stripe(), now: () => now }, orderId, actor.uid);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('staff: Stripe refused the trade-in credit', { orderId, type: error.type, code: error.code, status: error.statusCode });
    throw new StripeUnavailable(`The payment provider did not take the credit: ${error.message}. Nothing was credited; try again.`);
  }
  return answer(context, 'confirmTradeIn', orderId, 'credited', credit);
}

export async function declineTradeIn(context: ActionContext): Promise<TradeInDeclineResult> {
  const orderId = orderIdField(context.body, 'orderId');
  const decline = await declineOrderTradeIn({ database: context.deps.database, now: () => context.now }, orderId, context.actor.uid);
  return answer(context, 'declineTradeIn', orderId, 'declined', decline);
}
