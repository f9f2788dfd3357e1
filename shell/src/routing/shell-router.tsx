/**
 * The shell's router: react-router's declarative router (HistoryRouter + useRoutes) over the route table
 * and the shell's blocking history. What the data router gave the route table is done here: errors by
 * RouteErrorBoundary (route-error-boundary.tsx), the matched route's handle by useRouteHandle, leave
 * guards by use-blocker.ts.
 */
import { createContext, useContext } from 'react';
import { matchRoutes, unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { BlockingHistory } from './blocking-history';
import { BlockingHistoryContext } from './use-blocker';

const RoutesContext = createContext<RouteObject[]>([]);

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function ShellRouter({ history, routes }: { history: BlockingHistory; routes: RouteObject[] }) {
  return (
    <HistoryRouter history={history}>
      <BlockingHistoryContext.Provider value={history}>
        <RoutesContext.Provider value={routes}>
          <Routes routes={routes} />
        </RoutesContext.Provider>
      </BlockingHistoryContext.Provider>
    </HistoryRouter>
  );
}

/** the handle of the deepest route the location matches (undefined when it has none) */
export function useRouteHandle(): unknown {
  const routes = useContext(RoutesContext);
  const location = useLocation();
  const matches = matchRoutes(routes, location);
  return matches?.[matches.length - 1]?.route.handle;
}
