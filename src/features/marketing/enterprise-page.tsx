import { BRAND } from '@/config/brand';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { ClosingCta } from './components/closing-cta';
import { CardGrid } from './components/card-grid';
import { Promo } from './components/promo';
import { Actions, Section } from './components/section';
import { STAFF_REDUCTION } from './content/claims';
import { BUILDER_FEATURES, BUILDER_USE_CASES } from './content/enterprise';

export default function EnterprisePage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.enterprise} summary={PAGE_SUMMARIES.enterprise}>
        <Actions>
          <ButtonLink to={paths.builderWaitlist} variant="accent">
            Join the builder waitlist
          </ButtonLink>
        </Actions>
      </PageIntro>

      <Promo
        eyebrow={`${BRAND.name} Builder`}
        title="Internal tools in days, not quarters"
        art={{ src: '/images/marketing/builder.svg', width: 480, height: 320 }}
      >
        <p>
          Every company runs on internal tools: the admin panel, the support console, the approval form. They are rarely anyone’s priority,
          so they are slow to build and painful to use. Our builder lets your operations team assemble them with drag and drop on top of
          your real data, while your engineers keep control of the code.
        </p>
        <p>
          The builder grew out of our own client work, where automating back-office tasks has delivered a {STAFF_REDUCTION.value}{' '}
          {STAFF_REDUCTION.label} in manual hours.
        </p>
      </Promo>

      <Section title="What the builder does">
        <CardGrid cards={BUILDER_FEATURES} columns={2} />
      </Section>

      <Section title="What teams build with it" tone="alt">
        <ul>
          {BUILDER_USE_CASES.map((useCase) => (
            <li key={useCase}>{useCase}</li>
          ))}
        </ul>
      </Section>

      <ClosingCta
        title="Get early access"
        intro="The builder is in private beta with a handful of enterprise customers. Join the waitlist and we will invite you as places open."
        primary={{ to: paths.builderWaitlist, label: 'Join the waitlist for early access' }}
        secondary={{ to: paths.contact, label: 'Talk to us about an enterprise pilot' }}
      />
    </>
  );
}
