import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import styles from './sitemap-page.module.scss';

/** A page of this site (`to`) or of another one (`href`, opens in a new tab). */
type SitemapLink = { label: string; to: string } | { label: string; href: string };

interface SitemapGroup {
  title: string;
  links: readonly SitemapLink[];
}

const GROUPS: readonly SitemapGroup[] = [
  {
    title: 'About',
    links: [
      { label: `About ${BRAND.name}`, to: paths.company },
      { label: 'Contact us', to: paths.contact },
      { label: 'Space manager', href: externalLinks.spaceManager || externalLinks.spaceManagerPlaceholder },
      { label: 'Legal', to: paths.legal },
      { label: 'Privacy policy', to: paths.privacyPolicy },
      { label: 'Terms of service', to: paths.termsOfService },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Manage your ID', href: externalLinks.idManagement },
      { label: 'Create an ID', href: externalLinks.externalSignUp },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact support', to: paths.support },
      { label: 'Join the research program waitlist', to: paths.waitlist },
      { label: 'Pre-order Space', to: paths.preorder },
      { label: 'Follow us', to: paths.socials },
    ],
  },
  {
    title: 'Information',
    links: [
      { label: `The ${BRAND.name} difference`, to: paths.difference },
      { label: 'How it works', to: paths.howItWorks },
      { label: `Why choose ${BRAND.name}`, to: paths.whyChoose },
      { label: 'Case studies', to: paths.caseStudies },
      { label: 'Next-Gen', to: paths.nextGen },
      { label: 'Space trailer', to: paths.spaceTrailer },
    ],
  },
];

function SitemapEntry({ link }: { link: SitemapLink }) {
  if ('to' in link) return <Link to={link.to}>{link.label}</Link>;
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label} <span className="visually-hidden">(opens in a new tab)</span>
      <svg aria-hidden="true" focusable="false" className={styles.offsite} viewBox="0 0 16 16" width="12" height="12">
        <path d="M6 3H3v10h10v-3M9 3h4v4M13 3 7 9" />
      </svg>
    </a>
  );
}

function SitemapSection({ group }: { group: SitemapGroup }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.group}>
      <h2 id={headingId}>{group.title}</h2>
      <ul>
        {group.links.map((link) => (
          <li key={link.label}>
            <SitemapEntry link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SitemapPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.sitemap} summary={PAGE_SUMMARIES.sitemap} />
      <div className={`container ${styles.groups}`}>
        {GROUPS.map((group) => (
          <SitemapSection key={group.title} group={group} />
        ))}
      </div>
    </>
  );
}
