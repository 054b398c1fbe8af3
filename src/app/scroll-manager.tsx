import { useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'leopard:scroll-positions';
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
  } catch {
    return [];
  }
}

function store() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Private mode or a full storage: positions are a nicety.
  }
}

/**
 * The entry a position belongs to. The router gives each entry it makes a key of its own; every
 * entry the browser made (the page's first load, a jump to a #section the browser followed, an
 * address typed in) is "default", so those are told apart by their address.
 */
function entryOf(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;
}

/** Whether this document was loaded by a reload or by Back/Forward (a place to return to), rather
 *  than opened afresh (it starts at the top, or at its #section, as the browser put it). */
function loadReturnsToPlace(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/**
 * What the browser does for ordinary pages, done for client-side navigations: a new page starts at
 * the top (or at its #anchor), Back and Forward return to where the person was, and a reload keeps
 * its place.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const entry = entryOf(location);
  const firstCommit = useRef(true);

  // Where this entry is, kept as the person scrolls: by the time a navigation is committed the
  // next page has replaced this one and the browser has already clamped the position.
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const address = `${location.pathname}${location.search}${location.hash}`;
    // Not once the browser has moved on to another address (a #section it jumps to itself
    // scrolls after changing the address, before the router hears of it).
    const remember = () => {
      if (`${window.location.pathname}${window.location.search}${window.location.hash}` === address) positions.set(entry, window.scrollY);
    };
    const persist = () => {
      remember();
      store();
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, [entry, location.pathname, location.search, location.hash]);

  useLayoutEffect(() => {
    const saved = positions.get(entry);
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (firstCommit.current) {
      firstCommit.current = false;
      if (saved !== undefined && loadReturnsToPlace()) window.scrollTo(0, saved);
      // The person may have scrolled before the app started listening (a pre-rendered page is
      // read before it hydrates): Back must return there even if they never scroll again.
      else positions.set(entry, window.scrollY);
      return;
    }
    if (navigationType === 'POP') {
      // Back/Forward, or a #section the browser jumped to itself (a link the app had not yet
      // adopted, an address typed in): the place kept for that entry, else its section.
      if (saved !== undefined) window.scrollTo(0, saved);
      else target?.scrollIntoView();
      return;
    }
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [entry, location.hash, navigationType]);

  return null;
}
