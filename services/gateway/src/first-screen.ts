/**
 * A route's first screen in a visitor's first HTML (issue 25), from its remote's own components: a remote's build may
 * bundle the first screen of a module it exposes for Node into its versioned folder (shared-contracts/first-load's
 * `firstScreenFile(module)`, a FirstScreenModule), and this renders the one of the route's module for the version the
 * page loads. Each file is loaded once per remote version (its folder is versioned) and its markup kept per input
 * (path, props, API base: nothing of the request's own); a file that is missing, does not load or throws gives the
 * page as before (the remote renders its first screen in the browser), and says so once in the log.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SeoRoute } from 'shared-contracts';
import { firstScreenFile, type FirstScreenModule } from 'shared-contracts/first-load';

/** markups kept (a visitor's pages are the route table's, with their optional parameters: a few hundred) */
const CACHED_MARKUPS = 500;

/**
 * `folderOf(container)` names the folder of the version of a remote that pages load (null: none on this machine, as for
 * a remote served from another origin). Answers the route's first screen for `pathname`, or '' when there is none.
 */
export function firstScreenRenderer(folderOf: (container: string) => string | null, log: FastifyBaseLogger) {
  const modules = new Map<string, FirstScreenModule | null>();
  const markups = new Map<string, string>();
  const moduleAt = (file: string): FirstScreenModule | null => {
    if (!modules.has(file)) {
      let mod: FirstScreenModule | null = null;
      // most modules have no first screen of their own: no file is the ordinary case, not worth a warning
      if (existsSync(file)) {
        try {
          const exported = createRequire(file)(file) as Partial<FirstScreenModule>;
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
  return (route: Pick<SeoRoute, 'module' | 'props'>, pathname: string, apiBase = ''): string => {
    const container = route.module.split('/')[0] ?? '';
    const folder = folderOf(container);
    if (!folder) return '';
    let file: string;
    try {
      file = path.join(folder, firstScreenFile(route.module));
    } catch {
      return '';
    }
    const mod = moduleAt(file);
    if (!mod) return '';
    const props = route.props ?? {};
    const key = JSON.stringify([file, pathname, props, apiBase]);
    let html = markups.get(key);
    if (html === undefined) {
      try {
        html = mod.firstScreenHtml({ pathname, props, apiBase });
        if (typeof html !== 'string') html = '';
      } catch (error) {
        // kept as none: the same input would throw again on every visit
        log.warn({ err: error, file, path: pathname }, 'prerender: a first screen did not render');
        html = '';
      }
      if (markups.size >= CACHED_MARKUPS) markups.clear();
      markups.set(key, html);
    }
    return html;
  };
}
