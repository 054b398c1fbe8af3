import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { Promo } from './components/promo';
import { Actions, Section } from './components/section';
import { TrustedCustomers } from './components/trusted-customers';
import { NEXT_GEN_INTROS } from './content/next-gen-intros';
import { LanguageIntro } from './next-gen/language-intro';

export default function NextGenPage() {
  return (
    <>
      <PageIntro title="Next-Gen" summary={PAGE_SUMMARIES.nextGen} />

      <Promo
        eyebrow="Now in the store"
        title="Order a next-gen product today"
        art={{ src: '/images/marketing/languages.svg', width: 480, height: 320, eager: true }}
        night
      >
        <p>
          Pick a plan, add the languages and markets you sell in, and your dedicated team starts within a week. Every plan includes
          localisation, accessibility and zero downtime, 24/7/365.
        </p>
        <Actions>
          <ButtonLink to={paths.store} variant="accent">
            Shop plans in the store
          </ButtonLink>
        </Actions>
      </Promo>

      <Section
        title="One product, every language"
        intro="Choose a language to read this introduction in it. Your product can do the same for your customers."
      >
        <LanguageIntro intros={NEXT_GEN_INTROS} />
      </Section>

      <TrustedCustomers />
    </>
  );
}
