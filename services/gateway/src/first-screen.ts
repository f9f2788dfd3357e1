/**
 * A route's first screen in a visitor's first HTML (issue 25), from its remote's own components: a remote's build may
 * bundle the first screen of a module it exposes for Node into its versioned folder (shared-contracts/first-load's
 * `firstScreenFile(module)`, a FirstScreenModule), and this renders the one of the route's module for the version the
 * page loads. Each file is loaded once per remote version (its folder is versioned) and its markup kept per input
 * (path, props, API base, and the answers of its calls: nothing of the request's own); a file that is missing, does
 * not load or throws gives the page as before (the remote renders its first screen in the browser), and says so once
 * in the log. A module may ask for API answers (`firstScreenCalls`, e.g. the AI tools' previews): they are asked
 * through the app itself as a visitor, kept briefly, and waited for at most FIRST_SCREEN_DATA_WAIT_MS.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ApiEnvelope, SeoRoute } from 'shared-contracts';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID, firstScreenFile, type FirstScreenData, type FirstScreenInput, type FirstScreenModule } from 'shared-contracts/first-load';
import { loadServerBundle } from './server-bundle.js';

/** markups kept (a visitor's pages are the route table's, with their optional parameters: a few hundred) */
const CACHED_MARKUPS = 500;
/** How long an answer is reused as it is (every visitor gets the same one). */
const FIRST_SCREEN_DATA_CACHE_MS = 30_000;
/** Past that, an answer up to this old is still served at once while it is asked again behind the page. */
const FIRST_SCREEN_DATA_STALE_MS = 10 * 60_000;
/** The longest a page waits for its first screen's answers: past it the page goes without them (the remote asks itself). */
const FIRST_SCREEN_DATA_WAIT_MS = 400;

interface Answer {
  at: number;
  data: unknown;
  /** which answer this is, for the markup kept with it */
  seq: number;
}

/**
 * A GET call of the app itself, as a visitor (no cookie), for a first screen (/home's discovery calls too): its
 * answer's data, or undefined when it failed.
 */
export async function callData<T = unknown>(request: FastifyRequest, url: string): Promise<T | undefined> {
  try {
    const response = await request.server.inject({ method: 'GET', url, headers: { 'x-trace-id': String(request.id) } });
    if (response.statusCode !== 200) return undefined;
    const body = response.json() as ApiEnvelope<T>;
    return body.code === 0 ? body.data : undefined;
  } catch (error) {
    request.log.warn({ err: error, url }, 'prerender: a first-screen call failed');
    return undefined;
  }
}

/** The answers of `urls`, each fetched at most once per FIRST_SCREEN_DATA_CACHE_MS, one fetch at a time per call. */
export function firstScreenAnswers(options: { now?: () => number; waitMs?: number } = {}) {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? FIRST_SCREEN_DATA_WAIT_MS;
  const cached = new Map<string, Answer>();
  const pending = new Map<string, Promise<Answer | undefined>>();
  let seq = 0;
  const fetchOne = (request: FastifyRequest, url: string): Promise<Answer | undefined> => {
    let running = pending.get(url);
    if (!running) {
      running = callData(request, url)
        .then((data) => {
          if (data === undefined) return undefined;
          // a failed call is asked again on the next visit rather than kept
          const answer = { at: now(), data, seq: ++seq };
          cached.set(url, answer);
          return answer;
        })
        .finally(() => pending.delete(url));
      pending.set(url, running);
    }
    return running;
  };
  const one = async (request: FastifyRequest, url: string): Promise<Answer | undefined> => {
    const hit = cached.get(url);
    const age = hit ? now() - hit.at : Infinity;
    if (hit && age < FIRST_SCREEN_DATA_CACHE_MS) return hit;
    const running = fetchOne(request, url);
    if (hit && age < FIRST_SCREEN_DATA_STALE_MS) return hit;
    const answered = new AbortController();
    const late = delay(waitMs, undefined, { signal: answered.signal }).catch(() => undefined);
    try {
      return await Promise.race([running, late]);
    } finally {
      answered.abort();
    }
  };
  return async (request: FastifyRequest, urls: string[]): Promise<{ data: FirstScreenData; key: string }> => {
    const answers = await Promise.all(urls.map((url) => one(request, url)));
    const data: FirstScreenData = {};
    answers.forEach((answer, index) => {
      if (answer) data[urls[index] as string] = answer.data;
    });
    return { data, key: answers.map((answer) => answer?.seq ?? 0).join(',') };
  };
}

/**
 * The CSS selector of a rendered first screen's largest paint when it is a picture: the one it loads at high
 * priority (ui-kit's pictureLoading: /ai-tools', /explore's, /effect's first cards); null when it has none.
 */
export function firstScreenPicture(html: string): string | null {
  return /<img [^>]*fetchPriority="high"/.test(html) ? `#${FIRST_SCREEN_PRERENDER_ID} img[fetchpriority=high]` : null;
}

/** The answers as a JSON data block (escaped so nothing in them can close the element). */
export function firstScreenDataBlock(data: FirstScreenData): string {
  return `<script id="${FIRST_SCREEN_DATA_ID}" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** Only paths of this origin (`/v1/...`), never another host. */
function ownPath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

/**
 * `folderOf(container)` names the folder of the version of a remote that pages load (null: none on this machine, as for
 * a remote served from another origin). Answers the route's first screen for `pathname`, or '' when there is none.
 */
export function firstScreenRenderer(folderOf: (container: string) => string | null, log: FastifyBaseLogger, answersOf = firstScreenAnswers()) {
  const modules = new Map<string, FirstScreenModule | null>();
  /**
   * each input's latest markup, the answers it was rendered with (by which answer each is) and whether it could use
   * them: a newer answer replaces it (one per input, not one per answer: the answers change every
   * FIRST_SCREEN_DATA_CACHE_MS, and markups kept per answer grew by a page's markup each time until the cap)
   */
  const markups = new Map<string, { answers: string; html: string; withData: boolean }>();
  /** the calls each input asks for (a module names them from its input alone) */
  const callsOf = new Map<string, string[]>();
  const renderOnce = (mod: FirstScreenModule, input: FirstScreenInput, file: string): string => {
    try {
      const html = mod.firstScreenHtml(input);
      return typeof html === 'string' ? html : '';
    } catch (error) {
      log.warn({ err: error, file, path: input.pathname }, 'prerender: a first screen did not render');
      return '';
    }
  };
  const moduleAt = (file: string): FirstScreenModule | null => {
    if (!modules.has(file)) {
      let mod: FirstScreenModule | null = null;
      // most modules have no first screen of their own: no file is the ordinary case, not worth a warning
      if (existsSync(file)) {
        try {
          const exported = loadServerBundle(file) as Partial<FirstScreenModule>;
          if (typeof exported.firstScreenHtml === 'function') mod = exported as FirstScreenModule;
          else log.warn({ file }, 'prerender: a first-screen file without firstScreenHtml');
        } catch (error) {
          log.warn({ err: error, file }, 'prerender: a first-screen file did not load');
        }
      }
      modules.set(file, mod);
    }
    return modules.get(file) ?? null;
  };
  /**
   * The route's first screen for `pathname` ('' when there is none), and the answers it was rendered with (for the
   * page's data block; absent when it asked for none or got none).
   */
  return async (route: Pick<SeoRoute, 'module' | 'props' | 'chrome'>, pathname: string, request: FastifyRequest, apiBase = ''): Promise<{ html: string; data?: FirstScreenData }> => {
    const container = route.module.split('/')[0] ?? '';
    const folder = folderOf(container);
    if (!folder) return { html: '' };
    let file: string;
    try {
      file = path.join(folder, firstScreenFile(route.module));
    } catch {
      return { html: '' };
    }
    const mod = moduleAt(file);
    if (!mod) return { html: '' };
    const input = { pathname, props: route.props ?? {}, apiBase, ...(route.chrome === false ? { chrome: false } : {}) };
    const base = JSON.stringify([file, pathname, input.props, apiBase, route.chrome !== false]);
    let calls = callsOf.get(base);
    if (!calls) {
      try {
        const asked: unknown = mod.firstScreenCalls?.(input) ?? [];
        calls = Array.isArray(asked) ? asked.filter(ownPath) : [];
      } catch (error) {
        log.warn({ err: error, file, path: pathname }, 'prerender: a first screen did not name its calls');
        calls = [];
      }
      if (callsOf.size >= CACHED_MARKUPS) callsOf.clear();
      callsOf.set(base, calls);
    }
    const answers = calls.length ? await answersOf(request, calls) : null;
    const data = answers && Object.keys(answers.data).length ? answers.data : undefined;
    // the markup is kept per input (the same path and props) while its answers are the same (by which answer each is)
    const answersKey = answers?.key ?? '';
    let kept = markups.get(base);
    if (kept?.answers !== answersKey) {
      const html = data ? renderOnce(mod, { ...input, data }, file) : '';
      // answers the screen could not render with (not shaped as the contract says): the screen without them
      kept = html ? { answers: answersKey, html, withData: true } : { answers: answersKey, html: renderOnce(mod, input, file), withData: false };
      if (!markups.has(base) && markups.size >= CACHED_MARKUPS) markups.clear();
      markups.set(base, kept);
    }
    return kept.html && kept.withData && data ? { html: kept.html, data } : { html: kept.html };
  };
}
