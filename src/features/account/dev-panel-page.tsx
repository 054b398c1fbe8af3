import { MonitorPlay, SquareTerminal } from 'lucide-react';
import { PAGE_TITLES } from '@/config/page-titles';
import { useAuth } from '@/session/auth-context';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';
import { AccountCard, AccountCardGrid } from './components/account-card';
import styles from './dev-panel-page.module.scss';

export default function DevPanelPage() {
  const { user, ready } = useAuth();

  return (
    <>
      <PageIntro title={PAGE_TITLES.devPanel} summary="Live views of your project and your development environment." />
      {!ready ? (
        <Spinner block label="Loading your Dev Panel…" />
      ) : (
        <>
          {user && !user.emailVerified && (
            // Warns, does not block (docs/product.md#permissions).
            <p role="alert" className={styles.warning}>
              Warning! Please verify your email
            </p>
          )}
          <AccountCardGrid label={PAGE_TITLES.devPanel}>
            <AccountCard
              icon={MonitorPlay}
              title="Live View"
              description="Watch your product being built: every deploy, live, as your team ships it."
              action={{ kind: 'coming' }}
            />
            <AccountCard
              icon={SquareTerminal}
              title="Dev Box"
              description="A ready-made cloud workspace with your repository, tools and preview links."
              action={{ kind: 'coming' }}
            />
          </AccountCardGrid>
        </>
      )}
    </>
  );
}
