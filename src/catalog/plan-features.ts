/** The feature list of a plan, as the store's Learn More popup and the product-details page show it.
 *  Built from the catalogue's figures so a price or size changes in one place only. */
import { formatUsd } from './money';
import { PLAN_DETAILS, UPTIME_PROMISE, type PlanId } from './plans';

/** The plan's team in a few words, as its store card shows it: the engineers of the spec's table,
 *  or for magento a team sized to the project. */
export function planTeam(plan: PlanId): string {
  const figures = PLAN_DETAILS[plan].figures;
  return figures ? `${figures.engineers} dedicated engineers` : 'A team sized to your store';
}

export function planFeatures(plan: PlanId): string[] {
  const { figures } = PLAN_DETAILS[plan];
  if (!figures) {
    return ['Pay as you go: billed for the work done', 'Magento and Adobe Commerce specialists', planTeam(plan), UPTIME_PROMISE];
  }
  const { projectCapacity, database, teamSsd, storageAddOn } = figures;
  return [
    planTeam(plan),
    `${projectCapacity} projects at a time`,
    `${database} database`,
    `${teamSsd} team SSD`,
    `Optional ${storageAddOn.size} storage for ${formatUsd(storageAddOn.priceCents, { trimZeroCents: true })}`,
    UPTIME_PROMISE,
  ];
}
