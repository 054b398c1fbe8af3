import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { ClosingCta } from './components/closing-cta';
import { CardGrid } from './components/card-grid';
import { Section } from './components/section';
import { REASONS } from './content/difference';
import { ComparisonTable } from './difference/comparison-table';

export default function DifferencePage() {
  return (
    <>
      <PageIntro title={`The ${BRAND.name} difference`} summary={PAGE_SUMMARIES.difference} />

      <Section title="Side by side" intro="What working with a typical agency looks like, and what you get from us instead.">
        <ComparisonTable />
      </Section>

      <Section title={`Why teams switch to ${BRAND.name}`} tone="alt">
        <CardGrid cards={REASONS} columns={2} />
      </Section>

      <ClosingCta
        title="See the difference for yourself"
        intro="Compare our plans, or tell us about your project."
        primary={{ to: paths.whyChoose, label: 'Compare our plans' }}
        secondary={{ to: paths.contact, label: 'Talk to an engineer' }}
      />
    </>
  );
}
