import { Link } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { PageIntro } from '@/ui/page-intro';
import { formatLegalDate, LEGAL_DOCUMENTS } from './legal-documents';
import styles from './legal-page.module.scss';

export default function LegalPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.legal} summary={PAGE_SUMMARIES.legal} />
      <div className={styles.content}>
        <ul className={styles.documents}>
          {LEGAL_DOCUMENTS.map((document) => (
            <li key={document.path} className={styles.card}>
              <h2 className={styles.title}>
                <Link to={document.path} className={styles.link}>
                  {document.title}
                </Link>
              </h2>
              <p>{document.summary}</p>
              <p className={styles.updated}>
                Last updated <time dateTime={document.lastUpdated}>{formatLegalDate(document.lastUpdated)}</time>
              </p>
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          Questions about these documents or your data? Email{' '}
          <a href={`mailto:${externalLinks.supportEmail}`}>{externalLinks.supportEmail}</a> and a member of the {BRAND.name} team in{' '}
          {BRAND.city} will answer within two business days.
        </p>
      </div>
    </>
  );
}
