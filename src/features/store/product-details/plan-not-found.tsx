import { isPlanId } from '@/catalog/plans';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import styles from './plan-not-found.module.scss';

interface PlanNotFoundProps {
  plan: string | null;
  service: string | null;
}

/** What the address said, cut short: it is typed by anyone and must not stretch the page. */
function quoted(value: string): string {
  return `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;
}

function explanation({ plan, service }: PlanNotFoundProps): string {
  if (!plan) return 'This address does not say which plan to show.';
  if (!isPlanId(plan)) return `We do not have a plan called ${quoted(plan)}.`;
  if (!service) return 'This address does not say which service the plan is for.';
  return `We do not offer a service called ${quoted(service)}.`;
}

/** An address the store cannot show: said plainly, with the ways back. */
export function PlanNotFound(props: PlanNotFoundProps) {
  return (
    <PageIntro title="Plan not found" summary={`${explanation(props)} Pick a service and a plan in the store, or compare the plans.`}>
      <div className={styles.notFoundActions}>
        <ButtonLink to={paths.store}>Go to the store</ButtonLink>
        <ButtonLink to={paths.whyChoose} variant="secondary">
          Compare the plans
        </ButtonLink>
      </div>
    </PageIntro>
  );
}
