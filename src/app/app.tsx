import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { RouteMatchesContext } from './route-meta';
import { routes } from './router';
import { ScrollManager } from './scroll-manager';

/** The site: the route table rendered for the current address, in the browser (BrowserRouter,
 *  src/main.tsx) and when pre-rendering (StaticRouter, src/entry-server.tsx). */
export function App() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const page = useRoutes(routes, location);
  return (
    <RouteMatchesContext.Provider value={matches}>
      {page}
      <ScrollManager />
    </RouteMatchesContext.Provider>
  );
}
