import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { CardGrid } from './components/card-grid';
import { Section } from './components/section';

export default function CreatePage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.create} summary={PAGE_SUMMARIES.create} />
      <Section title="Choose how to start" intro="Whichever you choose, a dedicated team can be working on your product within a week.">
        <CardGrid
          columns={3}
          cards={[
            {
              title: 'Pick a plan',
              text: 'Know what you need? Choose a service and a monthly plan in the store, add storage, security or marketing, and check out online.',
              action: <ButtonLink to={paths.store}>Go to the store</ButtonLink>,
            },
            {
              title: 'Talk to us',
              text: 'Not sure yet? Tell us about your idea and an engineer will reply within one business day with honest advice.',
              action: (
                <ButtonLink to={paths.contact} variant="secondary">
                  Contact our team
                </ButtonLink>
              ),
            },
            {
              title: 'Create an account',
              text: 'Get your dashboard, track orders and be first in line for the Dev Panel’s Live View and Dev Box.',
              action: (
                <ButtonLink to={paths.signUp} variant="secondary">
                  Create your account
                </ButtonLink>
              ),
            },
          ]}
        />
      </Section>
    </>
  );
}
