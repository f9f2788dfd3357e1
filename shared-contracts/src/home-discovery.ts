/**
 * Home's discovery rows (Trending in Explore, Hot templates), one home for the calls they make. The gateway
 * makes the same calls in-process for a visitor's /home and writes the answers into the first HTML (a JSON
 * block) with preload hints for the first pictures, so the rows render with the page instead of one API
 * round trip and one image request after it (the phone's largest paint is the first Trending picture).
 * Its own entry (`shared-contracts/home-discovery`), read by the gateway and remote-explore only.
 */
import type { ApiCallData, ApiCallQuery } from './calls.js';
import type { ExploreEntry } from './explore.js';
import { HOME_HERO_MEDIA } from './home-hero.js';
import { routePath } from './routes.js';

/** id of the `<script type="application/json">` the gateway writes the answers into */
export const HOME_DISCOVERY_DATA_ID = 'home-discovery';

export const HOME_TRENDING_QUERY: ApiCallQuery<'GET /v1/workflow/explore/list'> = { page: 1, page_size: 10, recommend: 1 };
export const HOME_HOT_QUERY: ApiCallQuery<'GET /v1/recommend/tpl'> = { tag: 'video', action_conf: 'hot', action_conf_value: '1' };

/**
 * Trending pictures that load at once, the first with high priority (a phone shows two and a half, a
 * desktop six); the rest of the row loads lazily.
 */
export const HOME_TRENDING_EAGER = 3;

/** What the JSON block holds: the data of each call's answer (a call that failed is left out). */
export interface HomeDiscoveryData {
  trending?: ApiCallData<'GET /v1/workflow/explore/list'>;
  hot?: ApiCallData<'GET /v1/recommend/tpl'>;
}

/**
 * The one part of a page's document the reader uses; a DOM Document is one. Declared here under the DOM's name so
 * Node code can import this file without the DOM lib (tsconfig.node.json) while the published signature stays
 * `(doc?: Document)`, as in the releases before.
 */
interface Document {
  getElementById(id: string): { textContent: string | null } | null;
}

/** Reads the block the gateway wrote (null when there is none or it does not parse); `doc` is the page's document by default. */
export function readHomeDiscovery(doc?: Document): HomeDiscoveryData | null {
  const page = doc ?? (globalThis as { document?: Document }).document;
  const text = page?.getElementById(HOME_DISCOVERY_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as HomeDiscoveryData) : null;
  } catch {
    return null;
  }
}

/** @deprecated No user left: remote-explore's TrendingRow (src/home/first-screen) is the row's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export const HOME_TRENDING = { title: 'Trending in Explore', more: 'See all', to: routePath('Explore') } as const;

/** @deprecated No user left: remote-explore's TrendingRow (src/home/first-screen) is the row's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export const HOME_TRENDING_CSS = [
  '.ht{display:flex;flex-direction:column;gap:12px}',
  '.ht-head{display:flex;align-items:baseline;justify-content:space-between;gap:12px}',
  '.ht-title{margin:0;font-size:22px}',
  '.ht-more{color:var(--c-primary,currentColor);font-size:14px}',
  '.ht-row{margin:0;padding:0 0 6px;list-style:none;display:grid;grid-auto-flow:column;grid-auto-columns:minmax(160px,200px);gap:12px;overflow-x:auto;scrollbar-width:thin}',
  '.ht-card{display:block;border-radius:12px;overflow:hidden;border:1px solid var(--c-border,transparent);background:var(--c-surface,transparent);color:inherit;text-decoration:none}',
  '.ht-more:focus-visible,.ht-card:focus-visible{outline:2px solid var(--c-focus,currentColor);outline-offset:2px}',
  '.ht-img{display:block;width:100%;height:auto;aspect-ratio:3/4;object-fit:cover}',
  '.ht-name{display:block;padding:6px 10px 8px;font-size:13px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}',
  `${HOME_HERO_MEDIA.phone}{.ht-title{font-size:18px}}`,
].join('');

/** @deprecated No user left: remote-explore's TrendingRow (src/home/first-screen) is the row's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export type TrendingItem = Pick<ExploreEntry, 'id' | 'title' | 'thumbnail' | 'author'>;

/** @deprecated No user left: remote-explore's TrendingRow (src/home/first-screen) is the row's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export function trendingLabel(item: TrendingItem): string {
  return `${item.title} by ${item.author.name}`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** @deprecated No user left: remote-explore's TrendingRow (src/home/first-screen) is the row's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export function homeTrendingMarkup(items: readonly TrendingItem[], titleId: string, src: (thumbnail: string) => string): string {
  const cards = items
    .map((item, index) => {
      const loading = index < HOME_TRENDING_EAGER ? 'eager' : 'lazy';
      const priority = index === 0 ? 'high' : 'auto';
      return (
        `<li><a class="ht-card" href="${escape(HOME_TRENDING.to)}" aria-label="${escape(trendingLabel(item))}">` +
        `<img class="ht-img" src="${escape(src(item.thumbnail))}" alt="" width="300" height="400" loading="${loading}" fetchpriority="${priority}">` +
        `<span class="ht-name">${escape(item.title)}</span></a></li>`
      );
    })
    .join('');
  return (
    `<section class="ht" aria-labelledby="${escape(titleId)}"><div class="ht-head">` +
    `<h2 id="${escape(titleId)}" class="ht-title">${escape(HOME_TRENDING.title)}</h2>` +
    `<a class="ht-more" href="${escape(HOME_TRENDING.to)}">${escape(HOME_TRENDING.more)}</a></div>` +
    `<ul class="ht-row">${cards}</ul></section>`
  );
}

/**
 * /home's first screen rendered on the server from remote-explore's own components (the hero and the Trending
 * row): remote-explore's build writes it, bundled for Node with React, beside its browser code in its versioned
 * folder (`dist/<version>/HOME_FIRST_SCREEN_FILE`), so it ships with the remote's version; the gateway loads the
 * one of the version it serves and writes its HTML into a visitor's /home.
 */
export const HOME_FIRST_SCREEN_FILE = 'server/home-first-screen.cjs';

/** What that file exports (CommonJS). */
export interface HomeFirstScreenModule {
  /**
   * The first screen's HTML: its stylesheet and the hero, then the Trending row when `data` has items, in an
   * element of id HOME_HERO_PRERENDER_ID placed where the HomePage puts them. `src` maps a thumbnail to its URL.
   */
  homeFirstScreenHtml(data: HomeDiscoveryData | null, src: (thumbnail: string) => string): string;
}
