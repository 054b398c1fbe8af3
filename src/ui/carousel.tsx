// slick-carousel's structural CSS is imported here only, so it ships with the pages that show a
// carousel and nowhere else. (Its theme file is left out: it pulls in web fonts and a GIF.)
import 'slick-carousel/slick/slick.css';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import {
  Children,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import SlickSlider from 'react-slick';
import { Button } from './button';
import styles from './carousel.module.scss';
import { usePrefersReducedMotion } from './use-reduced-motion';

// react-slick is CommonJS with an `exports.default`; the production bundle hands over the whole
// module object as the default import, vitest the class itself.
const Slider = (SlickSlider as unknown as { default?: typeof SlickSlider }).default ?? SlickSlider;

/** How long a slide stays before the next one comes (docs/product.md#limits). */
export const AUTOPLAY_MS = 5000;
/** The shortest swipe, in CSS pixels, that moves to another slide (docs/product.md#limits). */
export const MIN_SWIPE_PX = 40;

/** react-slick moves a slide when a swipe is longer than `listWidth / touchThreshold` (a ratio,
 *  not pixels). Pick the ratio that puts that limit half a pixel under MIN_SWIPE_PX, so a swipe
 *  of MIN_SWIPE_PX moves and anything a pixel shorter does not. */
export function touchThresholdFor(listWidth: number, minSwipePx = MIN_SWIPE_PX): number {
  if (listWidth <= 0) return 5; // not laid out yet: react-slick's own default
  return listWidth / (minSwipePx - 0.5);
}

type PlayChoice = 'auto' | 'playing' | 'paused';

interface CarouselProps {
  /** Names the carousel for assistive technology, e.g. "From the launch". */
  label: string;
  /** The slides, either as children… */
  children?: ReactNode;
  /** …or as a list. */
  items?: readonly ReactNode[];
  className?: string;
}

/** A slide show: one slide at a time, moving on every AUTOPLAY_MS unless the visitor hovers it,
 *  has focus inside it, pressed Pause or asks for reduced motion. Arrow keys, the Previous and
 *  Next buttons and swipes of MIN_SWIPE_PX or more move it by hand (WAI-ARIA carousel pattern). */
export function Carousel({ label, children, items, className }: CarouselProps) {
  const slides = items ?? Children.toArray(children);
  const count = slides.length;
  const reducedMotion = usePrefersReducedMotion();
  const sliderRef = useRef<SlickSlider>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [choice, setChoice] = useState<PlayChoice>('auto');
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const listWidth = useListWidth(viewportRef);

  const playing = choice === 'playing' || (choice === 'auto' && !reducedMotion);
  const rotating = playing && !hovered && !focusWithin && count > 1;

  const goTo = useCallback((index: number) => sliderRef.current?.slickGoTo((index + count) % count, reducedMotion), [count, reducedMotion]);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => goTo(current + 1), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, goTo]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    goTo(current + step);
  };

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <CarouselControls
        playing={playing}
        rotating={rotating}
        current={current}
        count={count}
        onPlayToggle={() => setChoice(playing ? 'paused' : 'playing')}
        goTo={goTo}
      />
      <div ref={viewportRef} className={styles.viewport}>
        <Slider
          ref={sliderRef}
          arrows={false}
          dots={false}
          infinite={false}
          autoplay={false}
          accessibility={false}
          waitForAnimate={false}
          speed={reducedMotion ? 0 : 450}
          useCSS={!reducedMotion}
          touchThreshold={touchThresholdFor(listWidth)}
          beforeChange={(_, next) => setCurrent(next)}
        >
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              // Off-screen slides stay out of the tab order and the accessibility tree.
              inert={index !== current}
              className={styles.slide}
            >
              {slide}
            </div>
          ))}
        </Slider>
      </div>
    </section>
  );
}

/** The width of react-slick's list inside `viewportRef`, followed as the layout changes: the swipe
 *  limit depends on it. */
function useListWidth(viewportRef: RefObject<HTMLDivElement | null>): number {
  const [listWidth, setListWidth] = useState(0);
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      // Measured as react-slick measures it, so both sides agree on the limit.
      const list = viewport.querySelector<HTMLElement>('.slick-list') ?? viewport;
      setListWidth(list.offsetWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewportRef]);
  return listWidth;
}

interface CarouselControlsProps {
  playing: boolean;
  /** Moving on by itself now: the slide number is then not announced at every turn. */
  rotating: boolean;
  current: number;
  count: number;
  onPlayToggle: () => void;
  goTo: (index: number) => void;
}

/** Play or Pause, Previous and Next, and which slide is shown. */
function CarouselControls({ playing, rotating, current, count, onPlayToggle, goTo }: CarouselControlsProps) {
  return (
    <div className={styles.controls}>
      <Button
        variant="secondary"
        className={styles.play}
        // The visible word leads the name (WCAG 2.5.3).
        aria-label={playing ? 'Pause slide show' : 'Play slide show'}
        onClick={onPlayToggle}
      >
        {playing ? <Pause size={18} /> : <Play size={18} />}
        {playing ? 'Pause' : 'Play'}
      </Button>
      <div className={styles.steps}>
        <Button variant="secondary" className={styles.step} aria-label="Previous slide" onClick={() => goTo(current - 1)}>
          <ChevronLeft size={20} />
        </Button>
        <p className={styles.status} aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
          Slide {current + 1} of {count}
        </p>
        <Button variant="secondary" className={styles.step} aria-label="Next slide" onClick={() => goTo(current + 1)}>
          <ChevronRight size={20} />
        </Button>
      </div>
    </div>
  );
}
