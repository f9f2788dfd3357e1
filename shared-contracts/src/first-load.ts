/**
 * What the shell's build tells the gateway about the first load (an entry of its own, `shared-contracts/first-load`,
 * read at build and serve time only, so it is not part of the shared main entry the browser loads).
 */

/** Written by the shell build beside index.html: the shared modules the shell itself provides and its first scripts. */
export const SHELL_PROVIDES_FILE = 'shell-provides.json';

export interface ShellProvidesFile {
  /**
   * Share keys the shell provides (react, react-dom, react-router, ...). A remote's other shared modules
   * (swr, dayjs, ...) come from the remote's own chunks, which the gateway can preload for the landing route.
   */
  shared: string[];
  /**
   * The shell's scripts every page loads right after main.js (the start-up chunk and the chunks of the
   * shared modules it provides), file names relative to the shell's public path. The gateway preloads them
   * so they download beside main.js instead of one round trip after it.
   */
  scripts: string[];
}

/**
 * id of the `<script type="application/json">` element in which the gateway writes the remotes list (what
 * /remotes.json answers) into the page, so the shell's start needs no round trip for it.
 */
export const INLINE_REMOTES_LIST_ID = 'remotes-list';

/**
 * id of the home hero's copy the gateway writes into /home's first HTML (`shared-contracts/home-hero`): the Hero
 * removes it when it mounts, the shell when the path changes first (so it never lingers over another page).
 */
export const HOME_HERO_PRERENDER_ID = 'home-hero-prerender';

/**
 * The shell's header in a page's first HTML (issue 25: the first working click): the shell's build bundles its
 * header components for Node into this file of shell/dist, and the gateway writes their markup into every page of
 * a route with the shell's layout, before `#root`, so the menu, the logo and the menu's links work before any
 * script has run. The shell's own header replaces it, in the same frame, when it mounts.
 */
export const SHELL_HEADER_FILE = 'server/shell-header.cjs';

/** id of the header's copy in the first HTML (the drawer's copy is inside it, `SHELL_DRAWER_PRERENDER_ID`). */
export const SHELL_HEADER_PRERENDER_ID = 'shell-header-prerender';
/** id of the phone menu's copy; a tap on the copy's menu button opens it before the shell runs. */
export const SHELL_DRAWER_PRERENDER_ID = 'shell-drawer-prerender';

/** What SHELL_HEADER_FILE exports (CommonJS). */
export interface ShellHeaderModule {
  /**
   * The header (phone and wider screens told apart by media queries, so one markup fits both) with the phone
   * menu closed, as a visitor sees it at `pathname` (its item marked current in the menu), in an element of id
   * SHELL_HEADER_PRERENDER_ID, with its stylesheet (`html`); and the body of the script that opens and closes the
   * menu's copy (`script`), which the gateway places after it in a script element carrying the page's nonce. On a
   * route the shell shows without its header (the template browser), the page's stylesheet alone and no script.
   */
  shellHeaderHtml(pathname: string): { html: string; script: string };
}

/**
 * A route's first screen in a visitor's first HTML, from the remote's own components (issue 25): a remote's build
 * may bundle, for Node, the first screen of any module it exposes into its versioned folder, at
 * `firstScreenFile(module)`; the gateway loads the one of the route's module (seo-routes.json's `module`) for the
 * version the page loads and writes its markup after `#root`. The module's component removes the copy
 * (FIRST_SCREEN_PRERENDER_ID) when it mounts, in the frame it is first drawn in; the shell removes it when the
 * path changes first. /home's own file (shared-contracts/home-discovery's HOME_FIRST_SCREEN_FILE) predates this.
 */
export const FIRST_SCREEN_DIR = 'server/first-screen';

/** The file of a module's first screen in its remote's versioned folder (`remote_create/CreateScreen` -> `server/first-screen/CreateScreen.cjs`). */
export function firstScreenFile(module: string): string {
  const expose = module.slice(module.indexOf('/') + 1);
  if (!/^[A-Za-z][\w-]*$/.test(expose)) throw new Error(`not an exposed module's name: ${module}`);
  return `${FIRST_SCREEN_DIR}/${expose}.cjs`;
}

/** id of the first screen's copy in the first HTML (one a page). */
export const FIRST_SCREEN_PRERENDER_ID = 'first-screen-prerender';
/** attribute of the copy naming the path it was rendered for (the shell keeps it through a redirect to that path) */
export const FIRST_SCREEN_PATH_ATTR = 'data-first-screen-path';

/** What the gateway gives a first screen's renderer: the page's path, the route's props, the API base for media. */
export interface FirstScreenInput {
  /** the path the visitor asked for (after the route table's redirects) */
  pathname: string;
  /** the props the shell renders the route's module with (seo-routes.json's `props`; {} when it has none) */
  props: Record<string, unknown>;
  /** where the shell's API client points relative media paths (empty: the page's origin) */
  apiBase: string;
  /**
   * false: the shell shows the route without its header and menu (seo-routes.json's `chrome`, as the template
   * browser), so the copy takes the whole window; absent or true: the copy sits in the layout's route area.
   */
  chrome?: boolean;
  /**
   * The answers of the calls the module asked for (`firstScreenCalls`), a visitor's, by the call's path: each the data
   * of a successful answer; a call that failed or did not answer in time is left out (then the screen renders as it
   * does before its data arrives). Absent when the module asks for none.
   */
  data?: FirstScreenData;
}

/** Answers of a first screen's calls: the `data` of each successful answer, by the call's path and query (`/v1/ai/tools/previews`). */
export type FirstScreenData = Record<string, unknown>;

/**
 * id of the `<script type="application/json">` the gateway writes a first screen's FirstScreenData into, so the
 * module's component starts from the same answers and does not ask for them again.
 */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** What a first screen's file exports (CommonJS). */
export interface FirstScreenModule {
  /**
   * The module's first screen as a visitor sees it, with its stylesheet, in an element of id
   * FIRST_SCREEN_PRERENDER_ID (FIRST_SCREEN_PATH_ATTR: `pathname`) placed where the route's page will be; '' when it has none for this input. The same
   * input always gives the same markup (the gateway keeps it).
   */
  firstScreenHtml(input: FirstScreenInput): string;
  /**
   * The GET calls of the product API (path and query) whose answers the first screen shows, for `input`: the gateway
   * makes them as a visitor, keeps the answers briefly (every visitor gets the same ones), waits a bounded time for
   * them, and gives them as `input.data` and to the page (FIRST_SCREEN_DATA_ID). Absent: none.
   */
  firstScreenCalls?(input: Omit<FirstScreenInput, 'data'>): string[];
}
