import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the address's #section once the page has drawn it. The app's scroll manager
 * (src/app/scroll-manager.tsx) looks for the section when the page is entered, but a console list's
 * section appears only when its live data arrives; so `ready` says when the list has loaded. Once
 * per #section: a list that changes later, or a filter or search of the same list (a new address
 * with the same #section), never pulls the reader back.
 */
export function useScrollToSection(ready: boolean): void {
  const { hash } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || scrolledFor.current === hash) return;
    scrolledFor.current = hash;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}
