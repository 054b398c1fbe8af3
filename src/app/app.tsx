import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { AuthProvider } from '@/session/auth-provider';
import { RouteMatchesContext } from './route-meta';
import { routes } from './router';
import { ScrollManager } from './scroll-manager';

/** The site: the route table rendered for the current address, in the browser (BrowserRouter,
 *  src/main.tsx) and when pre-rendering (StaticRouter, src/entry-server.tsx). The session is
 *  site-wide: every page's header shows who is signed in. */
export function App() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const page = useRoutes(routes, location);
  return (
    <AuthProvider>
      <RouteMatchesContext.Provider value={matches}>
        {page}
        <ScrollManager />
      </RouteMatchesContext.Provider>
    </AuthProvider>
  );
}
