import { planFeatures } from '@/catalog/plan-features';
import { PLAN_NAMES, type PlanId } from '@/catalog/plans';
import type { ServiceId } from '@/catalog/services';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { Modal } from '@/ui/modal';
import styles from '../store.module.scss';

interface PlanFeaturesModalProps {
  service: ServiceId;
  /** The plan whose features are shown; null keeps the popup closed. */
  plan: PlanId | null;
  onClose: () => void;
}

/** The Learn More popup: what a plan includes, from the catalogue. */
export function PlanFeaturesModal({ service, plan, onClose }: PlanFeaturesModalProps) {
  const name = plan ? PLAN_NAMES[plan] : '';
  return (
    <Modal
      open={plan !== null}
      title={`${name} plan features`}
      onClose={onClose}
      actions={plan && <ButtonLink to={paths.productDetails(service, plan)}>Buy {name}</ButtonLink>}
    >
      {plan && (
        <ul className={styles.features}>
          {planFeatures(plan).map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
