import { ArrowRight, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { CASE_STUDIES, EXTERNAL_SHOWCASE } from './case-studies';
import { CaseStudyCard } from './case-study-card';
import styles from './case-studies-page.module.scss';

/** The first card loads at once (it is the page’s largest picture, and on a phone the only one
 *  above the fold); the rest load lazily. SVGs this small arrive at once when in view anyway. */
const EAGER_CARDS = 1;

export default function CaseStudiesPage() {
  const external = EXTERNAL_SHOWCASE;
  return (
    <>
      <PageIntro title={PAGE_TITLES.caseStudies} summary={PAGE_SUMMARIES.caseStudies} />
      <div className={styles.content}>
        <ul className={styles.grid}>
          {CASE_STUDIES.map((study, index) => (
            <CaseStudyCard
              key={study.slug}
              name={study.name}
              industry={study.industry}
              summary={study.summary}
              cover={study.cover}
              lazy={index >= EAGER_CARDS}
              action={
                <Link to={paths.caseStudy(study.slug)} className={styles.link}>
                  View Details<span className="visually-hidden"> about {study.name}</span>
                  <ArrowRight aria-hidden="true" size={18} className={styles.arrow} />
                </Link>
              }
            />
          ))}
          <CaseStudyCard
            name={external.name}
            industry={external.industry}
            summary={external.summary}
            cover={external.cover}
            lazy
            action={
              <a href={external.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {external.linkLabel}
                <span className="visually-hidden"> of {external.name} (opens in a new tab)</span>
                <ArrowUpRight aria-hidden="true" size={18} className={styles.arrow} />
              </a>
            }
          />
        </ul>
        <section className={styles.cta} aria-labelledby="case-studies-cta">
          <h2 id="case-studies-cta">Your product could be next</h2>
          <p>From a first prototype to a platform with millions of users, our engineers take it all the way.</p>
          <ButtonLink to={paths.contact}>Get started</ButtonLink>
        </section>
      </div>
    </>
  );
}
