/** The feature list of a plan, as the store's Learn More popup and the product-details page show it.
 *  Built from the catalogue's figures so a price or size changes in one place only. */
import { formatUsd } from './money';
import { PLAN_DETAILS, UPTIME_PROMISE, type PlanId } from './plans';

export function planFeatures(plan: PlanId): string[] {
  const { figures, teamSize } = PLAN_DETAILS[plan];
  if (!figures) {
    return ['Pay as you go: billed for the work done', 'Magento and Adobe Commerce specialists', `Team: ${teamSize}`, UPTIME_PROMISE];
  }
  const { engineers, projectCapacity, database, teamSsd, storageAddOn } = figures;
  return [
    `${engineers} dedicated engineers`,
    `${projectCapacity} projects at a time`,
    `${database} database`,
    `${teamSsd} team SSD`,
    `Team: ${teamSize}`,
    `Optional ${storageAddOn.size} storage for ${formatUsd(storageAddOn.priceCents, { trimZeroCents: true })}`,
    UPTIME_PROMISE,
  ];
}
