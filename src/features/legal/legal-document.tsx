import { ArrowLeft } from 'lucide-react';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { formatLegalDate, type LegalBlock, type LegalDocument } from './legal-documents';
import styles from './legal-document.module.scss';

function ContactDetails() {
  return (
    <address className={styles.contact}>
      {BRAND.company}
      <br />
      {BRAND.city}, California, USA
      <br />
      Email: <a href={`mailto:${externalLinks.supportEmail}`}>{externalLinks.supportEmail}</a>
      <br />
      Phone: <a href={`tel:${externalLinks.phone}`}>{externalLinks.phone}</a>
    </address>
  );
}

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block, index) => {
    if (typeof block === 'string') return <p key={index}>{block}</p>;
    if ('list' in block)
      return (
        <ul key={index} className={styles.list}>
          {block.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    return <ContactDetails key={index} />;
  });
}

/** One legal text: intro with a Back link to /legal and the last-updated date, a table of
 *  contents, then the numbered sections, each an anchor the contents link to. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { meta, intro, sections } = document;
  return (
    <>
      <PageIntro eyebrow="Legal" title={meta.title} summary={meta.summary}>
        <p className={styles.updated}>
          Last updated: <time dateTime={meta.lastUpdated}>{formatLegalDate(meta.lastUpdated)}</time>
        </p>
        <ButtonLink to={paths.legal} variant="secondary">
          <ArrowLeft size={18} />
          Back to Legal
        </ButtonLink>
      </PageIntro>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby="toc-title">
          <h2 id="toc-title" className={styles.tocTitle}>
            Contents
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={styles.body}>
          {intro.map((paragraph) => (
            <p key={paragraph} className={styles.lead}>
              {paragraph}
            </p>
          ))}
          {sections.map((section, index) => {
            const number = index + 1;
            return (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={styles.section}>
                <h2 id={`${section.id}-title`}>
                  <span className={styles.number}>{number}.</span> {section.title}
                </h2>
                <Blocks blocks={section.blocks} />
                {section.subsections?.map((subsection, subIndex) => (
                  <div key={subsection.title}>
                    <h3>
                      <span className={styles.number}>
                        {number}.{subIndex + 1}
                      </span>{' '}
                      {subsection.title}
                    </h3>
                    <Blocks blocks={subsection.blocks} />
                  </div>
                ))}
              </section>
            );
          })}
        </article>
      </div>
    </>
  );
}
