import { Star } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import NotFoundPage from '@/ui/not-found-page';
import { paths } from '@/config/paths';
import { ButtonLink, ExternalButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { findCaseStudy, RATING_SCALE, type CaseStudyBlock, type CaseStudyImage, type CaseStudyMetric } from './case-studies';
import styles from './case-study-page.module.scss';

/** A result's figure; a rating is seen as "4.8 ★" and heard as "Rated 4.8 out of 5". */
function MetricValue({ metric }: { metric: CaseStudyMetric }) {
  if (!('rating' in metric)) return <strong>{metric.value}</strong>;
  const rating = metric.rating.toFixed(1);
  return (
    <strong className={styles.rating}>
      <span aria-hidden="true">{rating}</span>
      <Star aria-hidden="true" focusable="false" className={styles.star} />
      <span className="visually-hidden">{`Rated ${rating} out of ${RATING_SCALE}`}</span>
    </strong>
  );
}

function Picture({ image, lazy }: { image: CaseStudyImage; lazy: boolean }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      className={styles.image}
    />
  );
}

function Block({ block }: { block: CaseStudyBlock }) {
  if (block.kind === 'image')
    return (
      <figure className={styles.figure}>
        <Picture image={block.image} lazy />
        <figcaption>{block.caption}</figcaption>
      </figure>
    );
  return (
    <section className={styles.textBlock}>
      <h2>{block.heading}</h2>
      {block.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}

/** /case-studies/:slug — one page for every study, rendered from its data. */
export default function CaseStudyPage() {
  const study = findCaseStudy(useParams().slug);
  if (!study) return <NotFoundPage />;

  return (
    <>
      <PageIntro eyebrow="Case study" title={study.name} summary={study.summary}>
        <dl className={styles.facts}>
          <div>
            <dt>Client</dt>
            <dd>{study.client}</dd>
          </div>
          <div>
            <dt>Industry</dt>
            <dd>{study.industry}</dd>
          </div>
          <div>
            <dt>Services</dt>
            <dd>{study.services.join(', ')}</dd>
          </div>
          <div>
            <dt>Year</dt>
            <dd>{study.year}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <ButtonLink to={paths.contact}>Get started</ButtonLink>
          {study.demo && (
            <ExternalButtonLink href={study.demo.href} variant="secondary">
              {study.demo.label}
            </ExternalButtonLink>
          )}
        </div>
      </PageIntro>

      <div className={styles.content}>
        <figure className={styles.hero}>
          <Picture image={study.cover} lazy={false} />
        </figure>

        <section className={styles.overview} aria-labelledby="case-study-headline">
          <p className={styles.topline}>{study.topline}</p>
          <h2 id="case-study-headline" className={styles.headline}>
            {study.headline}
          </h2>
          {study.intro.map((paragraph) => (
            <p key={paragraph} className={styles.lead}>
              {paragraph}
            </p>
          ))}
        </section>

        {study.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}

        <section className={styles.outcomes} aria-labelledby="case-study-results">
          <h2 id="case-study-results">Results</h2>
          <ul>
            {study.outcomes.map((metric) => (
              <li key={metric.label}>
                <MetricValue metric={metric} /> <span>{metric.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.cta} aria-labelledby="case-study-cta">
          <h2 id="case-study-cta">Have a project like this in mind?</h2>
          <p>Tell us what you want to build. An engineer, not a salesperson, will reply within one business day.</p>
          <div className={styles.actions}>
            <ButtonLink to={paths.contact} variant="accent">
              Get started on your project
            </ButtonLink>
            <Link to={paths.caseStudies} className={styles.back}>
              See all case studies
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
