/**
 * The react-router the shell provides to the share scope. As a shared module nothing of it can be
 * tree-shaken, so this module names what a browser app of this product routes with: the declarative
 * router (the shell's router is unstable_HistoryRouter over react-router's own browser history,
 * src/routing/shell-router.tsx), the declarative components, the navigation and location hooks and the
 * path utilities. The data router (createBrowserRouter, RouterProvider, useMatches, useRouteError) stays
 * out with the rest (server and framework mode, forms and fetchers, loaders' data hooks, scroll
 * restoration, view transitions, RSC): it was ~17 KB gzip of every first load (issue 13). useBlocker is
 * the shell's own (src/routing/use-blocker.ts, same call and answer), which holds navigations of the
 * shell's router; remotes' tests keep react-router's with a memory data router. The shell loads this
 * before any remote, so with loaded-first every remote uses this one instance (same router contexts).
 * react-router-client.test.ts checks this list against the installed react-router and against every
 * import of 'react-router' in the shell, the remotes and the ui-kit: a name used there and left out here
 * fails the test, not a page at run time.
 * BrowserRouter and MemoryRouter are left out too: every remote renders inside the shell's router, where a router
 * of its own throws ("You cannot render a <Router> inside another <Router>"); with them went the memory history,
 * 0.5 KB brotli of every first load (issue 25). So are Routes and Route, the JSX form of a route table (no app
 * uses it: the shell's table is route objects, useRoutes), and createRoutesFromChildren under them (0.4 KB).
 * Left out on purpose:
 *   BrowserRouter, MemoryRouter, Route, Routes, RouterProvider, createBrowserRouter, createMemoryRouter, useMatches, useRouteError (the data router),
 *   Await, Form, HashRouter, IDLE_BLOCKER, IDLE_FETCHER, IDLE_NAVIGATION, Links, Meta, NavigationType,
 *   PrefetchPageLinks, Router, RouterContextProvider, Scripts, ScrollRestoration, ServerRouter,
 *   StaticRouter, StaticRouterProvider, UNSAFE_AwaitContextProvider, UNSAFE_DataRouterContext,
 *   UNSAFE_DataRouterStateContext, UNSAFE_ErrorResponseImpl, UNSAFE_FetchersContext,
 *   UNSAFE_FrameworkContext, UNSAFE_LocationContext, UNSAFE_NavigationContext,
 *   UNSAFE_RSCDefaultRootErrorBoundary, UNSAFE_RemixErrorBoundary, UNSAFE_RouteContext, UNSAFE_ServerMode,
 *   UNSAFE_SingleFetchRedirectSymbol, UNSAFE_ViewTransitionContext, UNSAFE_WithComponentProps,
 *   UNSAFE_WithErrorBoundaryProps, UNSAFE_WithHydrateFallbackProps, UNSAFE_createClientRoutes,
 *   UNSAFE_createClientRoutesWithHMRRevalidationOptOut, UNSAFE_createHashHistory, UNSAFE_createMemoryHistory,
 *   UNSAFE_createRouter, UNSAFE_decodeViaTurboStream, UNSAFE_getHydrationData,
 *   UNSAFE_getPatchRoutesOnNavigationFunction, UNSAFE_getTurboStreamSingleFetchDataStrategy,
 *   UNSAFE_hydrationRouteProperties, UNSAFE_invariant, UNSAFE_mapRouteProperties,
 *   UNSAFE_shouldHydrateRouteLoader, UNSAFE_useFogOFWarDiscovery, UNSAFE_useScrollRestoration,
 *   UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, UNSAFE_withHydrateFallbackProps,
 *   createContext, createCookie, createCookieSessionStorage, createHashRouter, createMemorySessionStorage,
 *   createRequestHandler, createRoutesFromChildren, createRoutesFromElements, createRoutesStub,
 *   createSession, createSessionStorage, createStaticHandler, createStaticRouter, data, href, isCookie,
 *   isSession, redirect, redirectDocument, renderMatches, replace, unstable_RSCStaticRouter,
 *   unstable_routeRSCServerRequest, unstable_setDevServerHooks,
 *   unstable_usePrompt, unstable_useRoute, unstable_useRouterState, useActionData, useAsyncError,
 *   useAsyncValue, useFetcher, useFetchers, useFormAction, useLinkClickHandler, useLoaderData,
 *   useNavigation, useRevalidator, useRouteLoaderData, useSubmit, useViewTransitionState.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  createPath,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  unstable_HistoryRouter,
  UNSAFE_createBrowserHistory,
} from 'react-router-full';
export { useBlocker } from '../routing/use-blocker';
