/** confirmTradeIn: an admin confirms an order's declared trade-in, and the catalogue's reward is
 *  credited to the customer's Stripe balance once (trade-in-credit.ts does the crediting,
 *  docs/decisions/0108-staff-console.md). */
import { logger } from 'firebase-functions';
import Stripe from 'stripe';
import type { TradeInConfirmResult } from '../../../src/data/staff';
import { creditTradeIn } from '../billing/trade-in-credit';
import { audit } from './audit';
import type { ActionContext } from './context';
import { orderId as orderIdField } from './input';
import { StaffRefusal } from './refusal';
import { orderPath } from '../../../src/data/orders';

/** Stripe could not be asked: not the caller's fault, and nothing was credited twice. */
export class StripeUnavailable extends Error {}

export async function confirmTradeIn({ deps, actor, body, now }: ActionContext): Promise<TradeInConfirmResult> {
  const orderId = orderIdField(body, 'orderId');
  let credit: Awaited<ReturnType<typeof creditTradeIn>>;
  try {
    credit = await creditTradeIn({ database: deps.database, stripe: deps.stripe(), now: () => now }, orderId, actor.uid);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error('staff: Stripe refused the trade-in credit', { orderId, type: error.type, code: error.code, status: error.statusCode });
    throw new StripeUnavailable(`The payment provider did not take the credit: ${error.message}. Nothing was credited; try again.`);
  }
  switch (credit.outcome) {
    case 'not-found':
      throw new StaffRefusal(404, `No order has the id ${orderId}.`);
    case 'not-eligible':
      throw new StaffRefusal(409, credit.reason);
    case 'credited':
      await audit(deps.database, actor, 'confirmTradeIn', orderPath(orderId), now, 'trade-in credited');
      return { orderId, outcome: 'credited', tradeIn: credit.tradeIn };
    case 'already-credited':
      return { orderId, outcome: 'already-credited', tradeIn: credit.tradeIn };
  }
}
