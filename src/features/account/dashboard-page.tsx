import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import { AccountCard, AccountCardGrid } from './components/account-card';

export default function DashboardPage() {
  return (
    <>
      <PageIntro title="Dashboard" summary="Order a solution, reserve a specialist or check a trade-in value." />
      <AccountCardGrid label="Dashboard">
        <AccountCard
          icon="◆"
          title={`Order a ${BRAND.name} solution`}
          description="Pick a service and a model plan, add what you need and check out."
          action={{ kind: 'link', to: paths.store, label: 'Go to the store' }}
        />
        <AccountCard
          icon="☎"
          title="Reserve a Specialist"
          description="Book a call with an engineer to plan your project."
          action={{ kind: 'external', href: externalLinks.scheduling, label: 'Book a time' }}
        />
        <AccountCard
          icon="⇄"
          title="Third Party? (Check Trade In Value)"
          description="Built elsewhere? Tell us about your app and get its trade-in value."
          action={{ kind: 'link', to: paths.contact, label: 'Check trade-in value' }}
        />
      </AccountCardGrid>
    </>
  );
}
