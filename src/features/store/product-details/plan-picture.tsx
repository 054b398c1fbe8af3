import type { CSSProperties } from 'react';
import type { PlanId } from '@/catalog/plans';
import { PLAN_PICTURE_PROPERTY, planImagePath } from '../plan-media';
import styles from './plan-picture.module.scss';

/**
 * The plan's picture on its page. Decorative (the heading names the plan), so a background: the
 * pre-rendered placeholder (no `plan`: the picture index.html's inline script names on <html>) and
 * the page are then the same element at the same size, and the picture that painted with the HTML
 * stays the page's largest paint instead of being counted again once the app has drawn the page.
 */
export function PlanPicture({ plan }: { plan?: PlanId }) {
  const style = plan ? ({ [PLAN_PICTURE_PROPERTY]: `url(${planImagePath(plan)})` } as CSSProperties) : undefined;
  return <div className={styles.picture} style={style} />;
}
