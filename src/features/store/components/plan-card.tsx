import { formatUsd } from '@/catalog/money';
import { planTeam } from '@/catalog/plan-features';
import { PLAN_NAMES, PLAN_PRICES, type PlanId } from '@/catalog/plans';
import type { ServiceId } from '@/catalog/services';
import { paths } from '@/config/paths';
import { Button, ButtonLink } from '@/ui/button';
import { planImagePath } from '../plan-media';
import styles from '../store.module.scss';

/** "from $7,500/mo", or "Pay as you go" for a plan without an online price. */
export function fromPrice(plan: PlanId): string {
  const price = PLAN_PRICES[plan];
  return price ? `from ${formatUsd(price.monthlyCents, { trimZeroCents: true })}/mo` : 'Pay as you go';
}

interface PlanCardProps {
  service: ServiceId;
  plan: PlanId;
  onLearnMore: () => void;
}

export function PlanCard({ service, plan, onLearnMore }: PlanCardProps) {
  const name = PLAN_NAMES[plan];
  return (
    <li className={styles.card}>
      <img className={styles.cardImage} src={planImagePath(plan)} alt="" width="480" height="300" loading="lazy" />
      <h3 className={styles.cardTitle}>{name}</h3>
      <p className={styles.price}>{fromPrice(plan)}</p>
      <p className={styles.cardText}>{planTeam(plan)}</p>
      <div className={styles.cardActions}>
        <ButtonLink to={paths.productDetails(service, plan)}>
          Buy <span className="visually-hidden">{name}</span>
        </ButtonLink>
        <Button variant="secondary" onClick={onLearnMore}>
          Learn More <span className="visually-hidden">about {name}</span>
        </Button>
      </div>
    </li>
  );
}
