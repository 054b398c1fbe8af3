import { useEffect } from 'react';
import type { PageModule } from './lazy-page';
import { markPageHydrated } from './page-hydration';

function PageCommitted() {
  useEffect(markPageHydrated, []);
  return null;
}

/** The page module with an empty marker after the page, so that the page's first commit (the end
 *  of hydrating a pre-rendered page) is known: src/app/page-hydration.ts. It renders nothing, so
 *  the pre-rendered HTML is the same. */
export function signallingCommit({ default: Page }: PageModule): PageModule {
  return {
    default: function CommittedPage() {
      return (
        <>
          <Page />
          <PageCommitted />
        </>
      );
    },
  };
}
