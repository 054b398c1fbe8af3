import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isServiceId } from '@/catalog/services';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { PageIntro } from '@/ui/page-intro';
import { useHydrated } from '@/ui/use-hydrated';
import { CategoryList } from './components/category-list';
import { ModelPicker } from './components/model-picker';

/** The param that remembers the chosen service, so back/forward and reload keep the view. */
export const SERVICE_PARAM = 'service';

/** The store (docs/product.md#store): the nine services, then "Pick a Model" for the chosen one. */
export default function StorePage() {
  const [params] = useSearchParams();
  // The pre-rendered store is the category list; a service in the address shows after hydration.
  const hydrated = useHydrated();
  const requested = hydrated ? params.get(SERVICE_PARAM) : null;
  const service = isServiceId(requested) ? requested : null;
  const viewHeading = useRef<HTMLHeadingElement>(null);
  /** The view shown once hydrated; undefined until then. */
  const shownService = useRef<string | null>(undefined);

  // Switching views replaces most of the page; take keyboard and screen-reader users to the new
  // view's heading rather than leaving focus on a button that is gone. Not on arrival, though: a
  // store opened at ?service= switches from the pre-rendered categories to the models as it
  // hydrates, and that is no change of view (docs/decisions/0099-focus-on-store.md).
  useEffect(() => {
    if (!hydrated) return;
    const previous = shownService.current;
    shownService.current = service;
    if (previous === undefined || previous === service) return;
    viewHeading.current?.focus();
  }, [hydrated, service]);

  return (
    <>
      <PageIntro title={PAGE_TITLES.store} summary={PAGE_SUMMARIES.store} />
      {service ? (
        <ModelPicker service={service} headingRef={viewHeading} />
      ) : (
        <CategoryList unknownService={requested} headingRef={viewHeading} />
      )}
    </>
  );
}
