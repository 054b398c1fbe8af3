import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { TRACK_RECORD } from '../content/claims';
import { Actions, Section } from './section';
import { StatList } from './stat-list';

/** The trusted-customers band: our track record and a way to read the stories behind it. */
export function TrustedCustomers() {
  return (
    <Section
      title="Trusted by our customers"
      intro="Start-ups, clinics, retailers and global brands run their products on software we built."
      tone="alt"
    >
      <StatList stats={TRACK_RECORD} />
      <Actions>
        <ButtonLink to={paths.caseStudies} variant="secondary">
          Read our case studies
        </ButtonLink>
      </Actions>
    </Section>
  );
}
