import { ArrowLeftRight, PhoneCall, ShoppingBag } from 'lucide-react';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { useAuth } from '@/session/auth-context';
import { ConnectionNotice } from '@/ui/connection-notice';
import { PageIntro } from '@/ui/page-intro';
import { AccountCard, AccountCardGrid } from './components/account-card';
import { ActivePlans } from './dashboard/active-plans';
import styles from './dashboard/dashboard.module.scss';
import { greetingName, greetingText } from './dashboard/greeting';
import { LatestOrders } from './dashboard/latest-orders';
import { TermNotices } from './dashboard/term-notices';
import { VerifyEmailBanner } from './dashboard/verify-email-banner';
import { useProfile } from './profile/use-profile';
import { useOrders } from './use-orders';

export default function DashboardPage() {
  const { user } = useAuth();
  const profile = useProfile(user?.uid);
  const orders = useOrders(user?.uid);
  // Until the profile answers, no name rather than the email first and the name a moment later.
  const name =
    profile.status === 'loading' && !profile.unreachable
      ? null
      : greetingName(profile.status === 'ready' ? profile.value.firstName : undefined, user?.email);
  const loaded = orders.status === 'ready' ? orders.orders : null;

  return (
    <>
      <PageIntro title={PAGE_TITLES.dashboard} summary={greetingText(name)} />
      <div className={styles.overview}>
        {user && !user.emailVerified && <VerifyEmailBanner user={user} />}
        <ConnectionNotice show={orders.unreachable || profile.unreachable} />
        {loaded && <TermNotices orders={loaded} />}
        {orders.status === 'error' ? (
          <p role="alert" className={styles.loadError}>
            Your plans and orders could not be loaded. Check your connection and reload the page.
          </p>
        ) : (
          <div className={styles.panels}>
            <ActivePlans orders={loaded} />
            <LatestOrders orders={loaded} />
          </div>
        )}
      </div>
      <AccountCardGrid label="Get started">
        <AccountCard
          icon={ShoppingBag}
          title={`Order a ${BRAND.name} solution`}
          description="Pick a service and a model plan, add what you need and check out."
          action={{ kind: 'link', to: paths.store, label: 'Go to the store' }}
        />
        <AccountCard
          icon={PhoneCall}
          title="Reserve a Specialist"
          description="Book a call with an engineer to plan your project."
          action={{ kind: 'external', href: externalLinks.scheduling, label: 'Book a time' }}
        />
        <AccountCard
          icon={ArrowLeftRight}
          title="Third Party? (Check Trade In Value)"
          description="Built elsewhere? Tell us about your app and get its trade-in value."
          action={{ kind: 'link', to: paths.contact, label: 'Check trade-in value' }}
        />
      </AccountCardGrid>
    </>
  );
}
