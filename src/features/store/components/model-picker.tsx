import { useState, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { PLAN_IDS, type PlanId } from '@/catalog/plans';
import { SERVICE_LABELS, type ServiceId } from '@/catalog/services';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';
import styles from '../store.module.scss';
import { PlanCard } from './plan-card';
import { PlanFeaturesModal } from './plan-features-modal';

interface ModelPickerProps {
  service: ServiceId;
  headingRef: Ref<HTMLHeadingElement>;
}

/** "Pick a Model": the seven plans for the chosen service. */
export function ModelPicker({ service, headingRef }: ModelPickerProps) {
  const navigate = useNavigate();
  const [featuresOf, setFeaturesOf] = useState<PlanId | null>(null);

  return (
    <section className={styles.view} aria-labelledby="store-view-heading">
      <div className={styles.pickerHeader}>
        <Button variant="secondary" className={styles.back} aria-label="Back to categories" onClick={() => navigate(paths.store)}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="18" height="18">
            <path d="M10.5 2.5 5 8l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </Button>
        <div>
          <h2 id="store-view-heading" ref={headingRef} tabIndex={-1} className={styles.viewHeading}>
            Pick a Model
          </h2>
          <p className={styles.service}>{SERVICE_LABELS[service]}</p>
        </div>
      </div>
      <ul className={styles.grid}>
        {PLAN_IDS.map((plan) => (
          <PlanCard key={plan} service={service} plan={plan} onLearnMore={() => setFeaturesOf(plan)} />
        ))}
      </ul>
      <PlanFeaturesModal service={service} plan={featuresOf} onClose={() => setFeaturesOf(null)} />
    </section>
  );
}
