/**
 * /home's first screen as HTML, rendered with react-dom/server from the components the app renders (the hero
 * and the Trending row), for the gateway to write into a visitor's first HTML: the page's largest paint needs
 * no script, and the markup is the app's own, so nothing moves when the app takes over. It sits where the
 * HomePage will put them (below the header, beside the sidebar, inside the page's padding: HOME_FRAME),
 * absolute under the sticky header's layer; the Hero removes it when it mounts, in the same frame.
 * remote-explore's build bundles it for Node into its versioned folder (shared-contracts' HOME_FIRST_SCREEN_FILE,
 * whose HomeFirstScreenModule this is); never part of the remote's browser code.
 */
import type { AnchorHTMLAttributes } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { media } from '@studio/ui-kit/theme';
import { PRERENDER_BOTTOM_ID, PRERENDER_CONTENT_ID } from 'shared-contracts';
import { HOME_HERO_PRERENDER_ID } from 'shared-contracts/first-load';
import { HOME_FRAME } from 'shared-contracts/home-hero';
import type { HomeDiscoveryData, HomeFirstScreenModule } from 'shared-contracts/home-discovery';
import { HeroView } from './hero-view';
import { TrendingRow } from './trending-row';

/** ids of the first HTML's copies (the app's own use other ids: both are in the page for a moment) */
export const PRERENDER_TITLE_IDS = { hero: 'home-hero-prerender-title', trending: 'home-trending-prerender' } as const;

/** A plain link: in the first HTML there is no shell to navigate, the browser follows it. */
function PlainLink({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a href={to} {...rest} />;
}

/** Where the copy sits: the HomePage's frame, below the layout's measured top block (--shell-top-h). */
function frameCss(): string {
  const f = HOME_FRAME;
  const id = `#${HOME_HERO_PRERENDER_ID}`;
  return (
    `${id}{position:absolute;top:var(--shell-top-h,${f.headerHeight}px);left:${f.sidebarWide}px;right:0;z-index:1}` +
    `${id}>div{max-width:${f.maxWidth}px;margin:0 auto;padding:${f.padding.desktop};display:flex;flex-direction:column;gap:${f.gap.desktop}px}` +
    `${media.tablet}{${id}{left:${f.sidebarNarrow}px}${id}>div{padding:${f.padding.tablet}}}` +
    `${media.phone}{${id}{top:var(--shell-top-h,${f.phoneHeaderHeight}px);left:0}${id}>div{padding:${f.padding.phone};gap:${f.gap.phone}px}}` +
    // the CMS blocks go below the page; until the page is there they would show through beside the hero
    `body:has(${id}) #${PRERENDER_CONTENT_ID},body:has(${id}) #${PRERENDER_BOTTOM_ID}{visibility:hidden}` +
    // the remote failed to load: its error message, not the hero, is what the page must show
    `body:has(#shell-main [role="alert"]) ${id}{display:none}`
  );
}

/**
 * The hero, and the Trending row when `data` has items (a visitor's answers), as HTML. `src` maps a
 * thumbnail to its URL as the shell's API client would.
 */
export const homeFirstScreenHtml: HomeFirstScreenModule['homeFirstScreenHtml'] = (data: HomeDiscoveryData | null, src: (thumbnail: string) => string): string => {
  const items = data?.trending?.list ?? [];
  const screen = renderToStaticMarkup(
    <div id={HOME_HERO_PRERENDER_ID}>
      <div>
        <HeroView Link={PlainLink} titleId={PRERENDER_TITLE_IDS.hero} />
        {items.length ? <TrendingRow items={items} Link={PlainLink} src={src} titleId={PRERENDER_TITLE_IDS.trending} /> : null}
      </div>
    </div>,
  );
  return `<style>${frameCss()}</style>${screen}`;
};
