import { CreditCard, Landmark } from 'lucide-react';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { describeCard } from '@/data/billing';
import { useLiveValueOf } from '@/firebase/use-live-value';
import { useAuth } from '@/session/auth-context';
import { PageIntro } from '@/ui/page-intro';
import { watchCardOnFile } from './billing-data';
import { AccountCard, AccountCardGrid } from './components/account-card';
import { ManageBillingButton } from './components/manage-billing-button';

/** The card on file, live: "Visa •••• 4242, expires 12/2034" once Stripe has one. */
function CardOnFile() {
  const { user } = useAuth();
  const card = useLiveValueOf(user?.uid, watchCardOnFile);
  if (card.status === 'ready') return <>{card.value ? `Card on file: ${describeCard(card.value)}.` : 'No card on file yet.'}</>;
  if (card.status === 'error') return <>Your card on file could not be loaded.</>;
  return <>Checking your card on file…</>;
}

export default function PaymentMethodsPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.paymentMethods} summary="Cards and bank accounts for your subscriptions." />
      <AccountCardGrid label={PAGE_TITLES.paymentMethods}>
        <AccountCard
          icon={CreditCard}
          title="Add card"
          description={
            <>
              Save a card for your plan's monthly or yearly charge. <CardOnFile />
            </>
          }
          action={{ kind: 'control', control: <ManageBillingButton label="Add card" returnPath={paths.paymentMethods} /> }}
        />
        <AccountCard
          icon={Landmark}
          title="Connect Bank"
          description="Pay by bank transfer straight from your business account."
          action={{ kind: 'coming' }}
        />
      </AccountCardGrid>
    </>
  );
}
