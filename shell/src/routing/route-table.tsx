/**
 * The router: one route tree for the whole table of spec section 2.
 *   root (RouteEffects; fatal errors -> full-page error page)
 *   |- /, /create            redirects (query and hash kept)
 *   |- /template             chrome-less (no header, no sidebar)
 *   `- layout (header, sidebar)
 *       `- pages (non-fatal errors render inside the layout)
 *           |- every RouteSpec path -> its remote module, parameters validated
 *           |- /404, /debug/test-error
 *           `- *  -> non-fatal 'Page not found: {path}'
 */
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { useShellInternals } from '../app/internals';
import { LazyErrorPage as ErrorPage } from '../error-page/lazy-error-page';
import { RemoteArea } from '../federation/remote-area';
import { AppLayout } from '../layout/app-layout';
import { GlobalHosts } from '../layout/global-hosts';
import { dropPrerenderedChrome } from '../layout/prerendered-header';
import { LazyToastViewport } from '../toast/lazy-toast-viewport';
import { isShellChunkError, reloadOnce } from '../lifecycle/reload-guard';
import { describeError, pageValidationFailure } from './page-error';
import { RouteEffects } from './route-effects';
import { RouteErrorBoundary } from './route-error-boundary';
import { DEBUG_TEST_ERROR, NOT_FOUND_META, REDIRECTS, ROUTE_SPECS, type RouteSpec } from './route-specs';

export interface RouteHandle {
  spec?: RouteSpec;
  meta?: RouteSpec['meta'];
}

function Redirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** A page of the table: its parameters are validated, then its remote module renders in its own area. */
function RoutePage({ spec }: { spec: RouteSpec }) {
  const params = useParams();
  const { pathname } = useLocation();
  if (spec.validate && !spec.validate(params)) throw pageValidationFailure(pathname);
  return <RemoteArea key={spec.id} module={spec.module} props={spec.props} area={spec.area} />;
}

function NotFoundRoute() {
  const { pathname } = useLocation();
  const { config } = useShellInternals();
  return <ErrorPage status={404} message={pathname === '/404' ? undefined : `Page not found: ${pathname}`} env={config.env} />;
}

function TestError(): never {
  throw new Error('Test error: /debug/test-error throws on purpose to exercise the error page');
}

/** Everything every route shares: route effects, the global remote hosts and toasts. */
function RootFrame() {
  const { toasts } = useShellInternals();
  return (
    <>
      <RouteEffects />
      <Outlet />
      <GlobalHosts />
      <LazyToastViewport store={toasts} />
    </>
  );
}

const pageError = (error: unknown) => <PageErrorElement error={error} />;
const fatalError = (error: unknown) => <FatalErrorElement error={error} />;

/** Errors of a page: non-fatal ones render inside the layout; fatal ones go on to the root. */
function PageErrorElement({ error }: { error: unknown }) {
  const { config } = useShellInternals();
  const described = describeError(error);
  // a failed chunk of the shell goes to the root, which reloads once
  if (described.fatal || isShellChunkError(error)) throw error;
  return <ErrorPage status={described.status} message={described.message} stack={described.stack} env={config.env} />;
}

/** Fatal errors: the whole page is the error page. A failed chunk of the shell reloads once first. */
function FatalErrorElement({ error }: { error: unknown }) {
  const { config } = useShellInternals();
  const described = describeError(error);
  const chunk = isShellChunkError(error);
  // the first HTML's header and first screen would stand above the error page: it is the whole page
  useLayoutEffect(() => dropPrerenderedChrome(), []);
  useEffect(() => {
    if (chunk) reloadOnce('a chunk of the shell failed to load');
  }, [chunk]);
  return <ErrorPage status={described.status} message={described.message} stack={described.stack} env={config.env} />;
}

function pageRoute(spec: RouteSpec): RouteObject {
  return { id: spec.id, path: spec.path, element: <RoutePage spec={spec} />, handle: { spec, meta: spec.meta } satisfies RouteHandle };
}

export function createRoutes(): RouteObject[] {
  const withChrome = ROUTE_SPECS.filter((spec) => spec.chrome);
  const chromeless = ROUTE_SPECS.filter((spec) => !spec.chrome);
  return [
    {
      id: 'root',
      element: (
        <RouteErrorBoundary fallback={fatalError}>
          <RootFrame />
        </RouteErrorBoundary>
      ),
      children: [
        ...Object.entries(REDIRECTS).map(([from, to]) => ({ id: `redirect:${from}`, path: from, element: <Redirect to={to} /> })),
        ...chromeless.map((spec) => {
          const route = pageRoute(spec);
          return { ...route, element: <RouteErrorBoundary fallback={pageError}>{route.element}</RouteErrorBoundary> };
        }),
        {
          id: 'layout',
          element: <AppLayout />,
          children: [
            {
              id: 'pages',
              element: (
                <RouteErrorBoundary fallback={pageError}>
                  <Outlet />
                </RouteErrorBoundary>
              ),
              children: [
                ...withChrome.map(pageRoute),
                { id: 'not-found-page', path: '/404', element: <NotFoundRoute />, handle: { meta: NOT_FOUND_META } satisfies RouteHandle },
                { id: 'debug-test-error', path: DEBUG_TEST_ERROR.path, element: <TestError /> },
                { id: 'catch-all', path: '*', element: <NotFoundRoute />, handle: { meta: NOT_FOUND_META } satisfies RouteHandle },
              ],
            },
          ],
        },
      ],
    },
  ];
}
