import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { PageIntro } from '@/ui/page-intro';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';
import styles from './forms.module.scss';

/** /contact and /support. */
export default function ContactPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.contact} summary={PAGE_SUMMARIES.contact} />
      <div className="container">
        <div className={styles.contactLayout}>
          <section aria-labelledby="inquiry-heading" className={styles.panel}>
            <h2 id="inquiry-heading">Send us a message</h2>
            <ContactForm />
          </section>
          <ContactDetails />
        </div>
      </div>
    </>
  );
}
