/**
 * A route's first screen as HTML for a visitor's first page (shared-contracts/first-load's FirstScreenModule), for a
 * remote's Node bundle of it (rspack.shared.ts's createServerRenderConfig): the remote's own components rendered with
 * react-dom/server inside a visitor's shell, in the copy's element placed where the shell's route area will be. The
 * remote's component removes the copy when it mounts (`useFirstScreenTakeover`, first-screen.ts), in the frame it is
 * first drawn in: same components, same layout, so nothing moves. Never part of a remote's browser code.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { proxy } from 'valtio';
import { createEventBus, PRERENDER_BOTTOM_ID, PRERENDER_CONTENT_ID, ShellContext, type ShellApi } from 'shared-contracts';
import { FIRST_SCREEN_PATH_ATTR, FIRST_SCREEN_PRERENDER_ID, type FirstScreenInput } from 'shared-contracts/first-load';
import { FirstScreenDataContext } from './first-screen';
import { HOME_FRAME } from 'shared-contracts/home-hero';
import { media } from './theme';

function refuse(): Promise<never> {
  return Promise.reject(new Error('no API call is made while a first screen renders on the server'));
}

function nothing(): void {}

/**
 * The shell a visitor's page has before anyone signs in, as a server render sees it: signed out, no credits, the
 * desktop's viewport (layout by width is the components' media queries), the API's media URLs against `apiBase`.
 * Nothing runs effects on the server, so no call, navigation or toast is ever asked of it: they refuse or do nothing;
 * the shell's host of other remotes' modules is there (as in every 2.x shell) and renders none of them.
 */
export function visitorServerShell(apiBase: string): ShellApi {
  const base = apiBase.replace(/\/+$/, '');
  return {
    config: { apiBase, accountOrigin: '', env: 'production', productId: '', appKey: '', communityInviteUrl: '', termsUrl: '', privacyUrl: '', cookieDomain: '' },
    api: { get: refuse, post: refuse, call: refuse, upload: refuse, url: (path) => (path.startsWith('/') && !path.startsWith('//') ? `${base}${path}` : path) },
    bus: createEventBus(),
    session: {
      state: proxy({
        user: null,
        token: '',
        flags: { isLogin: false, isFree: false, isPremium: false, isSubscribed: false, curCredits: 0, isCredits10User: false },
        planLevel: 'guest',
      }),
      setToken: nothing,
      setUser: nothing,
      refreshUser: async () => null,
      clear: nothing,
    },
    preferences: { state: proxy({ theme: 'dark', language: 'en', autoSave: false }), set: nothing },
    viewport: proxy({ width: 1440, isPhone: false, isTablet: false, isDesktop: true }),
    toast: { show: nothing, info: nothing, warn: nothing, success: nothing, error: nothing },
    navigate: nothing,
    track: nothing,
    // another remote's module (the template picker, ...) loads in the browser when it is opened: none on the server
    RemoteModule: () => null,
  };
}

/**
 * Where the copy sits: the shell's route area, below the layout's measured top block (--shell-top-h), beside the menu;
 * for a page the shell shows without its header and menu (FirstScreenInput's `chrome` false, as the template browser), the whole window.
 */
export function firstScreenFrameCss(chrome = true): string {
  const f = HOME_FRAME;
  const id = `#${FIRST_SCREEN_PRERENDER_ID}`;
  const place = chrome
    ? `${id}{position:absolute;top:var(--shell-top-h,${f.headerHeight}px);left:${f.sidebarWide}px;right:0;z-index:1}` +
      `${media.tablet}{${id}{left:${f.sidebarNarrow}px}}` +
      `${media.phone}{${id}{top:var(--shell-top-h,${f.phoneHeaderHeight}px);left:0}}`
    : `${id}{position:absolute;top:0;left:0;right:0;z-index:1}`;
  return (
    place +
    // the CMS blocks go below the page; until the page is there they would show through beside the copy
    `body:has(${id}) #${PRERENDER_CONTENT_ID},body:has(${id}) #${PRERENDER_BOTTOM_ID}{visibility:hidden}` +
    // the remote failed to load: its error message, not the copy, is what the page must show
    `body:has(#shell-main [role="alert"]) ${id}{display:none}`
  );
}

/**
 * `screen` (the module's own components) as the first screen's copy: its frame's stylesheet, then the copy rendered
 * inside a visitor's shell, at `pathname` for the router's hooks (the page's path and query), with the answers of its
 * calls (`data`, read with useFirstScreenData). `inert`: a copy whose
 * controls only the running page can serve (a form: what is typed into the copy would be lost when it is replaced)
 * is shown but takes no focus or input until then.
 */
export function renderFirstScreen(screen: ReactNode, input: Pick<FirstScreenInput, 'pathname' | 'apiBase' | 'data' | 'chrome'> & { inert?: boolean }): string {
  // a data router, as the shell's (the leave guards' useBlocker needs one), with no loaders: it renders at once
  const router = createMemoryRouter([{ path: '*', element: (
        <div id={FIRST_SCREEN_PRERENDER_ID} {...{ [FIRST_SCREEN_PATH_ATTR]: input.pathname }} inert={input.inert}>
          {screen}
        </div>
      ), }], { initialEntries: [input.pathname] });
  const markup = renderToStaticMarkup(
    <ShellContext.Provider value={visitorServerShell(input.apiBase)}>
      <FirstScreenDataContext.Provider value={input.data ?? {}}>
        <RouterProvider router={router} />
      </FirstScreenDataContext.Provider>
    </ShellContext.Provider>,
  );
  router.dispose();
  return `<style>${firstScreenFrameCss(input.chrome ?? true)}</style>${markup}`;
}
