/**
 * Start-up: runtime config, the session (token cookie, user cache, uid comparison), the API client and
 * the rest of the ShellApi, the remotes list, the router, the first render, then the user refresh and the
 * new-version check.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath, UNSAFE_createBrowserHistory } from 'react-router';
import { EMBED_MODE_SIDEAPP, MANIFEST_CHECK_DELAY_MS } from 'shared-contracts';
import { App } from './app/app';
import { createShell } from './app/create-shell';
import { afterLoad } from './chat/after-load';
import { startCustomerChat } from './chat/start-chat';
import { readShellConfig } from './config/shell-config';
import { lifecycle } from './lifecycle/lifecycle-state';
import { installChunkErrorReload, reloadOnce } from './lifecycle/reload-guard';
import { withBlocking } from './routing/blocking-history';
import { recordEmbedMode } from './routing/url-params';
import { createRoutes } from './routing/route-table';
import { preloadWideChrome } from './layout/wide-chrome-parts';
import { ROUTE_SPECS } from './routing/route-specs';

const config = readShellConfig();
installChunkErrorReload();

const shell = createShell(config);
const { shouldRefresh } = shell.session.start();
void shell.internals.runtime.start();
// the page's own remote starts loading now, while React renders the chrome, not after the first commit
const landing = ROUTE_SPECS.find((spec) => matchPath(spec.path, window.location.pathname));
if (landing) shell.internals.runtime.preload(landing.module);
// a tablet's or a desktop's sidebar menu and header extras (a phone's menu is the drawer, loaded later): asked for
// before React renders, and the first frame waits for them (below), so the shell's chrome replaces the first HTML's
// copies whole
const wideChromeReady = shell.api.viewport.isPhone ? null : preloadWideChrome();

// react-router's own browser history (v5Compat: the router hears its own pushes), with the leave guards
const history = withBlocking(UNSAFE_createBrowserHistory({ v5Compat: true }));
shell.setNavigator({ navigate: (to, options) => (options?.replace ? history.replace(to) : history.push(to)) });

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
// the first render as a transition: React then yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (a visitor's /home already shows its first screen from the
// HTML, and a tap meanwhile is answered at once: Lighthouse counted the one long task as blocking time)
const renderApp = () => startTransition(() => root.render(<App shell={shell} history={history} routes={createRoutes()} />));
if (wideChromeReady) void wideChromeReady.then(renderApp);
else renderApp();
// a visitor's CMS blocks the gateway prerendered move into the layout's slots, and their scripts run, once the
// page has loaded (until then they sit after the layout, below the first screen: no part of the first load, issue
// 25); a page that is no visitor's (a stored session, the www-sideapp embed of this session) drops them (spec
// section 4), and so does one navigated away from meanwhile (the new route's injection replaced its blocks)
const visitor = !shell.session.state.flags.isLogin && recordEmbedMode(window.location.search) !== EMBED_MODE_SIDEAPP;
const firstPath = window.location.pathname;
afterLoad(() =>
  void import(/* webpackChunkName: "cms-adopt" */ './cms/adopt-prerendered').then((cms) =>
    visitor && window.location.pathname === firstPath ? cms.adoptPrerendered() : cms.dropPrerendered(),
  ),
);
// the customer chat: loaded the first time Home shows, hidden on every other route
startCustomerChat(shell.api, config);

if (shouldRefresh) void shell.session.refreshUser();
// the session's upkeep, in one chunk once the page has loaded (no part of the first screen, issue 25): back from
// another tab (the checkout's, say) the balance and plan are fetched again; the token is renewed halfway through
// its life, hours away (one already due is renewed then), so an open studio, even idle, stays signed in
afterLoad(() => {
  void import(/* webpackChunkName: "session-upkeep" */ './session/refresh-on-return').then(({ refreshOnReturn }) => refreshOnReturn(() => shell.session.refreshUser()));
  void import(/* webpackChunkName: "session-upkeep" */ './session/token-renewal').then(({ keepTokenFresh }) => keepTokenFresh({ session: shell.session, api: shell.api.api }));
});

// page load performance: web-vitals in its own chunk, once the page has started
// (after the load: web-vitals reads the buffered paint entries, so nothing is missed)
afterLoad(() => void import(/* webpackChunkName: "web-vitals-report" */ './tracking/web-vitals').then(({ reportWebVitals }) => reportWebVitals(shell.api.track)));

// the new-version check: first run 1 s after start, its code loaded only then (not part of the first load)
setTimeout(() => {
  void import(/* webpackChunkName: "version-check" */ './lifecycle/version-check').then(({ startVersionCheck }) =>
    startVersionCheck({
      intervalMs: config.versionCheckIntervalMs,
      firstDelayMs: 0,
      onNewVersion(served) {
        lifecycle.newVersion = served;
        // nobody is looking: take the new build now; otherwise at the next route change
        if (document.visibilityState === 'hidden') reloadOnce(`a new build (${served}) is deployed`);
      },
    }),
  );
}, MANIFEST_CHECK_DELAY_MS);
