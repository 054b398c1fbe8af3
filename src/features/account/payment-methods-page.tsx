import { PageIntro } from '@/ui/page-intro';

export default function PaymentMethodsPage() {
  return <PageIntro title="Payment methods" summary="Cards and bank accounts for your subscriptions." />;
}
