import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { ExternalButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { TypingText } from '@/ui/typing-text';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { CardGrid, type Card } from './components/card-grid';
import { Section } from './components/section';
import styles from './socials-page.module.scss';

/** "@leopard.space" from "https://www.instagram.com/leopard.space/". */
const handleOf = (url: string) => `@${new URL(url).pathname.split('/').filter(Boolean).at(-1)}`;

const PROFILES: readonly Card[] = [
  {
    title: `${BRAND.name} Software on Instagram`,
    text: 'Launch days, whiteboard sessions and the apps our engineers ship each week.',
    action: (
      <ExternalButtonLink href={externalLinks.instagram} variant="secondary">
        Follow {handleOf(externalLinks.instagram)} on Instagram
      </ExternalButtonLink>
    ),
  },
  {
    title: `${BRAND.name} Space on Instagram`,
    text: 'Satellites, ground stations and the first homes and boats online with Space.',
    action: (
      <ExternalButtonLink href={externalLinks.instagramSpace} variant="secondary">
        Follow {handleOf(externalLinks.instagramSpace)} on Instagram
      </ExternalButtonLink>
    ),
  },
  {
    title: `${BRAND.name} on LinkedIn`,
    text: 'Company news, case studies and open roles across engineering, design and operations.',
    action: (
      <ExternalButtonLink href={externalLinks.linkedIn} variant="secondary">
        Follow {BRAND.name} on LinkedIn
      </ExternalButtonLink>
    ),
  },
];

const TOPICS = ['launch days', 'behind the scenes', 'Space updates', 'open roles'];

export default function SocialsPage() {
  return (
    <>
      <PageIntro title="Follow us" summary={PAGE_SUMMARIES.socials}>
        <p className={styles.typing}>
          Follow along for <TypingText strings={TOPICS} backDelay={1500} />
        </p>
      </PageIntro>

      <Section title="Where to find us" intro="Every profile opens in a new tab.">
        <CardGrid cards={PROFILES} columns={3} />
      </Section>
    </>
  );
}
