import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import { ClosingCta } from './components/closing-cta';
import { CardGrid } from './components/card-grid';
import { Section } from './components/section';
import { StepList } from './components/step-list';
import type { Feature, Step } from './content/types';

const IDEA_TO_PRODUCT: readonly Step[] = [
  {
    title: 'A question worth asking',
    summary: 'Every product starts as a hunch about a problem. We write it down, find the people who have it and listen.',
  },
  {
    title: 'A prototype in days',
    summary: 'The fastest way to test an idea is to put something in people’s hands, so we build the smallest version that can be tried.',
  },
  {
    title: 'Evidence, then engineering',
    summary: 'Only what people actually use gets the full treatment: architecture, tests, security reviews and a launch plan.',
  },
  {
    title: 'A product that keeps learning',
    summary: 'After launch, analytics and customer conversations feed the next idea, and the cycle starts again.',
  },
];

const RESEARCH: readonly Feature[] = [
  {
    title: 'Human–AI collaboration',
    text: 'How assistants can take the drudgery out of knowledge work without taking the judgement away from people.',
  },
  {
    title: 'Connectivity for remote communities',
    text: 'What schools, clinics and small businesses can do once Space gives them reliable broadband for the first time.',
  },
  {
    title: 'Accessible by default',
    text: 'Patterns and tooling that make accessible interfaces the easiest ones to build, not an afterthought.',
  },
];

export default function PowerOfTheMindPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.powerOfTheMind} summary={PAGE_SUMMARIES.powerOfTheMind} />

      <Section
        title="From idea to product"
        intro="A great product is rarely one brilliant idea. It is a good idea, tested, questioned and improved by people who care."
      >
        <StepList steps={IDEA_TO_PRODUCT} columns={2} />
      </Section>

      <Section
        title="Our research"
        intro="A share of every engineer’s time goes to research that is not tied to any client project. These are our current themes."
        tone="alt"
      >
        <CardGrid cards={RESEARCH} columns={3} />
      </Section>

      <ClosingCta
        title="The open-access program"
        intro="We publish our research openly and invite students, researchers and independent builders to work with our data, tools and engineers — free of charge."
        primary={{ to: paths.openAccessProgram, label: 'Join the open-access program' }}
        secondary={{ to: paths.contact, label: 'Propose a research partnership' }}
      />
    </>
  );
}
