import { formatUsd } from '@/catalog/money';
import { PLAN_NAMES, PLAN_PRICES } from '@/catalog/plans';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { bannerHighlights, PLANS_PAGE_SERVICE, type PlanBanner } from '../content/plan-banners';
import styles from './plan-banners.module.scss';

/** "$7,500" from the catalogue. */
export function monthlyPrice(banner: PlanBanner) {
  const price = PLAN_PRICES[banner.plan];
  return price ? formatUsd(price.monthlyCents, { trimZeroCents: true }) : 'Pay as you go';
}

/** One large plan banner: name, monthly price, what it includes and a link to its details. */
export function LargePlanBanner({ banner }: { banner: PlanBanner }) {
  const name = PLAN_NAMES[banner.plan];
  return (
    <li className={`${styles.large} ${styles[banner.plan] ?? ''}`}>
      <div>
        <h3 className={styles.name}>{name}</h3>
        <p className={styles.tagline}>{banner.tagline}</p>
      </div>
      <p className={styles.price}>
        <strong>{monthlyPrice(banner)}</strong> a month
      </p>
      <ul className={styles.highlights}>
        {bannerHighlights(banner.plan).map((highlight) => (
          <li key={highlight}>{highlight}</li>
        ))}
      </ul>
      <ButtonLink to={paths.productDetails(PLANS_PAGE_SERVICE, banner.plan)} variant="accent" className={styles.link}>
        See the {name} plan
      </ButtonLink>
    </li>
  );
}

interface MiniBannerProps {
  title: string;
  text: string;
  /** The plan query value: a plan id, or "contact" / "sign-in". */
  plan: string;
  linkLabel: string;
}

export function MiniPlanBanner({ title, text, plan, linkLabel }: MiniBannerProps) {
  return (
    <li className={styles.mini}>
      <h3 className={styles.miniTitle}>{title}</h3>
      <p>{text}</p>
      <ButtonLink to={paths.productDetails(PLANS_PAGE_SERVICE, plan)} variant="secondary">
        {linkLabel}
      </ButtonLink>
    </li>
  );
}
