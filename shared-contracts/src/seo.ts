/**
 * What the shell's build hands the gateway for prerendering (shell/dist/seo-routes.json): every route of
 * the route table with its metadata, the redirects and the not-found metadata, so the HTML a crawler gets
 * names the same title and description the client sets (spec section 2, canonical under the /ai prefix).
 */
export interface SeoRoute {
  /** react-router pattern, e.g. /text-to-video/:semantic? */
  path: string;
  title: string;
  description: string;
  /** listed in sitemap.xml (public pages without required parameters) */
  indexable: boolean;
  /** the federated module the route renders (remote_explore/HomePage): the gateway preloads its remote */
  module: string;
  /** rendered inside the shell's layout (header, menu); absent in files written before 2.13.0 (read as true) */
  chrome?: boolean;
  /** the props the shell renders the module with (`{ mode: 'text-to-video' }`); absent in files before 2.14.0 and for a module without props */
  props?: Record<string, unknown>;
}

export interface SeoRoutesFile {
  aiPrefix: string;
  routes: SeoRoute[];
  redirects: Record<string, string>;
  notFound: { title: string; description: string };
  /** pages that only show an error page, with its status (the debug route's 500), answered with that status */
  errorPages?: { path: string; status: number; title: string }[];
}

export const SEO_ROUTES_FILE = 'seo-routes.json';
/** The element the gateway puts a visitor's prerendered CMS blocks in; the shell adopts them into its slots. */
export const PRERENDER_CONTENT_ID = 'seo-prerender-content';
export const PRERENDER_BOTTOM_ID = 'seo-prerender-bottom';
/**
 * A CMS block's scripts in the first HTML carry this type, so the browser leaves them alone (they have no
 * CSP nonce); the shell re-creates them as scripts with the page's nonce when it adopts the blocks. Their
 * original type, if any, is kept in PRERENDER_SCRIPT_TYPE_ATTR.
 */
export const PRERENDER_SCRIPT_TYPE = 'text/x-cms-script';
export const PRERENDER_SCRIPT_TYPE_ATTR = 'data-cms-type';
