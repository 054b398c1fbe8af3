/** The store's pictures, all SVG in public/images/store and drawn in the site's one illustration
 *  style: one per plan (its card, its details page and the image on the Stripe page) and three
 *  gallery slides per plan, product mock-ups showing that plan's own team, board and release. */
import { PLAN_DETAILS, PLAN_NAMES, type PlanId } from '@/catalog/plans';

const IMAGE_ROOT = '/images/store';

/** The custom property index.html's inline script sets on <html> to `url(<the plan's picture>)`
 *  before the first paint of /product-details, whose pre-rendered page cannot know the plan: its
 *  placeholder shows the picture at once (the page's largest element, so its LCP). */
export const PLAN_PICTURE_PROPERTY = '--plan-picture';

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

/** Every gallery slide is drawn on a 640 × 400 canvas. */
export const GALLERY_SLIDE_SIZE = { width: 640, height: 400 } as const;

export function gallerySlides(plan: PlanId): GallerySlide[] {
  const name = PLAN_NAMES[plan];
  const figures = PLAN_DETAILS[plan].figures;
  const team = figures ? `${figures.engineers} engineers` : 'Magento specialists';
  const projects = figures ? `${figures.projectCapacity} projects` : 'your store’s projects';
  return [
    {
      src: `${IMAGE_ROOT}/${plan}-team.svg`,
      alt: `The ${name} team: ${team}, each with a profile card in your project workspace on a laptop.`,
    },
    {
      src: `${IMAGE_ROOT}/${plan}-board.svg`,
      alt: `A project board of the ${name} plan with ${projects} in progress, across To do, In progress and Shipped.`,
    },
    {
      src: `${IMAGE_ROOT}/${plan}-launch.svg`,
      alt: `A release going live on the ${name} plan: version 2.4 on a phone, and 100% uptime over the last 30 days.`,
    },
  ];
}
