import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CHECKOUT_CANCELED } from '@/catalog/checkout';
import { planFeatures } from '@/catalog/plan-features';
import { isPricedPlan, PLAN_DETAILS, PLAN_NAMES, type PlanId, type PricedPlanId } from '@/catalog/plans';
import { priceConfiguration } from '@/catalog/pricing';
import { SERVICE_LABELS, type ServiceId } from '@/catalog/services';
import { Button } from '@/ui/button';
import { startCheckout } from '../checkout-api';
import { CheckoutPanel, type CheckoutState } from './checkout-panel';
import { toCheckoutChoices, type Configuration } from './configuration';
import { ConfigurationForm } from './configuration-form';
import { MagentoContact } from './magento-contact';
import { PlanGallery } from './plan-gallery';
import { PlanPicture } from './plan-picture';
import { PriceFooter } from './price-footer';
import styles from './product-details.module.scss';
import { useConfiguration } from './use-configuration';
import { useVisitor, type VisitorState } from './use-visitor';

const PROVIDER_MISSING = 'Choose the platform your application runs on, or answer No.';

interface ProductDetailsProps {
  service: ServiceId;
  plan: PlanId;
}

/** A plan's page: what it includes, its configuration and checkout, or its gallery. */
export function ProductDetails({ service, plan }: ProductDetailsProps) {
  const visitor = useVisitor();
  const [configuration, update] = useConfiguration(service, plan);
  const gallery = useGalleryView();
  const priced = isPricedPlan(plan) ? plan : null;
  const charges = priced ? priceConfiguration({ ...configuration, plan: priced }) : null;
  const { checkout, onSubmit, providerError, setProviderError, providerRef } = usePlanCheckout(service, priced, configuration, visitor);
  const canceled = useCanceledCheckout();

  const name = PLAN_NAMES[plan];
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <div className="container">
          <h1 className={styles.title}>
            {name} plan <span className={styles.titleService}>for {SERVICE_LABELS[service]}</span>
          </h1>
        </div>
      </header>

      {gallery.view === 'gallery' ? (
        <PlanGallery plan={plan} onClose={() => gallery.switchView('details')} headingRef={gallery.headingRef} />
      ) : (
        <div className={styles.layout}>
          <PlanOverview plan={plan} galleryButtonId={gallery.buttonId} onGallery={() => gallery.switchView('gallery')} />

          {priced ? (
            <form className={styles.configure} aria-labelledby="plan-configure-heading" onSubmit={onSubmit} noValidate>
              <h2 id="plan-configure-heading" className={styles.sideHeading}>
                Configure your plan
              </h2>
              <ConfigurationForm
                plan={priced}
                configuration={configuration}
                onChange={(change) => {
                  if (change.tradeInProvider || change.tradeIn === false) setProviderError(undefined);
                  update(change);
                }}
                providerError={providerError}
                providerRef={providerRef}
              />
              <CheckoutPanel
                state={checkout}
                canceled={canceled}
                signedIn={visitor.status === 'ready' ? visitor.user !== null : undefined}
              />
            </form>
          ) : (
            <MagentoContact />
          )}
        </div>
      )}

      <PriceFooter charges={charges} period={configuration.period} />
    </div>
  );
}

/** Whether the buyer came back here by Stripe's Cancel (src/catalog/checkout.ts, CHECKOUT_CANCELED):
 *  read once, then dropped from the address, so a reload or a shared link does not say it again. */
function useCanceledCheckout(): boolean {
  const [params, setParams] = useSearchParams();
  const [canceled] = useState(() => params.get(CHECKOUT_CANCELED.param) === CHECKOUT_CANCELED.value);
  useEffect(() => {
    if (!params.has(CHECKOUT_CANCELED.param)) return;
    const rest = new URLSearchParams(params);
    rest.delete(CHECKOUT_CANCELED.param);
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return canceled;
}

/** The plan's details or its gallery; focus follows the switch: into the gallery, then back to the
 *  button that opened it. */
function useGalleryView() {
  const [view, setView] = useState<'details' | 'gallery'>('details');
  // The shared Button takes no ref; the id finds it again.
  const buttonId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewChanged = useRef(false);

  useEffect(() => {
    if (!viewChanged.current) return;
    if (view === 'gallery') headingRef.current?.focus();
    else document.getElementById(buttonId)?.focus();
  }, [view, buttonId]);

  const switchView = (next: 'details' | 'gallery') => {
    viewChanged.current = true;
    setView(next);
  };
  return { view, switchView, buttonId, headingRef };
}

/** Checkout of the configured plan: the trade-in's platform must be named, then the browser leaves
 *  for Stripe's payment page, or the page says why it could not. */
function usePlanCheckout(service: ServiceId, priced: PricedPlanId | null, configuration: Configuration, visitor: VisitorState) {
  const [checkout, setCheckout] = useState<CheckoutState>({ status: 'idle' });
  const [providerError, setProviderError] = useState<string>();
  const providerRef = useRef<HTMLSelectElement>(null);

  // Back from Stripe through the browser's Back button, the page may come out of the
  // back-forward cache still saying "Starting checkout…".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setCheckout({ status: 'idle' });
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!priced || checkout.status === 'sending') return;
    const result = toCheckoutChoices(service, priced, configuration);
    if (!result.ok) {
      setProviderError(PROVIDER_MISSING);
      providerRef.current?.focus();
      return;
    }
    setProviderError(undefined);
    setCheckout({ status: 'sending' });
    // Who checks out, as the page knows it; only while the session is still being confirmed does
    // checkout ask Firebase Auth itself.
    const idToken = visitor.status === 'ready' ? async () => (await visitor.user?.getIdToken()) ?? null : undefined;
    const outcome = await startCheckout(result.choices, { origin: window.location.origin, currentUrl: window.location.href }, idToken);
    if (outcome.ok) {
      // Stays "Starting checkout…" while the browser leaves for the payment page.
      window.location.assign(outcome.url);
      return;
    }
    setCheckout({ status: 'failed', message: outcome.message });
  };

  return { checkout, onSubmit, providerError, setProviderError, providerRef };
}

/** The plan's picture, description and what it includes, with the button to its gallery. */
function PlanOverview({ plan, galleryButtonId, onGallery }: { plan: PlanId; galleryButtonId: string; onGallery: () => void }) {
  return (
    <section className={styles.overview} aria-labelledby="plan-overview-heading">
      <PlanPicture plan={plan} />
      <p className={styles.description}>{PLAN_DETAILS[plan].description}</p>
      <h2 id="plan-overview-heading" className={styles.sideHeading}>
        What is included
      </h2>
      <ul className={styles.features}>
        {planFeatures(plan).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button id={galleryButtonId} variant="secondary" onClick={onGallery}>
        View Gallery
      </Button>
    </section>
  );
}
