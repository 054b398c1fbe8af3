import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

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
 * What the browser does for ordinary pages, done for client-side navigations: a new page starts at
 * the top (or at its #anchor), Back and Forward return to where the person was, and a reload keeps
 * its place.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // Where this entry is, kept as the person scrolls: by the time a navigation is committed the
  // next page has replaced this one and the browser has already clamped the position.
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(location.key, window.scrollY);
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
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (navigationType === 'POP') {
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
