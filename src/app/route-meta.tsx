import { useEffect, useRef, useState } from 'react';
import { useMatches, type Params } from 'react-router-dom';
import { BRAND } from '@/config/brand';

/** What the route table attaches to each route. */
export interface RouteHandle {
  title: string | ((params: Params) => string);
}

const SITE_TITLE = `${BRAND.name} | Custom software and satellite internet`;

function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i]!;
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) return typeof handle.title === 'function' ? handle.title(match.params) : handle.title;
  }
  return undefined;
}

/** Sets the document title for the current route and tells screen-reader users that the page
 *  changed (a client-side navigation is otherwise silent). */
export function RouteAnnouncer() {
  const title = useRouteTitle();
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);

  useEffect(() => {
    document.title = title ? `${title} | ${BRAND.name}` : SITE_TITLE;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setAnnouncement(title ?? BRAND.name);
  }, [title]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
