import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { ButtonLink, ExternalButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { PartnerCards } from './components/partner-cards';
import { Promo } from './components/promo';
import { Actions, Section } from './components/section';
import { StatList } from './components/stat-list';
import { OPENINGS } from './content/careers';
import { TRACK_RECORD } from './content/claims';
import styles from './company/company.module.scss';

export default function CompanyPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.company} summary={PAGE_SUMMARIES.company} />

      <Promo title="Who we are" art={{ src: '/images/marketing/hero.svg', width: 480, height: 360, eager: true }}>
        <p>
          {BRAND.company} is a team of engineers, designers and network specialists based in {BRAND.city}. We design and build websites,
          mobile and wearable apps, SaaS platforms, e-commerce, artificial intelligence, blockchain and virtual-reality products for
          start-ups and global brands alike.
        </p>
        <p>We also run Space, our satellite-internet service, which brings fast broadband to places cables never reached.</p>
        <StatList stats={TRACK_RECORD} />
      </Promo>

      <Section title="Our mission">
        <p className={styles.lead}>
          To turn good ideas into software people rely on, and to connect the people who have been left offline.
        </p>
        <p className={styles.text}>
          We believe great software comes from small, dedicated teams who own what they build. That is why every client gets engineers of
          their own on a fixed monthly plan, why the code is theirs from day one, and why we stand behind it with a 2-year warranty.
        </p>
      </Section>

      <Section title="Next-gen" tone="alt">
        <p className={styles.text}>
          Our next-gen practice builds products for customers in every language and market: localised interfaces, local payment methods and
          AI features that work across languages.
        </p>
        <Actions>
          <ButtonLink to={paths.nextGen} variant="secondary">
            Discover our next-gen products
          </ButtonLink>
        </Actions>
      </Section>

      <Section
        title="Partnerships"
        intro="We hold certifications with the platforms our clients build on, and we partner with agencies and integrators who need an engineering team behind them."
      >
        <PartnerCards />
        <Actions>
          <ButtonLink to={paths.contact} variant="secondary">
            Become a partner
          </ButtonLink>
        </Actions>
      </Section>

      <Section
        title="Careers"
        intro="We hire curious people who like to ship. Every role comes with health cover, a learning budget and research time."
        tone="alt"
      >
        <h3>Open roles</h3>
        <ul className={styles.openings}>
          {OPENINGS.map((opening) => (
            <li key={opening.title}>
              <strong>{opening.title}</strong> <span className={styles.where}>{opening.where}</span>
            </li>
          ))}
        </ul>
        <p className={styles.text}>
          To apply, email your CV or portfolio to <a href={`mailto:${externalLinks.careersEmail}`}>{externalLinks.careersEmail}</a> with the
          role in the subject line. Don’t see your role? Write to us anyway.
        </p>
        <Actions>
          <ExternalButtonLink href={`mailto:${externalLinks.careersEmail}?subject=${encodeURIComponent('Application')}`}>
            Apply by email
          </ExternalButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Ask us about working here
          </ButtonLink>
        </Actions>
      </Section>
    </>
  );
}
