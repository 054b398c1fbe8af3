import { PageIntro } from '@/ui/page-intro';
import { AccountCard, AccountCardGrid } from './components/account-card';

export default function PaymentMethodsPage() {
  return (
    <>
      <PageIntro title="Payment methods" summary="Cards and bank accounts for your subscriptions." />
      <AccountCardGrid label="Payment methods">
        <AccountCard
          icon="▭"
          title="Add card"
          description="Save a card for your plan's monthly or yearly charge."
          action={{ kind: 'coming' }}
        />
        <AccountCard
          icon="⌂"
          title="Connect Bank"
          description="Pay by bank transfer straight from your business account."
          action={{ kind: 'coming' }}
        />
      </AccountCardGrid>
    </>
  );
}
