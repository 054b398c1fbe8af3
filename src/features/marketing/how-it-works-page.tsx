import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import { ClosingCta } from './components/closing-cta';
import { Section } from './components/section';
import { StepList } from './components/step-list';
import { HOW_IT_WORKS } from './content/how-it-works';
import { EXECUTION_PROCESS } from './content/process';

export default function HowItWorksPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.howItWorks} summary={PAGE_SUMMARIES.howItWorks} />

      <Section title="The four steps" intro="What happens at each step, and what you get from it.">
        <StepList steps={HOW_IT_WORKS} columns={2} />
      </Section>

      <Section
        title="Inside every sprint"
        intro="Once your team is building, each release runs through our six-step execution process."
        tone="alt"
      >
        <StepList steps={EXECUTION_PROCESS} columns={3} />
      </Section>

      <ClosingCta
        title="Take the first step"
        intro="Tell us what you need, or go straight to a plan."
        primary={{ to: paths.contact, label: 'Tell us what you need' }}
        secondary={{ to: paths.whyChoose, label: 'Pick your plan' }}
      />
    </>
  );
}
