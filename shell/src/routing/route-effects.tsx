/**
 * What happens on every navigation: 'shell:route-changed' on the bus; leaving a route drops the
 * embedded-content parameters; the e-mail campaign arrival is published; canonical and social metadata;
 * page content injection (lazy chunk) after the first route; a pending new build reloads here.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { subscribe } from 'valtio/vanilla';
import { EMBED_MODE_SIDEAPP, routePath, useShell } from 'shared-contracts';
import { FIRST_SCREEN_PATH_ATTR, FIRST_SCREEN_PRERENDER_ID, HOME_HERO_PRERENDER_ID } from 'shared-contracts/first-load';
import { useShellInternals } from '../app/internals';
import type { PageContent } from '../cms/page-content';
import { removeInjected } from '../cms/slots';
import { canonicalUrl, applyPageMetadata } from './metadata';
import { useRouteHandle } from './shell-router';
import { NOT_FOUND_META, type PageMeta } from './route-specs';
import { campaignOf, hasEmbedParams, recordEmbedMode, withoutEmbedParams } from './url-params';
import { lifecycle } from '../lifecycle/lifecycle-state';

/** one injector per shell, created on the first route change that needs it */
const injectors = new WeakMap<object, Promise<PageContent>>();

export function RouteEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const shell = useShell();
  const internals = useShellInternals();
  const previous = useRef<string | null>(null);
  const landingPath = useRef<string | null>(null);

  const handle = useRouteHandle() as { meta?: PageMeta } | undefined;
  const meta = handle?.meta ?? NOT_FOUND_META;

  // a visitor who signs in stops being one at once: the CMS blocks on the page go (spec section 6)
  useEffect(() => {
    const state = shell.session.state;
    if (state.flags.isLogin) removeInjected();
    return subscribe(state, () => {
      if (state.flags.isLogin) removeInjected();
    });
  }, [shell]);

  useEffect(() => {
    const initial = previous.current === null;
    const pathChanged = !initial && previous.current !== location.pathname;

    if (initial) {
      recordEmbedMode(location.search);
      landingPath.current = location.pathname;
    }
    if (pathChanged && hasEmbedParams(location.search)) {
      previous.current = location.pathname;
      navigate({ pathname: location.pathname, search: withoutEmbedParams(location.search), hash: location.hash }, { replace: true });
      return;
    }
    if (pathChanged && lifecycle.newVersion && lifecycle.reloadForNewVersion(`${location.pathname}${location.search}${location.hash}`)) return;

    previous.current = location.pathname;
    // the first HTML's copy of the home hero, left before the remote's Hero replaced it, must not stay on another page
    if (pathChanged && location.pathname !== routePath('Home')) document.getElementById(HOME_HERO_PRERENDER_ID)?.remove();
    // likewise any other route's first screen (its page removes it when it mounts), kept through a redirect to its path
    const firstScreen = pathChanged ? document.getElementById(FIRST_SCREEN_PRERENDER_ID) : null;
    if (firstScreen && firstScreen.getAttribute(FIRST_SCREEN_PATH_ATTR) !== location.pathname) firstScreen.remove();
    shell.bus.emit('shell:route-changed', { path: location.pathname });
    const campaign = campaignOf(location.search);
    if (campaign) shell.bus.emit('shell:campaign-arrival', { pactivity: campaign });
    applyPageMetadata(document, meta, canonicalUrl(internals.config.canonicalOrigin, location.pathname));

    // page content: never for the landing path; the injector itself skips an unchanged path
    if (initial) return;
    const eligible = () => !shell.session.state.flags.isLogin && internals.embedMode() !== EMBED_MODE_SIDEAPP;
    // the earlier page's blocks (prerendered or injected) do not outlive the visitor (no injector may exist yet)
    if (!eligible()) removeInjected();
    const existing = injectors.get(shell);
    if (existing) {
      void existing.then((content) => content.onRouteChange(location.pathname));
      return;
    }
    if (!eligible() || location.pathname === landingPath.current) return;
    const created = import(/* webpackChunkName: "page-content" */ '../cms/page-content').then(({ createPageContent }) =>
      createPageContent({ api: shell.api, bus: shell.bus, isEligible: eligible, stylesheetUrl: internals.config.cmsStylesheetUrl }),
    );
    injectors.set(shell, created);
    created.catch(() => injectors.delete(shell));
    void created.then((content) => {
      content.setInitialPath(landingPath.current ?? '');
      content.onRouteChange(location.pathname);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
