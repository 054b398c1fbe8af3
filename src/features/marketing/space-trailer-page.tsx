import { useEffect, useId, useRef } from 'react';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { Carousel } from '@/ui/carousel';
import { PageIntro } from '@/ui/page-intro';
import { usePrefersReducedMotion } from '@/ui/use-reduced-motion';
import { Art } from './components/art';
import { Actions, Section } from './components/section';
import styles from './space-trailer-page.module.scss';

/** The trailer's frames are 960 × 540, and so are its poster and the stills. */
const FRAME = { width: 960, height: 540 } as const;

/** A still of the trailer as WebP, 960 and 480 px wide: phones take the small one. */
const stillFiles = (name: string) => ({
  src: `/media/${name}-960.webp`,
  srcSet: `/media/${name}-480.webp 480w, /media/${name}-960.webp 960w`,
});
/** The carousel spans the content column: the whole phone width, at most 72rem less padding. */
const STILL_SIZES = '(min-width: 1152px) 1088px, (min-width: 769px) calc(100vw - 4rem), calc(100vw - 2rem)';
const POSTER = '/media/space-trailer-poster-960.webp';

const STILLS = [
  {
    ...stillFiles('space-launch-orbit'),
    alt: 'A satellite with blue solar wings drifting above the glowing blue edge of the Earth, against a field of stars.',
    caption: 'In orbit: a Space satellite crossing the Earth’s limb.',
  },
  {
    ...stillFiles('space-launch-title'),
    alt: 'The word SPACE in white capitals above the curve of the Earth.',
    caption: 'The title card, as the satellite climbs out of frame.',
  },
  {
    ...stillFiles('space-trailer-poster'),
    alt: 'The SPACE title over the line “Satellite internet, anywhere on Earth”, with a satellite passing above the Earth.',
    caption: 'Satellite internet, anywhere on Earth.',
  },
] as const;

export default function SpaceTrailerPage() {
  const reducedMotion = usePrefersReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const descriptionId = useId();

  // Started from here, not by an autoplay attribute: the pre-rendered page cannot know the
  // visitor's motion setting, and the browser would start an autoplay video before hydration.
  // React sets `muted` as a property only; it is set first so the browser allows playback. The
  // loop stops at once if the visitor turns on reduced motion while it plays.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true;
    if (reducedMotion) video.pause();
    else void video.play().catch(() => undefined);
  }, [reducedMotion]);

  return (
    <>
      <PageIntro title={PAGE_TITLES.spaceTrailer} summary={PAGE_SUMMARIES.spaceTrailer} />

      <section aria-label="Trailer" className={`container ${styles.trailer}`}>
        <figure className={styles.figure}>
          <video
            ref={videoRef}
            {...FRAME}
            poster={POSTER}
            controls
            loop
            muted
            playsInline
            preload="metadata"
            aria-describedby={descriptionId}
            className={styles.video}
          >
            <source src="/media/space-trailer.webm" type="video/webm" />
            <source src="/media/space-trailer.mp4" type="video/mp4" />
            <p>
              Your browser cannot play this video. <a href="/media/space-trailer.mp4">Download the trailer (MP4)</a>.
            </p>
          </video>
          <figcaption id={descriptionId} className={styles.caption}>
            <strong>Space trailer</strong>, 8 seconds, no sound. A satellite drifts across a field of stars above the curve of the Earth
            while the title “Space” and the line “Satellite internet, anywhere on Earth” fade in.
          </figcaption>
        </figure>
      </section>

      <Section
        title="Internet from orbit"
        intro="Space links homes, boats, farms and field crews to a constellation in low-Earth orbit: fast enough for video calls, with no cable in the ground."
        tone="alt"
      >
        <ul className={styles.facts}>
          <li>Low latency from satellites around 550 km up, not 36,000.</li>
          <li>A self-aligning dish that sets itself up in minutes.</li>
          <li>Plans that pause when you are away, billed month to month.</li>
        </ul>
        <Actions>
          <ButtonLink to={paths.preorder}>Pre-order Space</ButtonLink>
          <ButtonLink to={paths.openAccessProgram} variant="secondary">
            Join the research program
          </ButtonLink>
        </Actions>
      </Section>

      <Section title="From the launch" intro="Stills from the trailer. The slide show pauses while you point at it or use its buttons.">
        <Carousel label="Stills from the launch">
          {STILLS.map((still) => (
            <figure key={still.src} className={styles.still}>
              <Art src={still.src} srcSet={still.srcSet} sizes={STILL_SIZES} alt={still.alt} {...FRAME} />
              <figcaption>{still.caption}</figcaption>
            </figure>
          ))}
        </Carousel>
      </Section>
    </>
  );
}
