/**
 * What crawlers read (spec section 2): every route's HTML carries its own title, description, keywords,
 * canonical and social tags (canonical under the /ai prefix), and for visitors the CMS blocks of that path
 * are already in the markup (the shell adopts them into its slots, so nothing flashes). The route table
 * comes from the shell's build (dist/seo-routes.json), the content from the same CMS call the shell makes
 * (GET /api/cms-data/{base64 path}, through the app itself, cached 5 minutes). Plus sitemap.xml and
 * robots.txt. A path no route or content knows answers 404 with noindex; the shell still renders it for
 * people, and renders nothing for crawlers.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CMS_CACHE_MS,
  EMBED_MODE_SIDEAPP,
  PRERENDER_BOTTOM_ID,
  PRERENDER_CONTENT_ID,
  PRERENDER_SCRIPT_TYPE,
  PRERENDER_SCRIPT_TYPE_ATTR,
  SEO_ROUTES_FILE,
  TOKEN_COOKIE_NAME,
  type CmsContent,
  type RemotesManifest,
  type SeoRoute,
  type SeoRoutesFile,
} from 'shared-contracts';
import { INLINE_REMOTES_LIST_ID, SHELL_PROVIDES_FILE, type ShellProvidesFile } from 'shared-contracts/first-load';
import { firstScreenDataBlock, firstScreenPicture, firstScreenRenderer } from './first-screen.js';
import { HOME_FIRST_PICTURE, homeDiscoveryBlock, homeDiscoveryFetcher, homeFirstScreenRenderer, startShellAfterFirstPicture, trendingImageHints } from './home-discovery.js';
import { escapeHtml } from './html.js';
import { shellHeaderRenderer } from './shell-header.js';

export interface SeoOptions {
  /** https origin the canonical URLs name (default: https:// + the request's host) */
  canonicalOrigin?: string;
  /** site name in og:site_name */
  siteName?: string;
  /** the repository root (remote folders) and the remotes list, for the landing route's preload hints */
  rootDir?: string;
  remotes?: () => RemotesManifest;
  /** where the shell's API client points relative media paths (ShellConfig.apiBase; empty: this origin) */
  apiBase?: string;
}

interface PrerenderResult {
  status: number;
  html: string;
}

export type Prerender = (request: FastifyRequest, html: string) => Promise<PrerenderResult>;

const SITE = 'AI Video Generator';
/** the route whose hero is in the first HTML (its largest paint, which would otherwise wait for every script) */
const HOME_MODULE = 'remote_explore/HomePage';

;

/** A react-router pattern (/text-to-music/:semantic?/:tabname?) as a regular expression. */
export function patternRegex(pattern: string): RegExp {
  const parts = pattern.split('/').filter(Boolean);
  let source = '';
  for (const part of parts) {
    if (part.startsWith(':')) source += part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || '/'}/?$`);
}

/** The path a pattern lists in the sitemap: its optional parameters left out. */
export function basePath(pattern: string): string {
  return pattern.split('/').filter((part) => part && !part.endsWith('?')).map((part) => `/${part}`).join('') || '/';
}

interface LoadedRoutes {
  file: SeoRoutesFile;
  compiled: { route: SeoRoute; regex: RegExp }[];
}

function routesLoader(shellDist: string): () => LoadedRoutes | null {
  const file = path.join(shellDist, SEO_ROUTES_FILE);
  let cached: { mtimeMs: number; routes: LoadedRoutes } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as SeoRoutesFile;
      cached = { mtimeMs, routes: { file: parsed, compiled: parsed.routes.map((route) => ({ route, regex: patternRegex(route.path) })) } };
    }
    return cached.routes;
  };
}

function canonicalOf(origin: string, aiPrefix: string, pathname: string): string {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return `${origin.replace(/^http:\/\//, 'https://').replace(/\/+$/, '')}${aiPrefix}${clean === '/' ? '' : clean}`;
}

function originOf(request: FastifyRequest, options: SeoOptions): string {
  return options.canonicalOrigin || `https://${request.headers.host ?? 'localhost'}`;
}

/** Opened as the www-sideapp embed (spec section 4): that page never gets the CMS content. */
function isSideAppEmbed(request: FastifyRequest): boolean {
  const query = request.url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('embedmode') === EMBED_MODE_SIDEAPP;
}

function isVisitor(request: FastifyRequest): boolean {
  return !(request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${TOKEN_COOKIE_NAME}=`) && part.trim().length > TOKEN_COOKIE_NAME.length + 1);
}

const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript', 'module']);

/**
 * A CMS script made inert: the page's CSP nonce is not the CMS's, so the browser would refuse it anyway; the
 * shell re-creates it with the nonce when it adopts the blocks (shell/src/cms). Data scripts (JSON-LD and
 * the like) never run and are what crawlers read: they stay as they are.
 */
export function inertScript(attributes: string, body: string): string {
  const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
  if (!JS_TYPES.has(type)) return `<script${attributes}>${body}</script>`;
  const rest = attributes.replace(/\s(?:type|nonce)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi, '');
  const original = type ? ` ${PRERENDER_SCRIPT_TYPE_ATTR}="${escapeHtml(type)}"` : '';
  return `<script type="${PRERENDER_SCRIPT_TYPE}"${original}${rest}>${body}</script>`;
}

/** CMS markup with its scripts inert until the shell adopts it (the marker comments dropped). */
function staticMarkup(html: string): string {
  return html
    .replace(/^\s*<!--\s*[\w-]*start[\w-]*\s*-->/i, '')
    .replace(/<!--\s*[\w-]*end[\w-]*\s*-->\s*$/i, '')
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (_, attributes: string, body: string) => inertScript(attributes, body))
    .trim();
}

function cmsFetcher() {
  const cache = new Map<string, { at: number; content: CmsContent | null }>();
  return async (request: FastifyRequest, pathname: string): Promise<CmsContent | null> => {
    const hit = cache.get(pathname);
    if (hit && Date.now() - hit.at < CMS_CACHE_MS) return hit.content;
    let content: CmsContent | null = null;
    try {
      const encoded = encodeURIComponent(Buffer.from(pathname, 'utf8').toString('base64'));
      const response = await request.server.inject({ method: 'GET', url: `/api/cms-data/${encoded}`, headers: { 'x-trace-id': String(request.id) } });
      const body = response.json() as { code?: number; data?: { success?: boolean; data?: CmsContent | null } };
      content = body.code === 0 && body.data?.success && body.data.data ? body.data.data : null;
    } catch (error) {
      request.log.warn({ err: error, path: pathname }, 'prerender: CMS content unavailable');
    }
    if (cache.size > 2000) cache.clear();
    cache.set(pathname, { at: Date.now(), content });
    return content;
  };
}

interface HeadMeta {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  noindex: boolean;
}

function headTags(meta: HeadMeta, siteName: string): string {
  const e = escapeHtml;
  const tags = [
    `<meta name="description" content="${e(meta.description)}" />`,
    meta.keywords ? `<meta name="keywords" content="${e(meta.keywords)}" />` : '',
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<link rel="canonical" href="${e(meta.canonical)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${e(siteName)}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.canonical)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:url" content="${e(meta.canonical)}" />`,
  ];
  return tags.filter(Boolean).join('');
}

/** Writes the head and, for visitors, the CMS blocks into the shell's page. */
function renderPage(html: string, meta: HeadMeta, blocks: { head: string; content: string; bottom: string } | null, siteName = SITE): string {
  let page = html
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  let head = headTags(meta, siteName);
  if (blocks?.head) head += `<!--cms-head-start-->${blocks.head}<!--cms-head-end-->`;
  page = page.replace('</head>', `${head}</head>`);
  if (blocks && (blocks.content || blocks.bottom)) {
    // below #root, which fills the first screen, so the first screen is the app's, not the SEO text: a page
    // rendered without the shell's layout (/template) keeps them there, below the fold, and nothing in view
    // moves as its content arrives (issue 25: it moved by 0.28 on a phone while #root was held only when empty)
    const markup =
      // and out of the layout while the route's page is still loading (the loading notice is main's first
      // child) or says it is busy, or it would sit in view below it and be pushed down as the page renders
      // (the route's page is the first child of the shell's route area, shell/src/layout/app-layout.tsx, which
      // fills the first screen: the blocks start below the fold, so nothing in view moves when they show)
      `<style>#root{min-height:100vh}#shell-main:has(>[data-route-area]>:is([role="status"],[aria-busy="true"]):first-child) :is(#${PRERENDER_CONTENT_ID},#${PRERENDER_BOTTOM_ID}){display:none}</style>` +
      `<div id="${PRERENDER_CONTENT_ID}" data-cms-injected="">${blocks.content}</div>` +
      `<div id="${PRERENDER_BOTTOM_ID}" data-cms-injected="">${blocks.bottom}</div>`;
    page = page.replace(/(<div id="root"><\/div>)/, `$1${markup}`);
  }
  return page;
}

interface RemoteManifestFile {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
  shared?: { name: string; assets: { js: { sync: string[] } } }[];
}

/** What the shell's build says about its first load (shell-provides.json beside index.html), re-read when rebuilt. */
function shellFirstLoadLoader(shellDist: string): () => { shared: Set<string>; scripts: string[] } | null {
  const file = path.join(shellDist, SHELL_PROVIDES_FILE);
  let cached: { mtimeMs: number; value: { shared: Set<string>; scripts: string[] } } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ShellProvidesFile>;
      cached = { mtimeMs, value: { shared: new Set(parsed.shared ?? []), scripts: (parsed.scripts ?? []).filter((name) => /^[\w.-]+\.js$/.test(name)) } };
    }
    return cached.value;
  };
}

/** The remotes list (what /remotes.json answers now) as a JSON data block the shell reads at start. */
function inlineRemotesList(manifest: RemotesManifest): string {
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
  return `<script id="${INLINE_REMOTES_LIST_ID}" type="application/json">${json}</script>`;
}

const MAIN_SCRIPT = /(<script\b[^>]*\bsrc="\/main\.[^"]*"[^>]*><\/script>)/i;

/**
 * `fetchpriority="low"` for a page whose first screen is already in the HTML (a visitor's /home): its largest
 * picture, not the scripts, should have the bandwidth first, and scripts that arrive early would hold the
 * main thread while that picture waits to be painted.
 */
function priorityAttr(low: boolean): string {
  return low ? ' fetchpriority="low"' : '';
}

/** The shell's start-up scripts, preloaded so they download beside main.js rather than after it has run. */
function shellScriptHints(scripts: string[], low = false): string {
  return scripts.map((file) => `<link rel="preload" href="/${escapeHtml(file)}" as="script"${priorityAttr(low)} />`).join('');
}

/**
 * Preload hints for the remote a route renders: its manifest, its remoteEntry.js, the exposed module's
 * chunks and the remote's own chunks of shared modules the shell does not provide (`shellProvides`; swr,
 * dayjs, ...), so they load beside the shell's scripts instead of after them (remotes.json -> manifest ->
 * entry -> chunk -> shared chunk would otherwise be a chain of round trips before the page's largest paint).
 */
/** The folder of the version of a remote that pages load, when this gateway serves it from <rootDir> (null otherwise). */
function remoteFolder(options: SeoOptions, container: string): string | null {
  const remote = options.remotes?.().remotes.find((entry) => entry.name === container);
  if (!remote || !options.rootDir || !remote.entry.startsWith('/remotes/')) return null;
  const [, , pkg, version] = remote.entry.split('/');
  if (!pkg || !version || /\.\./.test(pkg + version)) return null;
  return path.join(options.rootDir, pkg, 'dist', version);
}

function preloadHints(
  options: SeoOptions,
  module: string,
  cache: Map<string, RemoteManifestFile | null>,
  shellProvides: Set<string> | null = null,
  low = false,
): string {
  const [container, expose] = module.split('/');
  const remote = options.remotes?.().remotes.find((entry) => entry.name === container);
  const folder = container ? remoteFolder(options, container) : null;
  if (!remote || !folder) return '';
  const file = path.join(folder, 'mf-manifest.json');
  if (!cache.has(file)) cache.set(file, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RemoteManifestFile) : null);
  const manifest = cache.get(file);
  if (!manifest) return '';
  const base = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
  const exposed = manifest.exposes.find((entry) => entry.name === expose || entry.path === `./${expose}`);
  const e = escapeHtml;
  const p = priorityAttr(low);
  const links = [
    `<link rel="preload" href="${e(remote.entry)}" as="fetch" crossorigin="anonymous"${p} />`,
    `<link rel="preload" href="${e(`${base}${manifest.metaData.remoteEntry.path}${manifest.metaData.remoteEntry.name}`)}" as="script"${p} />`,
    ...(exposed?.assets.js.sync ?? []).map((chunk) => `<link rel="preload" href="${e(base + chunk)}" as="script"${p} />`),
    ...(shellProvides ? (manifest.shared ?? []).filter(({ name }) => !shellProvides.has(name)).flatMap(({ assets }) => assets.js.sync) : [])
      .filter((chunk, index, all) => all.indexOf(chunk) === index)
      .map((chunk) => `<link rel="preload" href="${e(base + chunk)}" as="script"${p} />`),
    ...(exposed?.assets.css.sync ?? []).map((sheet) => `<link rel="preload" href="${e(base + sheet)}" as="style" />`),
  ];
  return links.join('');
}

export async function registerSeo(app: FastifyInstance, shellDist: string, options: SeoOptions = {}): Promise<Prerender> {
  const routes = routesLoader(shellDist);
  const shellFirstLoad = shellFirstLoadLoader(shellDist);
  const fetchCms = cmsFetcher();
  const fetchHomeDiscovery = homeDiscoveryFetcher();
  const renderHomeFirstScreen = homeFirstScreenRenderer(() => remoteFolder(options, HOME_MODULE.split('/')[0] ?? ''), app.log);
  const renderShellHeader = shellHeaderRenderer(shellDist, app.log);
  const renderFirstScreen = firstScreenRenderer((container) => remoteFolder(options, container), app.log);
  const manifests = new Map<string, RemoteManifestFile | null>();
  const siteName = options.siteName ?? SITE;

  app.get('/robots.txt', async (request, reply) => {
    const origin = originOf(request, options).replace(/\/+$/, '');
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /v1/', 'Disallow: /api/', 'Disallow: /account/', 'Disallow: /libraries', 'Disallow: /debug/', '', `Sitemap: ${origin}/sitemap.xml`, ''];
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const loaded = routes();
    const origin = originOf(request, options);
    const aiPrefix = loaded?.file.aiPrefix ?? '/ai';
    const paths = [...new Set((loaded?.file.routes ?? []).filter((route) => route.indexable).map((route) => basePath(route.path)))];
    const urls = paths.map((p) => `<url><loc>${escapeHtml(canonicalOf(origin, aiPrefix, p))}</loc></url>`).join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  });

  // canonical URLs live under /ai; here the app is served at the root, so they land on their page
  app.get('/ai', async (request, reply) => reply.redirect(`/${request.url.slice(3).replace(/^\/?/, '')}`, 301));
  app.get('/ai/*', async (request, reply) => reply.redirect(request.url.slice(3), 301));

  return async (request, html) => {
    const loaded = routes();
    const pathname = decodeURIComponent((request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/');
    // the shell's own new-version check reads the page as /index.html: the page itself, not an unknown route
    if (!loaded || pathname === '/index.html') return { status: 200, html };
    const target = loaded.file.redirects[pathname] ?? pathname;
    const match = loaded.compiled.find(({ regex }) => regex.test(target))?.route ?? null;
    // a page that only shows an error page answers its status (the debug page's 500, not a 404 carrying a 500 page)
    const errorPage = loaded.file.errorPages?.find((page) => page.path === target);
    if (errorPage) {
      const meta: HeadMeta = { title: errorPage.title, description: '', keywords: '', canonical: canonicalOf(originOf(request, options), loaded.file.aiPrefix, target), noindex: true };
      return { status: errorPage.status, html: renderPage(html, meta, null, siteName) };
    }
    const visitor = isVisitor(request);
    // the CMS content is a visitor's, never a signed-in person's nor the side-app embed's (spec sections 4 and 6)
    const content = visitor && !isSideAppEmbed(request) ? await fetchCms(request, target) : null;
    // CMS content alone makes a page known only outside the route table's paths: under a route (/ai-tools/nope)
    // the CMS answers its parent's text, and that page is still unknown (404, as every other unknown path)
    const underRoute = loaded.compiled.some(({ route }) => route.path !== '/' && target.startsWith(`${basePath(route.path)}/`));
    const known = Boolean(match) || (Boolean(content) && !underRoute);
    const base = match ?? loaded.file.notFound;
    const meta: HeadMeta = {
      title: content?.tdk?.title || base.title,
      description: content?.tdk?.description || base.description,
      keywords: content?.tdk?.keywords ?? '',
      canonical: canonicalOf(originOf(request, options), loaded.file.aiPrefix, target),
      noindex: !known,
    };
    const blocks = content?.blocks
      ? { head: staticMarkup(content.blocks.head ?? ''), content: staticMarkup(content.blocks.content ?? ''), bottom: staticMarkup(content.blocks.bottom ?? '') }
      : null;
    let page = renderPage(html, meta, blocks, siteName);
    const home = match?.module === HOME_MODULE;
    // a visitor's home rows come with the page (a signed-in person's answers are their own: fetched as before)
    const discovery = home && visitor ? await fetchHomeDiscovery(request) : null;
    // the remote's own hero, rendered by its server build and placed where it will be; the remote's Hero removes it
    // when it mounts (and, for a visitor, the Trending row after it, whose first picture is the phone's largest paint)
    if (home) {
      const prerendered = renderHomeFirstScreen(discovery, options.apiBase);
      page = page.replace(/(<div id="root"><\/div>)/, `$1${prerendered}${discovery ? homeDiscoveryBlock(discovery) : ''}`);
    }
    // any other route: its module's first screen when its remote's version ships one (visitors only); its page removes
    // it when it mounts. `picture`: its largest paint, a picture (the shell starts after it is painted)
    let picture = discovery?.trending?.list.length ? HOME_FIRST_PICTURE : null;
    if (match && !home && visitor) {
      const screen = await renderFirstScreen(match, target, request, options.apiBase);
      picture = firstScreenPicture(screen.html);
      // with the answers it shows, so the remote starts from them (a function: a `$` in the markup is no pattern)
      const markup = screen.html + (screen.data ? firstScreenDataBlock(screen.data) : '');
      if (markup) page = page.replace('<div id="root"></div>', (root) => `${root}${markup}`);
    }
    // a visitor's page has its header in the HTML (the stylesheet alone where the route has no chrome): its menu and
    // links work before any script (a signed-in person's credits and account are their own: drawn by the shell)
    if (match && visitor) {
      const nonce = /<script\b[^>]*\bnonce="([^"]+)"/.exec(page)?.[1];
      const header = renderShellHeader(target, nonce);
      if (header) page = page.replace(/(<div id="root"><\/div>)/, `${header}$1`);
    }
    const firstLoad = shellFirstLoad();
    // a route of the table: its page loads the shell's start-up scripts and its remote (an unknown path gets neither)
    const hints = match
      ? (firstLoad ? shellScriptHints(firstLoad.scripts, picture !== null) : '') +
        (discovery ? trendingImageHints(discovery, options.apiBase) : '') +
        preloadHints(options, match.module, manifests, firstLoad?.shared ?? null, picture !== null) +
        (options.remotes ? inlineRemotesList(options.remotes()) : '')
      : '';
    // after the shell's main script, so the browser asks for main.js first and these next
    if (hints) page = MAIN_SCRIPT.test(page) ? page.replace(MAIN_SCRIPT, `$1${hints}`) : page.replace(/(<meta charset="[^"]*" ?\/?>)/i, `$1${hints}`);
    if (picture) page = startShellAfterFirstPicture(page, MAIN_SCRIPT, picture);
    return { status: known ? 200 : 404, html: page };
  };
}
