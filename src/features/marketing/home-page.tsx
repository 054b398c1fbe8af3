import { paths } from '@/config/paths';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { Art } from './components/art';
import { ClosingCta } from './components/closing-cta';
import { PartnerStrip } from './components/logo-strip';
import { Promo } from './components/promo';
import { Actions, Section } from './components/section';
import { ServiceList } from './components/service-list';
import { SplitSection } from './components/split-section';
import { StatsBand } from './components/stats-band';
import { StepList } from './components/step-list';
import { Timeline } from './components/timeline';
import { ACCESS_REQUESTS, MEMBERSHIP, STAFF_REDUCTION, TRACK_RECORD } from './content/claims';
import { HOW_IT_WORKS } from './content/how-it-works';
import { EXECUTION_PROCESS } from './content/process';
import { ENGINEERING_STACK } from './content/stack';
import { HeroArt } from './home/hero-art';
import { SkillBars } from './home/skill-bars';
import { MARKETING_SERVICES } from './services';
import styles from './home/home.module.scss';

// The landing page: plain markup, CSS, one inline SVG in the hero and lazily loaded SVG files
// below it, so it stays light. Each band has its own layout (data-layout) so the page reads as a
// story rather than a stack of identical card grids.
export default function HomePage() {
  return (
    <>
      <HomeIntro />

      <StatsBand
        title="Results our clients can count"
        intro="Dedicated teams on fixed monthly plans, measured by what they ship."
        stats={[...TRACK_RECORD, STAFF_REDUCTION]}
        footnote="The 75% staff reduction is the average drop in hours spent on manual back-office work after clients moved it onto software we built."
      />

      <SplitSection
        title="What we build"
        intro="Six practices, one team that owns your product from the first sketch to launch and beyond."
        lead={<Art src="/images/marketing/services.svg" width={480} height={360} />}
        layout="feature-list"
      >
        <ServiceList services={MARKETING_SERVICES} />
        <Actions>
          <ButtonLink to={paths.store}>Browse plans in the store</ButtonLink>
        </Actions>
      </SplitSection>

      <Section
        title="Our six-step execution process"
        intro="Every project, from a landing page to a trading platform, runs through the same six steps."
        tone="alt"
        layout="timeline"
      >
        <Timeline steps={EXECUTION_PROCESS} />
      </Section>

      <Section
        title="Partner certifications"
        intro="Independent programmes audit how we build, host and secure your product."
        layout="logo-strip"
      >
        <PartnerStrip />
      </Section>

      <SplitSection
        title="Our engineering stack"
        intro="The share of our engineers fluent in each part of the stack, from our last skills review."
        lead={<SkillBars skills={ENGINEERING_STACK} />}
        wide="lead"
        tone="alt"
        layout="split"
      >
        <Art src="/images/marketing/stack.svg" width={480} height={360} />
      </SplitSection>

      <Section title="How it works" intro={PAGE_SUMMARIES.howItWorks} layout="card-grid">
        <StepList steps={HOW_IT_WORKS.map(({ title, summary }) => ({ title, summary }))} columns={4} />
        <Actions>
          <ButtonLink to={paths.howItWorks} variant="secondary">
            How it works, step by step
          </ButtonLink>
        </Actions>
      </Section>

      <SpacePromo />

      <DevPanelPromo />

      <ClosingCta
        title="Ready to build something?"
        intro="Tell us about your idea. An engineer replies within one business day."
        primary={{ to: paths.contact, label: 'Contact us' }}
      />
    </>
  );
}

function HomeIntro() {
  return (
    <PageIntro title="Software that ships. Internet from space." summary={PAGE_SUMMARIES.home} art={<HeroArt />}>
      <Actions>
        <ButtonLink to={paths.contact} variant="accent">
          Start your project
        </ButtonLink>
        <ButtonLink to={paths.whyChoose} variant="secondary">
          See plans and prices
        </ButtonLink>
      </Actions>
    </PageIntro>
  );
}

/** The satellite internet: its beta, the members' video plan, the pre-order. */
function SpacePromo() {
  return (
    <Promo
      eyebrow="Space satellite internet"
      title="Fast internet from low orbit, wherever you are"
      art={{ src: '/images/marketing/space.svg', width: 480, height: 320 }}
      night
    >
      <p>
        Space brings broadband to ranches, boats, job sites and remote offices through our low-orbit satellites. Join the beta and get a
        tester pass as soon as your area is approved.
      </p>
      <p className={styles.membership}>
        {MEMBERSHIP.name}: <strong>{MEMBERSHIP.price}</strong> — stream {MEMBERSHIP.videos} on any Space connection.
      </p>
      <Actions>
        <ButtonLink to={paths.preorder} variant="accent">
          Pre-order Space
        </ButtonLink>
        <ButtonLink to={paths.spaceTrailer} variant="ghost">
          Watch the Space trailer
        </ButtonLink>
      </Actions>
    </Promo>
  );
}

/** The Dev Panel's early access. */
function DevPanelPromo() {
  return (
    <Promo
      eyebrow="Development environment"
      title="Your development environment, in the browser"
      art={{ src: '/images/marketing/dev-environment.svg', width: 480, height: 320 }}
      artFirst
    >
      <p>
        The Dev Panel gives every customer a Live View of their product as we build it and a Dev Box: a ready-made cloud workspace with your
        repository, tools and preview links.
      </p>
      <p className={styles.requests}>
        <strong>{ACCESS_REQUESTS.count}</strong> people requested access {ACCESS_REQUESTS.window}.
      </p>
      <Actions>
        <ButtonLink to={paths.signUp}>Create an account for early access</ButtonLink>
        <ButtonLink to={paths.devPanel} variant="secondary">
          Open the Dev Panel
        </ButtonLink>
      </Actions>
    </Promo>
  );
}
