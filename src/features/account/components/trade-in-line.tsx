import type { Order } from '@/data/orders';
import { tradeInLine } from '@/data/trade-in';

/** The trade-in the buyer declared at checkout and where it stands ("Trade-in: WordPress —
 *  awaiting review", then "credited $750" or "declined"), in the words of the mails and the
 *  console (src/data/trade-in.ts); nothing when none was declared. */
export function TradeInLine({ order, className }: { order: Pick<Order, 'declaredTradeIn'>; className?: string }) {
  if (!order.declaredTradeIn) return null;
  return <p className={className}>{tradeInLine(order.declaredTradeIn)}</p>;
}
