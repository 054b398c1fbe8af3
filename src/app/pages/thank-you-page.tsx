/** /thank-you: marketing's page with the store's summary of a visitor's checkout, composed here
 *  because a feature never imports another. */
import ThankYouPage from '@/features/marketing/thank-you-page';
import { CheckoutSummary } from '@/features/store/checkout-summary';

export default function ThankYouWithCheckoutSummary() {
  return <ThankYouPage checkoutSummary={<CheckoutSummary />} />;
}
