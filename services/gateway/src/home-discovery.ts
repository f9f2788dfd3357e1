/**
 * A visitor's /home carries the answers of Home's two discovery calls (shared-contracts/home-discovery) in
 * its first HTML, with preload hints for the first Trending pictures: the phone's largest paint is the first
 * of them, which would otherwise wait for the shell, the remote, the explore call and then the picture. The
 * calls go through the app itself (as the CMS call does), and the answers are cached briefly: every visitor
 * gets the same ones (a signed-in person's answer says what they liked, so they are fetched as before).
 */
import path from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  HOME_DISCOVERY_DATA_ID,
  HOME_FIRST_SCREEN_FILE,
  HOME_HOT_QUERY,
  HOME_TRENDING_EAGER,
  HOME_TRENDING_QUERY,
  type HomeDiscoveryData,
  type HomeFirstScreenModule,
} from 'shared-contracts/home-discovery';
import { callData } from './first-screen.js';
import { escapeHtml } from './html.js';
import { loadServerBundle } from './server-bundle.js';

/** How long the answers are reused; the trending list changes on a scale of minutes. */
export const HOME_DISCOVERY_CACHE_MS = 30_000;
/** Older answers are not served while new ones are fetched: the page waits for them. */
export const HOME_DISCOVERY_STALE_MS = 10 * 60_000;

function queryString(query: Record<string, string | number>): string {
  return new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]))).toString();
}

/**
 * The answers, fetched at most once per HOME_DISCOVERY_CACHE_MS. Past that, a page still gets the last
 * answers at once while they are fetched again behind it (no visitor's first byte waits on the calls),
 * unless they are older than HOME_DISCOVERY_STALE_MS.
 */
export function homeDiscoveryFetcher(now: () => number = Date.now) {
  let cached: { at: number; data: HomeDiscoveryData } | null = null;
  let pending: Promise<HomeDiscoveryData> | null = null;
  return async (request: FastifyRequest): Promise<HomeDiscoveryData> => {
    const age = cached ? now() - cached.at : Infinity;
    if (cached && age < HOME_DISCOVERY_CACHE_MS) return cached.data;
    // one fetch at a time, however many visitors arrive while it runs
    pending ??= Promise.all([
      callData<HomeDiscoveryData['trending']>(request, `/v1/workflow/explore/list?${queryString(HOME_TRENDING_QUERY)}`),
      callData<HomeDiscoveryData['hot']>(request, `/v1/recommend/tpl?${queryString({ ...HOME_HOT_QUERY })}`),
    ])
      .then(([trending, hot]) => {
        const data: HomeDiscoveryData = { ...(trending ? { trending } : {}), ...(hot ? { hot } : {}) };
        // a failed call is asked again on the next visit rather than cached
        if (trending && hot) cached = { at: now(), data };
        return data;
      })
      .finally(() => {
        pending = null;
      });
    return cached && age < HOME_DISCOVERY_STALE_MS ? cached.data : pending;
  };
}

/** The answers as a JSON data block (escaped so nothing in them can close the element). */
export function homeDiscoveryBlock(data: HomeDiscoveryData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script id="${HOME_DISCOVERY_DATA_ID}" type="application/json">${json}</script>`;
}

/** A relative media path as the shell's API client makes it absolute (`apiBase` empty: this origin). */
function mediaHref(src: string, apiBase: string): string {
  return src.startsWith('/') && !src.startsWith('//') ? `${apiBase.replace(/\/+$/, '')}${src}` : src;
}

/**
 * /home's first screen as remote-explore's own components render it (react-dom/server): its build bundles them
 * for Node into its versioned folder (shared-contracts' HOME_FIRST_SCREEN_FILE), and this loads the file of the
 * version the page will load, once per version. `folderOf` names that version's folder (null: none on this
 * machine, as for a remote served from another origin; the page then goes without the copy and the remote
 * renders its first screen as before).
 */
export function homeFirstScreenRenderer(folderOf: () => string | null, log: FastifyBaseLogger) {
  const loaded = new Map<string, HomeFirstScreenModule | null>();
  const moduleOf = (folder: string): HomeFirstScreenModule | null => {
    if (!loaded.has(folder)) {
      const file = path.join(folder, HOME_FIRST_SCREEN_FILE);
      try {
        const mod = loadServerBundle(file) as Partial<HomeFirstScreenModule>;
        loaded.set(folder, typeof mod.homeFirstScreenHtml === 'function' ? (mod as HomeFirstScreenModule) : null);
      } catch (error) {
        log.warn({ err: error, file }, 'prerender: no server rendering of the home first screen');
        loaded.set(folder, null);
      }
    }
    return loaded.get(folder) ?? null;
  };
  /** The first screen's HTML for a visitor's answers (null: the hero alone), or '' when there is no renderer. */
  return (data: HomeDiscoveryData | null, apiBase = ''): string => {
    const folder = folderOf();
    const mod = folder ? moduleOf(folder) : null;
    if (!mod) return '';
    const src = (thumbnail: string) => mediaHref(thumbnail, apiBase);
    try {
      return mod.homeFirstScreenHtml(data, src);
    } catch (error) {
      // an answer not shaped as the contract says: the hero alone (the remote renders the row)
      log.warn({ err: error }, 'prerender: the home first screen did not render with these answers');
      try {
        return mod.homeFirstScreenHtml(null, src);
      } catch {
        return '';
      }
    }
  };
}

/**
 * Preloads of the first Trending pictures, the first with high priority (it is the phone's largest paint).
 * `apiBase` is where the shell's API client points relative media paths (empty: this origin).
 */
export function trendingImageHints(data: HomeDiscoveryData, apiBase = ''): string {
  const thumbnails = (data.trending?.list ?? []).slice(0, HOME_TRENDING_EAGER).map((item) => item.thumbnail);
  return thumbnails
    .filter((src) => typeof src === 'string' && src !== '')
    .map((src, index) => `<link rel="preload" as="image" href="${escapeHtml(mediaHref(src, apiBase))}"${index === 0 ? ' fetchpriority="high"' : ''} />`)
    .join('');
}

/** the longest the shell's start waits for the first Trending picture (a picture that never loads holds nothing) */
const FIRST_PICTURE_WAIT_MS = 3000;

/**
 * For a page whose first screen is in the HTML: the shell's main script (still preloaded, so it downloads
 * meanwhile) runs once the first Trending picture, the phone's largest paint, has been painted. Run earlier,
 * the shell's start-up work holds the main thread while the picture waits to be painted (Lighthouse's
 * simulated phone counted up to 2 s of it as the picture's render delay); the first screen's links work
 * without script meanwhile. A person's first touch or key press starts it at once: someone who wants the
 * menu or Login does not wait for the picture (issue 25's first working click). `picture`: the CSS selector of
 * that picture (/home's: the first Trending picture; a first screen's: its high-priority picture). Answers the page
 * unchanged when it has no main script or no such picture.
 */
export const HOME_FIRST_PICTURE = 'img.ht-img[fetchpriority=high]';

export function startShellAfterFirstPicture(page: string, mainScript: RegExp, picture = HOME_FIRST_PICTURE): string {
  const tag = mainScript.exec(page)?.[0];
  const src = tag ? /\bsrc="([^"]+)"/.exec(tag)?.[1] : undefined;
  if (!tag || !src || !/<img [^>]*fetchPriority="high"/.test(page) || !page.includes('</body>')) return page;
  // the page's CSP nonce, which the shell's own script tag carries
  const nonce = /\bnonce="([^"]+)"/.exec(tag)?.[1];
  const starter =
    `<script${nonce ? ` nonce="${nonce}"` : ''}>(function(){var started=false;` +
    'function start(){if(started)return;started=true;' +
    `var s=document.createElement('script');s.src=${JSON.stringify(src).replace(/</g, '\\u003c')};document.head.appendChild(s)}` +
    "function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}" +
    "['pointerdown','keydown'].forEach(function(t){addEventListener(t,start,{once:true,capture:true,passive:true})});" +
    `var img=document.querySelector(${JSON.stringify(picture).replace(/</g, '\\u003c')});` +
    "if(!img||img.complete){afterPaint();return}" +
    "img.addEventListener('load',afterPaint,{once:true});img.addEventListener('error',start,{once:true});" +
    `setTimeout(start,${FIRST_PICTURE_WAIT_MS})})()</script>`;
  // preloaded where it was, so it downloads now and runs from the cache when the starter asks for it
  const preload = `<link rel="preload" href="${escapeHtml(src)}" as="script" fetchpriority="low" />`;
  return page.replace(tag, preload).replace('</body>', `${starter}</body>`);
}
