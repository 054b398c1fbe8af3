/** What one order adds to the staff overview's figures: one active plan while the customer has the
 *  plan now (isLivePlan), and its monthly recurring revenue, a yearly plan at a twelfth of its
 *  yearly charge. The staffPlanFigures trigger moves staff_figures by an order's figures after a
 *  write minus before it, and the recount sums them over every order, so the two agree by
 *  construction (docs/decisions/0112-staff-counters-by-trigger.md). Pure. */
import { isLivePlan } from './order-display';
import { toOrders, type StoredOrder } from './orders';

export interface OrderFigures {
  activePlans: number;
  /** Integer cents. */
  mrrCents: number;
}

export const NO_ORDER_FIGURES: OrderFigures = { activePlans: 0, mrrCents: 0 };

/** The figures of all_orders/<id> as stored (null when there is none). Read as the customer area
 *  reads an order, so a record it would not show (an unknown product, no subscription) adds
 *  nothing. A yearly plan's twelfth is rounded per order: each order adds whole cents, which is
 *  what lets a write move the total by its own change alone. */
export function orderFigures(stored: unknown): OrderFigures {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return NO_ORDER_FIGURES;
  const [order] = toOrders({ order: stored as StoredOrder });
  if (!order?.subscription || !isLivePlan(order)) return NO_ORDER_FIGURES;
  const { billingPeriod, amountPerPeriod } = order.subscription;
  return { activePlans: 1, mrrCents: billingPeriod === 'yearly' ? Math.round(amountPerPeriod / 12) : amountPerPeriod };
}
