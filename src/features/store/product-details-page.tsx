import { Navigate, useSearchParams } from 'react-router-dom';
import { isPlanId } from '@/catalog/plans';
import { isServiceId } from '@/catalog/services';
import { paths } from '@/config/paths';
import { useHydrated } from '@/ui/use-hydrated';
import { PlanNotFound } from './product-details/plan-not-found';
import { PlanPlaceholder } from './product-details/plan-placeholder';
import { ProductDetails } from './product-details/product-details';

/** Plan values of the plans page that lead elsewhere (docs/product.md#plans-page). */
const REDIRECTS: Readonly<Record<string, string>> = {
  contact: paths.contact,
  'sign-in': paths.signIn,
};

/** /product-details?service=…&plan=… (docs/product.md#product-details, docs/decisions/0006-server-priced-checkout.md). */
export default function ProductDetailsPage() {
  const [params] = useSearchParams();
  // Hosting cannot vary the pre-rendered page by query, so it is a placeholder until hydrated.
  const hydrated = useHydrated();
  const plan = params.get('plan');
  const service = params.get('service');

  if (!hydrated) return <PlanPlaceholder />;
  const redirect = plan !== null ? REDIRECTS[plan] : undefined;
  if (redirect) return <Navigate to={redirect} replace />;
  if (!isPlanId(plan) || !isServiceId(service)) return <PlanNotFound plan={plan} service={service} />;
  // A new plan or service starts from its own configuration, not the previous one's.
  return <ProductDetails key={`${service}/${plan}`} service={service} plan={plan} />;
}
