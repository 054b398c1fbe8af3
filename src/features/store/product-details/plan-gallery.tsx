import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { PLAN_IDS, PLAN_NAMES, type PlanId } from '@/catalog/plans';
import { Button } from '@/ui/button';
import { Carousel } from '@/ui/carousel';
import { GALLERY_SLIDE_SIZE, gallerySlides } from '../plan-media';
import styles from './plan-gallery.module.scss';

interface PlanGalleryProps {
  /** The plan whose carousel is shown first. */
  plan: PlanId;
  onClose: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The gallery: one carousel per plan, one plan at a time behind tabs (WAI-ARIA tabs pattern). */
export function PlanGallery({ plan, onClose, headingRef }: PlanGalleryProps) {
  const [shown, setShown] = useState<PlanId>(plan);
  const tabs = useRef<Partial<Record<PlanId, HTMLButtonElement | null>>>({});
  const id = useId();

  const select = (next: PlanId) => {
    setShown(next);
    tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = PLAN_IDS.indexOf(shown);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PLAN_IDS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(PLAN_IDS[(target + PLAN_IDS.length) % PLAN_IDS.length]!);
  };

  return (
    <section className={styles.gallery} aria-labelledby={`${id}-heading`}>
      <div className={styles.galleryHeader}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          Gallery
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close gallery
        </Button>
      </div>
      <div role="tablist" aria-label="Plans" className={styles.tabs}>
        {PLAN_IDS.map((tabPlan) => (
          <button
            key={tabPlan}
            ref={(element) => {
              tabs.current[tabPlan] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tabPlan}`}
            aria-selected={tabPlan === shown}
            aria-controls={`${id}-panel`}
            tabIndex={tabPlan === shown ? 0 : -1}
            className={styles.tab}
            onClick={() => setShown(tabPlan)}
            onKeyDown={onKeyDown}
          >
            {PLAN_NAMES[tabPlan]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${shown}`} className={styles.tabPanel}>
        <Carousel
          key={shown}
          label={`${PLAN_NAMES[shown]} plan gallery`}
          items={gallerySlides(shown).map((slide, index) => (
            // The first slide shows as the gallery opens; the others wait until they are scrolled to.
            <img
              key={slide.src}
              className={styles.slide}
              src={slide.src}
              alt={slide.alt}
              {...GALLERY_SLIDE_SIZE}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          ))}
        />
      </div>
    </section>
  );
}
