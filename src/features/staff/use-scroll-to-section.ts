import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the address's #section once the page has drawn it. The app's scroll manager
 * (src/app/scroll-manager.tsx) looks for the section when the page is entered, but a console list's
 * section appears only when its live data arrives, and the lists above it change its place as they
 * load; so `ready` says when every list of the page has loaded. Once per visit, so a list that
 * changes later never pulls the reader back.
 */
export function useScrollToSection(ready: boolean): void {
  const { hash, key } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || scrolledFor.current === key) return;
    scrolledFor.current = key;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash, key]);
}
