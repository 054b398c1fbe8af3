/** The store's pictures: one illustration per plan (its card, its details page and the image on
 *  the Stripe page) and three gallery slides per plan, all in public/images/store. */
import { PLAN_DETAILS, PLAN_NAMES, type PlanId } from '@/catalog/plans';

const IMAGE_ROOT = '/images/store';

export function planImagePath(plan: PlanId): string {
  return `${IMAGE_ROOT}/${plan}.svg`;
}

/** The plan's picture as an absolute address, as Stripe needs it for the product image. */
export function planImageUrl(plan: PlanId, origin: string = window.location.origin): string {
  return new URL(planImagePath(plan), origin).toString();
}

export interface GallerySlide {
  src: string;
  alt: string;
}

export function gallerySlides(plan: PlanId): GallerySlide[] {
  const name = PLAN_NAMES[plan];
  const figures = PLAN_DETAILS[plan].figures;
  const team = figures ? `${figures.engineers} engineers` : 'Magento specialists';
  const projects = figures ? `${figures.projectCapacity} projects` : 'your store’s projects';
  return [
    { src: `${IMAGE_ROOT}/${plan}-team.svg`, alt: `The ${name} team: ${team} at their desks, working on your product.` },
    { src: `${IMAGE_ROOT}/${plan}-board.svg`, alt: `A project board of the ${name} plan with ${projects} in progress.` },
    { src: `${IMAGE_ROOT}/${plan}-launch.svg`, alt: `A release going live on the ${name} plan, with an uptime chart holding steady.` },
  ];
}
