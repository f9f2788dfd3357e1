/**
 * The wide screens' chrome (wide-chrome.ts) as components the layout draws. On a tablet or a desktop start-up
 * asks for its code at once (preloadWideChrome) and draws the first frame once it is in, so the shell's sidebar
 * and header replace the first HTML's copies whole (issue 25); a phone turned into a wider screen later gets
 * them when their code arrives.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';

type WideChrome = typeof import('./wide-chrome');

let wideChrome: WideChrome | null = null;
const loadWideChrome = () =>
  import(/* webpackChunkName: "wide-chrome" */ './wide-chrome').then((m) => {
    wideChrome = m;
    return m;
  });

/** Fetches the wide screens' chrome now; settles when it is in or has failed (a failure shows again, and is handled, when a part renders). */
export function preloadWideChrome(): Promise<void> {
  return loadWideChrome().then(
    () => undefined,
    () => undefined,
  );
}

function widePart<P extends object>(pick: (m: WideChrome) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => loadWideChrome().then((m) => ({ default: pick(m) })));
  return function WidePart(props: P) {
    // already in (the usual case): drawn in the same frame, not after a suspended one
    if (wideChrome) return createElement(pick(wideChrome), props);
    return <Suspense fallback={null}>{createElement(Lazy as ComponentType<P>, props)}</Suspense>;
  };
}

export const SideMenu = widePart((m) => m.SideMenu);
export const CommunityChat = widePart((m) => m.CommunityChat);
export const ThemeToggle = widePart((m) => m.ThemeToggle);
